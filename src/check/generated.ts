/**
 * fast-check glue: runs a generated property under a seed (and optional replay
 * path) and turns the outcome into a verdict. Cases are samples of the claim's
 * domain, so a run that passes is `holds` (never `exact` or `proved`, however
 * each case is decided: that goes in the evidence). A case whose evidence is too
 * weak to decide throws Inconclusive; a run with such a case (or one that failed
 * to run), and no case decided false, is `unknown`. Shrinking follows only cases
 * decided false: an undecided case counts as passing for fast-check, so a real
 * counterexample never shrinks into an undecided one. A replay (a path given)
 * runs that one case and reports it as a replay: passed, failed or undecided,
 * with the case; the claim's verdict is then `unknown` (one case decides nothing).
 */
import fc from 'fast-check';
import type { EvidenceRecord, EvidenceValue } from '../core/verdict.ts';
import { caseCounterexample, isCounterexample, type Counterexample } from './counterexample.ts';
import type { PropertyResult, ReplayResult } from './result.ts';
import type { RunContext } from './property.ts';

export class Inconclusive extends Error {
  override readonly name = 'Inconclusive';
}

export interface GeneratedOptions<T> {
  arbitrary: fc.Arbitrary<T>;
  /** true when the case satisfies the claim; throw Inconclusive when it cannot be decided. */
  predicate: (value: T) => boolean | Promise<boolean>;
  numRuns: number;
  /** How each case is decided (e.g. "exactly, in rationals"), for the evidence. */
  eachCase?: string;
  /** A case as evidence: a replay's case, the first undecided case and, unless `counterexample` is given, a failing one. */
  describe: (value: T) => EvidenceValue;
  /** A failing case as a counterexample (default: the described case, as it is when it has a known kind, else of kind "case"). */
  counterexample?: (value: T) => Counterexample;
  /** Evidence gathered while the cases ran (states, residuals ...). */
  evidence: () => EvidenceRecord;
}

/** The first case that could not be decided, and why. */
interface Undecided<T> {
  value: T;
  reason: string;
}

/** A failing case as the claim shows it: `counterexample`, else its description (as it is when that is already a counterexample of a known kind). */
function counterexampleOf<T>(o: GeneratedOptions<T>, value: T, described: EvidenceValue = o.describe(value)): Counterexample {
  if (o.counterexample) return o.counterexample(value);
  return isCounterexample(described) ? described : caseCounterexample(described);
}

/** One case replayed from its seed and path: what happened to it, never a verdict on the claim. */
function replayResult<T>(
  ctx: RunContext,
  path: string,
  o: GeneratedOptions<T>,
  details: fc.RunDetails<[T]>,
  last: T | undefined,
  undecided: Undecided<T> | undefined,
): PropertyResult {
  const base = { seed: ctx.seed, path };
  let replay: ReplayResult;
  if (details.failed && details.counterexample) {
    const value = details.counterexample[0];
    const described = o.describe(value);
    replay = { ...base, outcome: 'failed', case: described, reason: null, counterexample: counterexampleOf(o, value, described) };
  } else if (details.failed) {
    const error: unknown = details.errorInstance;
    replay = { ...base, outcome: 'undecided', case: null, reason: `no case at this seed and path: ${error instanceof Error ? error.message : String(error)}` };
  } else if (undecided) replay = { ...base, outcome: 'undecided', case: o.describe(undecided.value), reason: undecided.reason };
  else if (last === undefined) replay = { ...base, outcome: 'undecided', case: null, reason: 'no case was generated at this seed and path' };
  else replay = { ...base, outcome: 'passed', case: o.describe(last), reason: null };
  return {
    verdict: 'unknown',
    summary: `replay of one case (seed ${ctx.seed}, path ${path}): ${replay.outcome}; a replay decides that case only, not the claim`,
    evidence: { ...(o.eachCase ? { eachCase: o.eachCase } : {}), ...o.evidence() },
    seed: ctx.seed,
    path,
    replay,
  };
}

export async function runGenerated<T>(ctx: RunContext, o: GeneratedOptions<T>): Promise<PropertyResult> {
  let cases = 0;
  let last: T | undefined;
  let undecided: Undecided<T> | undefined;
  let undecidedCount = 0;
  const property = fc.asyncProperty(o.arbitrary, async (v) => {
    ctx.progress(`case ${++cases}`);
    last = v;
    try {
      return await o.predicate(v);
    } catch (e) {
      const reason = e instanceof Inconclusive ? e.message : `a case failed to run: ${e instanceof Error ? e.message : String(e)}`;
      undecidedCount++;
      undecided ??= { value: v, reason };
      return true; // not a counterexample: shrinking must not move into it
    }
  });
  const details = await fc.check(property, {
    seed: ctx.seed,
    numRuns: ctx.path ? 1 : o.numRuns,
    ...(ctx.path ? { path: ctx.path } : {}),
    // A replay runs its one case and stops there; a search shrinks what fails.
    endOnFailure: ctx.path !== undefined,
  });
  if (ctx.path !== undefined) return replayResult(ctx, ctx.path, o, details, last, undecided);
  // The seed as given (fast-check reports it as a signed 32-bit integer), so the replay line is accepted by --seed.
  const replay = { seed: ctx.seed, ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}) };
  const evidence = (more: EvidenceRecord = {}): EvidenceRecord => ({
    cases: details.numRuns,
    ...more,
    ...(o.eachCase ? { eachCase: o.eachCase } : {}),
    ...o.evidence(),
  });
  if (details.failed && details.counterexample) {
    return {
      verdict: 'refuted',
      summary: `counterexample after ${details.numRuns} cases and ${details.numShrinks} shrinks`,
      evidence: evidence({ shrinks: details.numShrinks }),
      counterexample: counterexampleOf(o, details.counterexample[0]),
      ...replay,
    };
  }
  if (details.failed) {
    // fast-check itself failed (e.g. too many pre-condition failures): nothing was decided.
    const error: unknown = details.errorInstance;
    const message = error instanceof Error ? error.message : String(error);
    return { verdict: 'unknown', summary: `the cases could not be generated: ${message}`, evidence: evidence(), ...replay };
  }
  if (undecided) {
    return {
      verdict: 'unknown',
      summary: undecided.reason,
      evidence: evidence({ undecided: undecidedCount, firstUndecided: o.describe(undecided.value) }),
      ...replay,
    };
  }
  if (details.numRuns === 0) return { verdict: 'unknown', summary: 'no case was generated: nothing was checked', evidence: evidence(), ...replay };
  return { verdict: 'holds', summary: `all ${details.numRuns} generated cases pass`, evidence: evidence(), ...replay };
}
