/**
 * Claims checked on coupled runs of generated traces, with their counterexample
 * as data and a replay of an edited case: the same run the CLI reports,
 * re-run on changed parameters or events (the explorer), and shrunk again from
 * there by fast-check over the case's sub-traces.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { UsageError } from '../core/errors.ts';
import type { RecordedRun, TraceStep, Violation } from '../coupling/coupled-run.ts';
import type { EvidenceRecord, EvidenceValue } from '../core/verdict.ts';

/** A case in JSON: parameters as the command line spells them, and the trace's raw draws (uniform cells). */
export type TraceCase = { params: Record<string, string>; trace: EvidenceValue };

/** `check --json`'s counterexample of a trace claim. */
export type TraceCounterexample = {
  kind: 'coupling-trace';
  /** The parameters as people read them. */
  params: EvidenceValue;
  /** Draws every system shares beyond the events' own (e.g. the job tape), as values. */
  shared: EvidenceRecord;
  /** Events in the trace; the run stops at the first violation. */
  events: number;
  steps: TraceStep[];
  violation: Violation | null;
  /** What replays this run (the explorer edits it); absent for couplings without a replay (user couplingOrder claims). */
  case?: TraceCase;
};

export interface TraceSpec<C> {
  /** The coupled run of a case, step by step up to the first violation. */
  record(c: C): RecordedRun;
  /** The parameters as people read them. */
  describeParams(c: C): EvidenceValue;
  shared(c: C): EvidenceRecord;
  toCase(c: C): TraceCase;
  /** The case from JSON; parameters are read by the family's own rules (UsageError with the CLI's message). */
  fromCase(t: TraceCase): C;
  /** Cases made of sub-traces of c (same parameters), for shrinking from c. */
  subTraces(c: C): fc.Arbitrary<C>;
}

export function traceCounterexample<C>(spec: TraceSpec<C>, c: C): TraceCounterexample {
  const run = spec.record(c);
  return {
    kind: 'coupling-trace',
    params: spec.describeParams(c),
    shared: spec.shared(c),
    events: run.events,
    steps: run.steps,
    violation: run.violation,
    case: spec.toCase(c),
  };
}

/** Replays an edited case, and shrinks again from it; what the explorer calls. */
export interface TraceReplay {
  /** The parameters a person may edit (command-line names). */
  readonly editable: readonly string[];
  replay(t: TraceCase): TraceCounterexample;
  /** The smallest failing sub-trace fast-check finds from t (t itself must fail), or null when t holds. */
  shrink(t: TraceCase, seed: number): TraceCounterexample | null;
}

export function traceReplay<C>(spec: TraceSpec<C>, editable: readonly string[]): TraceReplay {
  return {
    editable,
    replay: (t) => traceCounterexample(spec, spec.fromCase(t)),
    shrink(t, seed) {
      const c = spec.fromCase(t);
      if (spec.record(c).violation === null) return null;
      const details = fc.check(
        fc.property(spec.subTraces(c), (x) => spec.record(x).violation === null),
        { seed, examples: [[c]], numRuns: 1 },
      );
      return details.counterexample ? traceCounterexample(spec, details.counterexample[0]) : null;
    },
  };
}

/** A trace read from JSON by its schema; the first problem is a one-line UsageError. */
export function readTrace<T>(schema: z.ZodType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UsageError(`trace${issue.path.map((k) => (typeof k === 'number' ? `[${k + 1}]` : `.${String(k)}`)).join('')}: ${issue.message}`);
}
