/**
 * JSQ(d) and JSQ as ordered-queue systems for P2's coupling (Prop. 3.5, THEORY
 * section 4), driven by src/coupling/ordered-queues.ts. An arrival carries d
 * common uniforms: JSQ(d) samples d distinct servers with them (partial
 * Fisher-Yates over the ordered positions) and joins the shortest sampled one;
 * JSQ joins position 0, a shortest queue. Ties among equal queues need no rule:
 * the state is the multiset of lengths.
 */
import type { CoupledSystem } from '../../src/coupling/coupled-run.ts';
import { orderedQueues, type QueueEvent, type QueueState } from '../../src/coupling/ordered-queues.ts';
import { uniformIndex, type Uniform } from '../../src/coupling/trace.ts';

/** Position of the shortest of d = picks.length distinct servers drawn from `picks`; `scratch` holds the draws after. */
export function sampledShortest(picks: readonly Uniform[], N: number, scratch: Int32Array): number {
  for (let i = 0; i < N; i++) scratch[i] = i;
  let best = N;
  for (let j = 0; j < picks.length; j++) {
    const i = j + uniformIndex(picks[j], N - j);
    const chosen = scratch[i];
    scratch[i] = scratch[j];
    scratch[j] = chosen;
    if (chosen < best) best = chosen;
  }
  return best;
}

export function jsqOrdered(N: number): CoupledSystem<QueueEvent, QueueState> {
  return orderedQueues('JSQ', N, () => 0);
}

export function jsqDOrdered(N: number, d: number): CoupledSystem<QueueEvent, QueueState> {
  if (!Number.isInteger(d) || d < 1 || d > N) throw new RangeError(`d must be an integer in 1..N = ${N}, got ${d}`);
  const scratch = new Int32Array(N);
  return orderedQueues(`JSQ(${d})`, N, (picks, log) => {
    if (picks.length !== d) throw new RangeError(`an arrival of JSQ(${d}) needs ${d} uniforms, got ${picks.length}`);
    const k = sampledShortest(picks, N, scratch);
    log?.push(`samples positions ${Array.from(scratch.subarray(0, d), (i) => i + 1).join(',')}`);
    return k;
  });
}
