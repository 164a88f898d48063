/**
 * The queue cap K of families whose queues are unbounded: the optional
 * parameter `K` (an arrival to a full queue is lost) and the truncation view
 * over it: the user's K, or the engine's search from `initialK`, which needs a
 * stable chain (`unstable` says why it is not; ctmc/truncation-search.ts then
 * refuses the automatic K in one line).
 */
import type { TruncationView } from './model.ts';
import { intParam, optional } from './params.ts';

export const capParam = optional(
  intParam('queue length cap K; an arrival to a full queue is lost (default: automatic, boundary mass < 1e-12)', { min: 1 }),
);

export type Capped = { K: number | undefined };

export function capTruncation<P extends Capped>(search: Pick<TruncationView<P>, 'initialK' | 'nextK' | 'unstable'>): TruncationView<P> {
  return { requestedK: (p) => p.K, withK: (p, K) => ({ ...p, K }), ...search };
}
