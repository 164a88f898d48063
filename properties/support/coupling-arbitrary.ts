/**
 * fast-check generators of coupling cases: a Theorem-1 setting (basic JIQ, sorted
 * loads) with a common trace. Lists shrink by dropping events, so a failure
 * shrinks to a short trace.
 */
import fc from 'fast-check';
import { Fraction } from '../../src/core/rational.ts';
import type { EvidenceValue } from '../../src/core/verdict.ts';
import type { JiqArrival, JiqTrace, JobTicket, SlotEvent } from '../../src/coupling/jiq-systems.ts';
import { narrate, type Coupling } from '../../src/coupling/coupled-run.ts';
import { formatUniform, uniformArbitrary } from '../../src/coupling/trace.ts';
import { uniform, type JiqBlockingParams } from '../../models/jiq-blocking.ts';
import { describeJiq, jiqBlockingParams, type JiqRanges } from './jiq-arbitrary.ts';

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
  const arrival: fc.Arbitrary<JiqArrival> = fc.record({ at: fc.integer({ min: 1, max: 3 * r.arrivals }), dispatcher: uniformArbitrary(), thinning: uniformArbitrary() });
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

/** The case as people read it: parameters, the job tape, and the narrated run. */
export function describeCouplingCase<S, J>(c: CouplingCase, coupling: Coupling<JiqArrival, S, J>): EvidenceValue {
  return {
    params: describeJiq(c.params),
    jobTape: c.trace.jobs.map((j, k) => `job ${k + 1}: service ${j.service + 0.5}, destination u=${formatUniform(j.destination)}`),
    steps: narrate(coupling, c.trace.arrivals),
  };
}
