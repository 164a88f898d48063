/**
 * Theorem 1's total order under the coupling one writes first: uniformised
 * service clocks per server (a service event completes the k-th busy server of
 * every system that has k busy servers) with the token's destination drawn at
 * that event. The same order as coupling-theorem1-total, which couples per job.
 * Its failure locates what P1's omitted argument must do: attach service times
 * and destinations to jobs, not to servers.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { couplingOrder, readTrace, traceCounterexample, traceReplay, type TraceSpec, traceSteps } from 'lbcheck';
import { type JiqBlockingParams, type SlotEvent, theorem1SlotCoupling } from 'lbcheck/models';
import { slotTrace, theorem1Params, theorem1ParamsFrom, uniformCell } from './support/coupling-arbitrary.ts';
import { describeJiq, jiqParamText } from './support/jiq-arbitrary.ts';
import { THEOREM1_EDITABLE, THEOREM1_RANGES, usedInTotal } from './support/theorem1-coupling.ts';

interface SlotCase {
  params: JiqBlockingParams;
  events: SlotEvent[];
}

const coupling = (c: SlotCase) => theorem1SlotCoupling(c.params, [usedInTotal]);

const slotEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('arrival'), dispatcher: uniformCell, thinning: uniformCell }),
  z.object({ kind: z.literal('service'), slot: uniformCell, destination: uniformCell }),
]);

const spec: TraceSpec<SlotCase> = {
  record: (c) => traceSteps(coupling(c), c.events),
  describeParams: (c) => describeJiq(c.params),
  shared: () => ({}),
  toCase: (c) => ({ params: jiqParamText(c.params), trace: c.events }),
  fromCase: (t) => ({ params: theorem1ParamsFrom(t.params), events: readTrace(z.array(slotEventSchema), t.trace) }),
  subTraces: (c) => fc.record({ params: fc.constant(c.params), events: fc.subarray(c.events) }),
};

export const couplingTheorem1ServerClocks = couplingOrder({
  id: 'coupling-theorem1-server-clocks',
  claim:
    'JIQ blocking, beta = 1/R: coupling arrivals, thinning and per-server uniformised service clocks with the destination drawn at each service event, ' +
    'tokens used by every t satisfy worse <= original <= better; R = 1..4, N <= 5, lambda in [0.1, 3], sorted alpha, traces of <= 40 events',
  source: 'P1 Thm. 1 (proof: coupling of better and worse systems)',
  method: 'coupled runs on fast-check traces',
  expected: 'refuted',
  trace: traceReplay(spec, THEOREM1_EDITABLE),
  cases: fc.record({ params: theorem1Params(THEOREM1_RANGES.params), events: slotTrace(40) }),
  numRuns: 2000,
  coupling,
  events: (c) => c.events,
  describe: (c) => traceCounterexample(spec, c),
});
