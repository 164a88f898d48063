/**
 * P2 Prop. 3.5 (THEORY section 4): JSQ(d) and JSQ coupled on arrivals and on
 * departures from ordered servers stay within sum_i |Q_i - Q'_i| <= 2 Delta(t) at
 * all times, Delta(t) the arrivals assigned differently up to t: to queues of
 * different lengths, and (the other reading) to different ordered positions.
 */
import fc from 'fast-check';
import { couplingOrder } from '../src/api.ts';
import type { Property } from '../src/check/property.ts';
import { narrate, type Coupling, type Order } from '../src/coupling/coupled-run.ts';
import { deltaCounter, describeQueueEvent, tailDistance, type Delta, type QueueEvent, type QueueState } from '../src/coupling/ordered-queues.ts';
import { jsqDOrdered, jsqOrdered } from '../models/jsq-d/coupling.ts';
import { uniformArbitrary } from '../src/coupling/trace.ts';

interface JsqCase {
  N: number;
  d: number;
  events: QueueEvent[];
}

function bound(reading: keyof Delta, words: string): Order<QueueState, Delta> {
  return {
    name: `sum_i |Q_i - Q'_i| <= 2 Delta, Delta = arrivals joining ${words}`,
    violation([a, b], delta) {
      const distance = tailDistance(a.q, b.q);
      return distance <= 2 * delta[reading] ? null : `sum_i |Q_i - Q'_i| = ${distance} > 2 x ${delta[reading]}`;
    },
  };
}

const ORDERS = [bound('byLength', 'queues of different lengths'), bound('byPosition', 'different ordered positions')];

export function jsqCoupling(c: Pick<JsqCase, 'N' | 'd'>): Coupling<QueueEvent, QueueState, Delta> {
  return { systems: [jsqDOrdered(c.N, c.d), jsqOrdered(c.N)], joint: deltaCounter(), orders: ORDERS, describeEvent: describeQueueEvent };
}

function jsqCases(maxN: number, maxEvents: number): fc.Arbitrary<JsqCase> {
  return fc.integer({ min: 1, max: maxN }).chain((N) =>
    fc.integer({ min: 1, max: N }).chain((d) => {
      const arrival = fc.array(uniformArbitrary(), { minLength: d, maxLength: d }).map((picks): QueueEvent => ({ kind: 'arrival', picks }));
      const departure = uniformArbitrary().map((position): QueueEvent => ({ kind: 'departure', position }));
      return fc.record({ N: fc.constant(N), d: fc.constant(d), events: fc.array(fc.oneof(arrival, departure), { maxLength: maxEvents, size: 'max' }) });
    }),
  );
}

let differing = 0;
let atBound = 0;
let maxDistance = 0;

export const couplingJsqdBound: Property = couplingOrder<JsqCase, QueueEvent, QueueState, Delta>({
  id: 'coupling-jsqd-bound',
  claim: 'JSQ(d) vs JSQ coupled on arrivals and ordered departures: sum_i |Q_i(t) - Q\'_i(t)| <= 2 Delta(t) at every t (Q_i: servers with >= i jobs; Delta counted by queue length and by ordered position); N <= 6, d in 1..N, traces of <= 60 events',
  source: 'P2 Prop. 3.5',
  method: 'coupled runs on fast-check traces',
  expected: 'holds',
  cases: jsqCases(6, 60),
  numRuns: 2000,
  coupling: jsqCoupling,
  events: (c) => c.events,
  describe: (c) => ({ N: c.N, d: c.d, steps: narrate(jsqCoupling(c), c.events) }),
  observe(_c, { states, joint }) {
    const distance = tailDistance(states[0].q, states[1].q);
    if (joint.byLength > 0) differing++;
    if (distance > 0 && distance === 2 * joint.byLength) atBound++;
    maxDistance = Math.max(maxDistance, distance);
  },
  start() {
    differing = atBound = maxDistance = 0;
  },
  evidence: () => ({ casesWithDelta: differing, casesEndingOnTheBound: atBound, maxFinalDistance: maxDistance }),
});
