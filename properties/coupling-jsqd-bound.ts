/**
 * P2 Prop. 3.5 (THEORY section 4): JSQ(d) and JSQ coupled on arrivals and on
 * departures from ordered servers stay within sum_i |Q_i - Q'_i| <= 2 Delta(t) at
 * all times, Delta(t) the arrivals assigned differently up to t: to queues of
 * different lengths, and (the other reading) to different ordered positions.
 * JSQ(d) samples its d servers without or with replacement (models/support/sampling.ts).
 */
import fc from 'fast-check';
import { z } from 'zod';
import {
  atMost,
  choiceParam,
  type Coupling,
  couplingOrder,
  type Delta,
  deltaCounter,
  describeQueueEvent,
  intParam,
  type Order,
  type QueueEvent,
  queueEventDraws,
  type QueueState,
  readTrace,
  tailDistance,
  traceCounterexample,
  traceReplay,
  type TraceSpec,
  traceSteps,
  uniformArbitrary,
  UsageError,
} from 'lbcheck';
import { jsqDOrdered, jsqOrdered, type Sampling, SAMPLINGS } from 'lbcheck/models';
import { uniformCell } from './support/coupling-arbitrary.ts';

interface JsqCase {
  N: number;
  d: number;
  sampling: Sampling;
  events: QueueEvent[];
}

function bound(reading: keyof Delta, words: string, short: string): Order<QueueState, Delta> {
  return {
    name: `sum_i |Q_i - Q'_i| <= 2 Delta, Delta = arrivals joining ${words}`,
    compare: ([a, b], delta) => [
      atMost(
        `distance vs Delta ${short}`,
        { label: "sum_i |Q_i - Q'_i|", value: tailDistance(a.q, b.q) },
        { label: `2 Delta ${short}`, value: 2 * delta[reading] },
      ),
    ],
  };
}

const ORDERS = [bound('byLength', 'queues of different lengths', 'by length'), bound('byPosition', 'different ordered positions', 'by position')];

export function jsqCoupling(c: Pick<JsqCase, 'N' | 'd' | 'sampling'>): Coupling<QueueEvent, QueueState, Delta> {
  return {
    systems: [jsqDOrdered(c.N, c.d, c.sampling), jsqOrdered(c.N)],
    joint: deltaCounter(),
    orders: ORDERS,
    describeEvent: describeQueueEvent,
    draws: queueEventDraws,
  };
}

const queueEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('arrival'), picks: z.array(uniformCell) }),
  z.object({ kind: z.literal('departure'), position: uniformCell }),
]);

function jsqCaseFrom(params: Record<string, string>, trace: unknown): JsqCase {
  const N = intParam('number of servers', { min: 1 }).read(params.N, 'N');
  const sampling = choiceParam('how the d servers are sampled', SAMPLINGS, 'without').read(params.sampling, 'sampling');
  const d = intParam('servers sampled per arrival', { min: 1, max: sampling === 'without' ? N : undefined }).read(params.d, 'd');
  const events = readTrace(z.array(queueEventSchema), trace);
  const wrong = events.findIndex((e) => e.kind === 'arrival' && e.picks.length !== d);
  if (wrong >= 0) throw new UsageError(`trace[${wrong + 1}]: an arrival of JSQ(${d}) needs ${d} uniforms`);
  return { N, d, sampling, events };
}

const spec: TraceSpec<JsqCase> = {
  record: (c) => traceSteps(jsqCoupling(c), c.events),
  describeParams: (c) => ({ N: c.N, d: c.d, sampling: c.sampling }),
  shared: () => ({}),
  toCase: (c) => ({ params: { N: String(c.N), d: String(c.d), sampling: c.sampling }, trace: c.events }),
  fromCase: (t) => jsqCaseFrom(t.params, t.trace),
  subTraces: (c) => fc.record({ N: fc.constant(c.N), d: fc.constant(c.d), sampling: fc.constant(c.sampling), events: fc.subarray(c.events) }),
};

function jsqCases(maxN: number, maxEvents: number): fc.Arbitrary<JsqCase> {
  return fc.integer({ min: 1, max: maxN }).chain((N) =>
    fc.tuple(fc.integer({ min: 1, max: N }), fc.constantFrom(...SAMPLINGS)).chain(([d, sampling]) => {
      const arrival = fc.array(uniformArbitrary(), { minLength: d, maxLength: d }).map((picks): QueueEvent => ({ kind: 'arrival', picks }));
      const departure = uniformArbitrary().map((position): QueueEvent => ({ kind: 'departure', position }));
      return fc.record({
        N: fc.constant(N),
        d: fc.constant(d),
        sampling: fc.constant(sampling),
        events: fc.array(fc.oneof(arrival, departure), { maxLength: maxEvents, size: 'max' }),
      });
    }),
  );
}

export const couplingJsqdBound = couplingOrder({
  id: 'coupling-jsqd-bound',
  claim:
    "JSQ(d) vs JSQ coupled on arrivals and ordered departures: sum_i |Q_i(t) - Q'_i(t)| <= 2 Delta(t) at every t " +
    '(Q_i: servers with >= i jobs; Delta counted by queue length and by ordered position); ' +
    'N <= 6, d in 1..N sampled without or with replacement, traces of <= 60 events',
  source: 'P2 Prop. 3.5',
  method: 'coupled runs on fast-check traces',
  expected: 'holds',
  trace: traceReplay(spec, ['N', 'd', 'sampling']),
  cases: jsqCases(6, 60),
  numRuns: 2000,
  coupling: (c) => jsqCoupling(c),
  events: (c) => c.events,
  describe: (c) => traceCounterexample(spec, c),
  tally: { casesWithDelta: 'sum', casesEndingOnTheBound: 'sum', maxFinalDistance: 'max' },
  observe: (_c, { states, joint }, tally) => {
    const distance = tailDistance(states[0].q, states[1].q);
    if (joint.byLength > 0) tally.note('casesWithDelta');
    if (distance > 0 && distance === 2 * joint.byLength) tally.note('casesEndingOnTheBound');
    tally.note('maxFinalDistance', distance);
  },
});
