/** `--method gth`: Grassmann-Taksar-Heyman elimination in float64 (gth.ts), its residual checked by the convergence rule. */
import { POLICY } from '../../../core/numerical-policy.ts';
import { bandOf, eliminationCost } from '../band.ts';
import { jacobiResidual, meetsRule, ruleWith } from '../convergence.ts';
import { solveGth } from '../gth.ts';
import { tooLarge, type Solver } from '../solver.ts';

export const gthSolver: Solver<'gth'> = {
  description: 'Grassmann-Taksar-Heyman elimination on the band in float64, with no subtractions (small probabilities keep their precision)',
  law({ g, tolerance }) {
    const band = bandOf(g);
    const cost = eliminationCost(g.n, band);
    if (cost > POLICY.gthCost.value) throw tooLarge('gth', g.n, cost, POLICY.gthCost.value);
    const pi = solveGth(g, band);
    if (!pi) throw new Error('GTH met a zero pivot on an irreducible chain');
    const rule = ruleWith(tolerance);
    const r = jacobiResidual(g, pi);
    return { method: 'gth', pi, residual: r, residualNorm: rule.norm, iterations: 0, converged: meetsRule(rule, r) };
  },
};
