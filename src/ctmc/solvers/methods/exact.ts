/** `--method exact`: the stationary law in rationals, certain (exact.ts). */
import { POLICY } from '../../../core/numerical-policy.ts';
import { bigRatioToNumber } from '../../../core/rational.ts';
import { bandOf, eliminationCost } from '../band.ts';
import { DEFAULT_RULE } from '../convergence.ts';
import { solveExact } from '../exact.ts';
import { tooLarge, type Law, type Solver, type SolverInput } from '../solver.ts';

/** The exact law, given up (ExactBudgetExceeded) past maxSeconds if given. */
export function exactLaw(input: SolverInput, maxSeconds?: number): Law<'exact'> {
  const { def, g } = input.exact();
  const solution = solveExact(g, bandOf(g), {
    maxSeconds,
    onProgress: (k, bits) => input.onProgress?.(`exact: ${k} steps, ${bits} bits`),
  });
  const pi = Float64Array.from(solution.numerators, (a) => bigRatioToNumber(a, solution.total));
  return { method: 'exact', pi, residual: 0, residualNorm: DEFAULT_RULE.norm, iterations: 0, converged: true, exact: { solution, def, codes: g.codes } };
}

export const exactSolver: Solver<'exact'> = {
  description: 'exact rationals by banded GTH modulo a prime, p-adic lifting and rational reconstruction, pi Q = 0 checked in bigints',
  law(input) {
    const { g } = input;
    const cost = eliminationCost(g.n, bandOf(g));
    if (cost > POLICY.exactCost.value || g.n > POLICY.exactStates.value) throw tooLarge('exact', g.n, cost, POLICY.exactCost.value);
    return exactLaw(input);
  },
};
