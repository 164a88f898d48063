/** `--method iterative`: multilevel aggregation/disaggregation to the convergence rule (iterative.ts), for chains of any size. */
import { solveIterative } from '../iterative.ts';
import type { Solver } from '../solver.ts';

export const iterativeSolver: Solver<'iterative'> = {
  description: 'multilevel aggregation/disaggregation with iterant recombination in float64, to the convergence tolerance, at any size',
  law(input) {
    const r = solveIterative(input.g, {
      tolerance: input.tolerance,
      maxIterations: input.maxIterations,
      initial: input.initial,
      hierarchy: input.hierarchy,
      onProgress: (it, res) => input.onProgress?.(`iteration ${it}: residual ${res.toExponential(2)}`),
    });
    const { pi, residual, residualNorm, iterations, converged, errorEstimate, lastCycle, hierarchy } = r;
    return { method: 'iterative', pi, residual, residualNorm, iterations, converged, errorEstimate, lastCycle, hierarchy };
  },
};
