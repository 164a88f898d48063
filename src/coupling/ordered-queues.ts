/**
 * Ordered-queue systems for couplings of queue-joining policies [P2]. Servers are
 * exchangeable, so a state is the vector of queue lengths sorted nondecreasing;
 * position k (0-based) is the (k+1)-th shortest queue. A policy is a rule that
 * picks the position an arrival joins from the arrival's common uniforms
 * (models/jsq-d/coupling.ts: JSQ(d) and JSQ).
 *
 *   arrival:   common epoch; each system joins the position its policy picks.
 *   departure: uniformised at rate N in every system; a common uniform picks an
 *              ordered position k and the k-th shortest queue of each system loses
 *              a job if it has one (P2's departure coupling of ordered servers).
 *
 * P2 Prop. 3.5 compares Q_i = number of servers with at least i jobs, and Delta(t),
 * the arrivals the two systems assign differently; both readings of "differently"
 * are counted: to queues of different lengths, or to different ordered positions.
 */
import type { CoupledSystem, JointCounters } from './coupled-run.ts';
import { formatUniform, uniformIndex, uniformValue, type Uniform } from './trace.ts';

export type QueueEvent = { kind: 'arrival'; picks: Uniform[] } | { kind: 'departure'; position: Uniform };

export interface QueueState {
  /** Queue lengths, sorted nondecreasing. */
  q: Int32Array;
  /** Ordered position and length of the queue the last arrival joined. */
  joinedPosition: number;
  joinedLength: number;
}

/** An ordered-queue system whose arrivals join the position `choose` returns (it may log how it chose). */
export function orderedQueues(name: string, N: number, choose: (picks: readonly Uniform[], log?: string[]) => number): CoupledSystem<QueueEvent, QueueState> {
  return {
    name,
    initial: () => ({ q: new Int32Array(N), joinedPosition: -1, joinedLength: -1 }),
    step(s, e, log) {
      if (e.kind === 'arrival') {
        const k = choose(e.picks, log);
        const v = s.q[k];
        let last = k;
        while (last + 1 < N && s.q[last + 1] === v) last++; // raise the last of the tied queues: stays sorted
        s.q[last]++;
        s.joinedPosition = k;
        s.joinedLength = v;
        log?.push(`joins position ${k + 1} (length ${v})`);
        return;
      }
      const k = uniformIndex(e.position, N);
      const v = s.q[k];
      if (v === 0) {
        log?.push(`position ${k + 1} is empty: no departure`);
        return;
      }
      let first = k;
      while (first > 0 && s.q[first - 1] === v) first--; // lower the first of the tied queues: stays sorted
      s.q[first]--;
      log?.push(`departure from position ${k + 1} (length ${v})`);
    },
    quantities: (s) => ({ queues: Array.from(s.q), Q: tailCounts(s.q) }),
  };
}

/** Q_i for i = 1..max queue: the number of servers with at least i jobs. */
export function tailCounts(q: Int32Array): number[] {
  const max = q.length ? q[q.length - 1] : 0;
  const Q = new Array<number>(max).fill(0);
  for (const v of q) for (let i = 0; i < v; i++) Q[i]++;
  return Q;
}

/**
 * sum_{i >= 1} |Q_i - Q'_i|, computed as sum_k |q_(k) - q'_(k)| over the sorted
 * vectors (both are N times the W1 distance of the two empirical queue-length laws).
 */
export function tailDistance(a: Int32Array, b: Int32Array): number {
  let d = 0;
  for (let k = 0; k < a.length; k++) d += Math.abs(a[k] - b[k]);
  return d;
}

export interface Delta {
  /** Arrivals that joined queues of different lengths in the two systems. */
  byLength: number;
  /** Arrivals that joined different ordered positions. */
  byPosition: number;
}

/** P2's Delta(t) between the first two systems, counted after each arrival. */
export function deltaCounter(): JointCounters<QueueEvent, QueueState, Delta> {
  return {
    initial: () => ({ byLength: 0, byPosition: 0 }),
    update(delta, [a, b], e) {
      if (e.kind !== 'arrival') return;
      if (a.joinedLength !== b.joinedLength) delta.byLength++;
      if (a.joinedPosition !== b.joinedPosition) delta.byPosition++;
    },
    quantities: (delta) => ({ deltaByLength: delta.byLength, deltaByPosition: delta.byPosition }),
  };
}

export function queueEventDraws(e: QueueEvent): Record<string, number | number[]> {
  return e.kind === 'arrival' ? { picks: e.picks.map(uniformValue) } : { position: uniformValue(e.position) };
}

export function describeQueueEvent(e: QueueEvent): string {
  return e.kind === 'arrival' ? `arrival, samples u=${e.picks.map(formatUniform).join(',')}` : `potential departure, position u=${formatUniform(e.position)}`;
}
