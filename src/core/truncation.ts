/**
 * The queue cap K of families whose queues are unbounded: the optional
 * parameter `K` (an arrival to a full queue is lost) and the truncation view
 * over it: the user's K, or the engine's search from `initialK`, which needs a
 * stable chain (`unstable` says why it is not; ctmc/truncation/truncation-search.ts then
 * refuses the automatic K in one line); and where the automatic K starts
 * (firstK) and where a projection chain's queues end (tailK).
 */
import type { TruncationView } from './model.ts';
import { DEFAULT_BOUNDARY_TOLERANCE } from './numerical-policy.ts';
import { intParam, optional } from './params.ts';

export const capParam = optional(
  intParam(`queue length cap K; an arrival to a full queue is lost (default: automatic, boundary mass < ${DEFAULT_BOUNDARY_TOLERANCE})`, { min: 1 }),
);

export type Capped = { K: number | undefined };

/** The search: where K starts and grows, why it must not run, (projectionK) the cap of the chain a projection explores, and the largest K the codes hold. */
export type CapSearch<P> = Pick<TruncationView<P>, 'initialK' | 'nextK' | 'unstable' | 'largestK'> & { projectionK?: (p: P) => number };

export function capTruncation<P extends Capped>({ projectionK, ...search }: CapSearch<P>): TruncationView<P> {
  const withK = (p: P, K: number): P => ({ ...p, K });
  return { fixedK: (p) => p.K, withK, ...search, ...(projectionK ? { projection: (p: P) => withK(p, projectionK(p)) } : {}) };
}

/**
 * The smallest K in 1..maxK whose estimated boundary mass N * tail(K) is at most
 * `tolerance` (maxK when none is): a first K for the automatic truncation.
 */
export function firstK(N: number, tail: (K: number) => number, tolerance: number, maxK: number): number {
  for (let K = 1; K < maxK; K++) if (N * tail(K) <= tolerance) return K;
  return maxK;
}

/** Boundary mass the projection chain's cap (tailK) is chosen for: far below any tolerance. */
const NEGLIGIBLE = 1e-15;

/**
 * The queue cap of a family's projection chain (TruncationView.projection): the
 * smallest K with N rho^K <= 1e-15 (N geometric queues of load rho; a guide for
 * where the tail surely ends, not a bound), at most maxK (the codes' limit).
 * When it is too short the states at K stay on the frontier and the search
 * reports that it cannot grow.
 */
export function tailK(N: number, rho: number, maxK: number): number {
  if (!(rho < 1)) return maxK;
  return Math.max(1, Math.min(maxK, Math.ceil(Math.log(NEGLIGIBLE / N) / Math.log(rho))));
}
