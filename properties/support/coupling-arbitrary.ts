/**
 * fast-check generators of coupling cases: a Theorem-1 setting (basic JIQ, sorted
 * loads) with a common trace. Lists shrink by dropping events, so a failure
 * shrinks to a short trace. Cases read back from JSON (the explorer's edits)
 * by the family's own parameter rules.
 */
import fc from 'fast-check';
import { z } from 'zod';
import {
  type Coupling,
  type EvidenceRecord,
  Fraction,
  readTrace,
  type TraceCase,
  type TraceSpec,
  traceSteps,
  UNIFORM_CELLS,
  uniformArbitrary,
  uniformValue,
} from 'lbcheck';
import {
  checkTheorem1Setting,
  type JiqArrival,
  jiqBlocking,
  type JiqBlockingParams,
  type JiqTrace,
  type JobTicket,
  type SlotEvent,
  uniform,
} from 'lbcheck/models';
import { describeJiq, jiqBlockingParams, jiqParamText, type JiqRanges } from './jiq-arbitrary.ts';

/** Basic JIQ (beta = 1/R, nu = 0) with alpha sorted non-increasing, as Theorem 1 has it. */
export function theorem1Params(r: Pick<JiqRanges, 'R' | 'N'>): fc.Arbitrary<JiqBlockingParams> {
  return jiqBlockingParams(r).map((p) => ({
    ...p,
    alpha: [...p.alpha].sort((a, b) => b.compare(a)),
    beta: uniform(p.alpha.length),
    nu: new Fraction(0),
  }));
}

export interface TraceRanges {
  arrivals: number;
  jobs: number;
}

/**
 * Arrivals at distinct integer epochs in 1..3n (n = most arrivals), and a job tape
 * of services 0..8 (+1/2). Epochs are absolute, not gaps, so dropping an arrival
 * while shrinking leaves the others' times alone.
 */
export function jiqTrace(r: TraceRanges): fc.Arbitrary<JiqTrace> {
  const arrival: fc.Arbitrary<JiqArrival> = fc.record({
    at: fc.integer({ min: 1, max: 3 * r.arrivals }),
    dispatcher: uniformArbitrary(),
    thinning: uniformArbitrary(),
  });
  const job: fc.Arbitrary<JobTicket> = fc.record({ service: fc.integer({ min: 0, max: 8 }), destination: uniformArbitrary() });
  return fc.record({
    arrivals: fc.uniqueArray(arrival, { maxLength: r.arrivals, selector: (a) => a.at, size: 'max' }).map((xs) => [...xs].sort((a, b) => a.at - b.at)),
    jobs: fc.array(job, { maxLength: r.jobs, size: 'max' }),
  });
}

/** Per-server clocks: arrivals and uniformised service events (slot, destination), in any order. */
export function slotTrace(maxEvents: number): fc.Arbitrary<SlotEvent[]> {
  const arrival = fc.record({ dispatcher: uniformArbitrary(), thinning: uniformArbitrary() }).map((a): SlotEvent => ({ kind: 'arrival', ...a }));
  const service = fc.record({ slot: uniformArbitrary(), destination: uniformArbitrary() }).map((a): SlotEvent => ({ kind: 'service', ...a }));
  return fc.array(fc.oneof(arrival, service), { maxLength: maxEvents, size: 'max' });
}

export interface CouplingCase {
  params: JiqBlockingParams;
  trace: JiqTrace;
}

export function theorem1Cases(params: Pick<JiqRanges, 'R' | 'N'>, trace: TraceRanges): fc.Arbitrary<CouplingCase> {
  return fc.record({ params: theorem1Params(params), trace: jiqTrace(trace) });
}

/** A uniform's cell in JSON: an integer in [0, UNIFORM_CELLS). */
export const uniformCell = z
  .number()
  .int()
  .min(0)
  .max(UNIFORM_CELLS - 1);

const jiqTraceSchema = z.object({
  arrivals: z
    .array(z.object({ at: z.number().int().min(1), dispatcher: uniformCell, thinning: uniformCell }))
    .refine((xs) => xs.every((a, i) => i === 0 || a.at > xs[i - 1].at), 'arrival epochs must increase strictly'),
  jobs: z.array(z.object({ service: z.number().int().min(0), destination: uniformCell })),
});

/** Theorem 1's parameters from the command-line spelling, the theorem's setting enforced. */
export function theorem1ParamsFrom(raw: Record<string, string>): JiqBlockingParams {
  const p = jiqBlocking.parse(raw);
  checkTheorem1Setting(p);
  return p;
}

/** The job tape as values: service time and the destination uniform of the k-th admitted job. */
export function jobTape(jobs: readonly JobTicket[]): EvidenceRecord {
  return { jobTape: jobs.map((j, k) => ({ job: k + 1, service: j.service + 0.5, destination: uniformValue(j.destination) })) };
}

/** Theorem 1 cases as traces for the record and the explorer, under `coupling`. */
export function theorem1TraceSpec<S, J>(coupling: (c: CouplingCase) => Coupling<JiqArrival, S, J>): TraceSpec<CouplingCase> {
  return {
    record: (c) => traceSteps(coupling(c), c.trace.arrivals),
    describeParams: (c) => describeJiq(c.params),
    shared: (c) => jobTape(c.trace.jobs),
    toCase: (c): TraceCase => ({ params: jiqParamText(c.params), trace: { arrivals: c.trace.arrivals, jobs: c.trace.jobs } }),
    fromCase: (t) => ({ params: theorem1ParamsFrom(t.params), trace: readTrace(jiqTraceSchema, t.trace) }),
    subTraces: (c) =>
      fc.record({ params: fc.constant(c.params), trace: fc.record({ arrivals: fc.subarray(c.trace.arrivals), jobs: fc.subarray(c.trace.jobs) }) }),
  };
}
