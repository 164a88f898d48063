/**
 * When a float stationary law counts as converged: one rule for every float
 * solver (the iterative driver, its single dense solve, the recombination's
 * acceptance bound, GTH).
 *
 * pi sums to 1, q_j is the exit rate of state j. The residual is measured by the
 * Jacobi correction
 *   d_j = (pi Q)_j / q_j = (sum_{i != j} pi_i q_ij) / q_j - pi_j,
 * how far one Jacobi step would move pi_j, in the L1 norm ||d||_1. It is in the
 * units of ||pi - pi*||_1 (which bounds every metric: |E f - E* f| <= max|f|
 * ||pi - pi*||_1), and it is scale-free: multiplying every rate by c leaves pi and
 * d unchanged. (The absolute max_j |(pi Q)_j| used before scales with c, so a
 * slow chain stopped early and was called converged.)
 *
 * Converged: ||d||_1 <= tolerance and, where the solver estimates its error
 * ||pi - pi*||_1, the estimate <= tolerance (a small residual of a slowly mixing
 * chain is no small error).
 */
import { DEFAULT_SOLVER_TOLERANCE } from '../../core/numerical-policy.ts';
import { exitRates, type SparseGenerator } from '../explore/generator.ts';

/** The residual norm, as data (one today), and its formula for the evidence. */
export const RESIDUAL_NORMS = { 'jacobi-l1': 'sum_j |(pi Q)_j| / q_j (pi sums to 1, q_j the exit rate)' } as const;
export type ResidualNorm = keyof typeof RESIDUAL_NORMS;

export interface ConvergenceRule {
  readonly norm: ResidualNorm;
  /** Bound on the residual in `norm` and on the estimated ||pi - pi*||_1. */
  readonly tolerance: number;
}

export const DEFAULT_RULE: ConvergenceRule = { norm: 'jacobi-l1', tolerance: DEFAULT_SOLVER_TOLERANCE };

/** The default rule with the caller's tolerance, if any (> 0). */
export function ruleWith(tolerance: number | undefined): ConvergenceRule {
  if (tolerance === undefined) return DEFAULT_RULE;
  if (!(tolerance > 0)) throw new RangeError(`a convergence tolerance must be > 0, got ${tolerance}`);
  return { ...DEFAULT_RULE, tolerance };
}

/** Whether a residual (in the rule's norm) and an optional error estimate meet the rule; NaN never does. */
export function meetsRule(rule: ConvergenceRule, residual: number, errorEstimate?: number): boolean {
  return residual <= rule.tolerance && (errorEstimate === undefined || errorEstimate <= rule.tolerance);
}

/** ||d||_1 of a law pi (summing to 1) of a float generator, from its transitions. */
export function jacobiResidual(g: SparseGenerator<number>, pi: Float64Array, exit: Float64Array = exitRates(g)): number {
  const flow = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) {
    const p = pi[i];
    flow[i] -= p * exit[i];
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) flow[g.col[k]] += p * g.rate[k];
  }
  let s = 0;
  for (let j = 0; j < g.n; j++) s += Math.abs(flow[j]) / exit[j];
  return s;
}
