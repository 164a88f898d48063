/**
 * P2 Prop. 3.5 (THEORY section 4): JSQ(d) and JSQ coupled on arrivals and on
 * departures from ordered servers stay within sum_i |Q_i - Q'_i| <= 2 Delta(t) at
 * all times, Delta(t) the arrivals assigned differently up to t: to queues of
 * different lengths, and (the other reading) to different ordered positions.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { runGenerated } from '../src/check/generated.ts';
import type { Property } from '../src/check/property.ts';
import { readTrace, traceCounterexample, traceReplay, type TraceSpec } from '../src/check/trace-claim.ts';
import { UsageError } from '../src/core/errors.ts';
import { intParam } from '../src/core/params.ts';
import { atMost, runCoupled, traceSteps, type Coupling, type Order } from '../src/coupling/coupled-run.ts';
import { deltaCounter, describeQueueEvent, queueEventDraws, tailDistance, type Delta, type QueueEvent, type QueueState } from '../src/coupling/ordered-queues.ts';
import { jsqDOrdered, jsqOrdered } from '../models/jsq-d/coupling.ts';
import { uniformArbitrary } from '../src/coupling/trace.ts';
import { uniformCell } from './support/coupling-arbitrary.ts';

interface JsqCase {
  N: number;
  d: number;
  events: QueueEvent[];
}

function bound(reading: keyof Delta, words: string, short: string): Order<QueueState, Delta> {
  return {
    name: `sum_i |Q_i - Q'_i| <= 2 Delta, Delta = arrivals joining ${words}`,
    compare: ([a, b], delta) => [
      atMost(`distance vs Delta ${short}`, { label: "sum_i |Q_i - Q'_i|", value: tailDistance(a.q, b.q) }, { label: `2 Delta ${short}`, value: 2 * delta[reading] }),
    ],
  };
}

const ORDERS = [bound('byLength', 'queues of different lengths', 'by length'), bound('byPosition', 'different ordered positions', 'by position')];

export function jsqCoupling(c: Pick<JsqCase, 'N' | 'd'>): Coupling<QueueEvent, QueueState, Delta> {
  return { systems: [jsqDOrdered(c.N, c.d), jsqOrdered(c.N)], joint: deltaCounter(), orders: ORDERS, describeEvent: describeQueueEvent, draws: queueEventDraws };
}

const queueEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('arrival'), picks: z.array(uniformCell) }),
  z.object({ kind: z.literal('departure'), position: uniformCell }),
]);

function jsqCaseFrom(params: Record<string, string>, trace: unknown): JsqCase {
  const N = intParam('number of servers', { min: 1 }).read(params.N, 'N');
  const d = intParam('servers sampled per arrival', { min: 1, max: N }).read(params.d, 'd');
  const events = readTrace(z.array(queueEventSchema), trace);
  const wrong = events.findIndex((e) => e.kind === 'arrival' && e.picks.length !== d);
  if (wrong >= 0) throw new UsageError(`trace[${wrong + 1}]: an arrival of JSQ(${d}) needs ${d} uniforms`);
  return { N, d, events };
}

const spec: TraceSpec<JsqCase> = {
  record: (c) => traceSteps(jsqCoupling(c), c.events),
  describeParams: (c) => ({ N: c.N, d: c.d }),
  shared: () => ({}),
  toCase: (c) => ({ params: { N: String(c.N), d: String(c.d) }, trace: c.events }),
  fromCase: (t) => jsqCaseFrom(t.params, t.trace),
  subTraces: (c) => fc.record({ N: fc.constant(c.N), d: fc.constant(c.d), events: fc.subarray(c.events) }),
};

function jsqCases(maxN: number, maxEvents: number): fc.Arbitrary<JsqCase> {
  return fc.integer({ min: 1, max: maxN }).chain((N) =>
    fc.integer({ min: 1, max: N }).chain((d) => {
      const arrival = fc.array(uniformArbitrary(), { minLength: d, maxLength: d }).map((picks): QueueEvent => ({ kind: 'arrival', picks }));
      const departure = uniformArbitrary().map((position): QueueEvent => ({ kind: 'departure', position }));
      return fc.record({ N: fc.constant(N), d: fc.constant(d), events: fc.array(fc.oneof(arrival, departure), { maxLength: maxEvents, size: 'max' }) });
    }),
  );
}

export const couplingJsqdBound: Property = {
  id: 'coupling-jsqd-bound',
  claim: 'JSQ(d) vs JSQ coupled on arrivals and ordered departures: sum_i |Q_i(t) - Q\'_i(t)| <= 2 Delta(t) at every t (Q_i: servers with >= i jobs; Delta counted by queue length and by ordered position); N <= 6, d in 1..N, traces of <= 60 events',
  source: 'P2 Prop. 3.5',
  method: 'coupled runs on fast-check traces',
  expected: 'holds',
  trace: traceReplay(spec, ['N', 'd']),
  run: (ctx) => {
    let events = 0;
    let differing = 0;
    let atBound = 0;
    let maxDistance = 0;
    return runGenerated(ctx, {
      arbitrary: jsqCases(6, 60),
      numRuns: 2000,
      describe: (c) => traceCounterexample(spec, c),
      evidence: () => ({ eventsChecked: events, casesWithDelta: differing, casesEndingOnTheBound: atBound, maxFinalDistance: maxDistance }),
      predicate: (c) => {
        events += c.events.length;
        const { violation, states, joint } = runCoupled(jsqCoupling(c), c.events);
        const distance = tailDistance(states[0].q, states[1].q);
        if (joint.byLength > 0) differing++;
        if (distance > 0 && distance === 2 * joint.byLength) atBound++;
        maxDistance = Math.max(maxDistance, distance);
        return violation === null;
      },
    });
  },
};
