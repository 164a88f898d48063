/**
 * JSQ(d) and JSQ as ordered-queue systems for P2's coupling (Prop. 3.5, THEORY
 * section 4), driven by src/coupling/ordered-queues.ts. An arrival carries d
 * common uniforms: JSQ(d) samples d servers with them (distinct ones by a partial
 * Fisher-Yates over the ordered positions, or with replacement one position per
 * uniform: support/sampling.ts) and joins the shortest sampled one;
 * JSQ joins position 0, a shortest queue. Ties among equal queues need no rule:
 * the state is the multiset of lengths.
 */
import { type CoupledSystem, orderedQueues, type QueueEvent, type QueueState, type Uniform, uniformIndex } from 'lbcheck';
import { drawServers, type Sampling } from '../support/sampling.ts';

/**
 * Position of the shortest of d = picks.length servers drawn with the uniforms
 * `picks` (support/sampling.ts, from the identity order each time, so the
 * draws are a function of the picks alone); `drawn` holds the positions after.
 */
export function sampledShortest(sampling: Sampling, picks: readonly Uniform[], N: number, pool: Int32Array, drawn: Int32Array): number {
  for (let i = 0; i < N; i++) pool[i] = i;
  drawServers(sampling, N, picks.length, (m, k) => uniformIndex(picks[k], m), pool, drawn);
  let best = N;
  for (let k = 0; k < picks.length; k++) if (drawn[k] < best) best = drawn[k];
  return best;
}

export function jsqOrdered(N: number): CoupledSystem<QueueEvent, QueueState> {
  return orderedQueues('JSQ', N, () => 0);
}

export function jsqDOrdered(N: number, d: number, sampling: Sampling): CoupledSystem<QueueEvent, QueueState> {
  if (!Number.isInteger(d) || d < 1 || (sampling === 'without' && d > N))
    throw new RangeError(`d must be an integer >= 1 (<= N = ${N} without replacement), got ${d}`);
  const pool = new Int32Array(N);
  const drawn = new Int32Array(d);
  return orderedQueues(sampling === 'with' ? `JSQ(${d}) with replacement` : `JSQ(${d})`, N, (picks, log) => {
    if (picks.length !== d) throw new RangeError(`an arrival of JSQ(${d}) needs ${d} uniforms, got ${picks.length}`);
    const k = sampledShortest(sampling, picks, N, pool, drawn);
    log?.push(`samples positions ${Array.from(drawn, (i) => i + 1).join(',')}`);
    return k;
  });
}
