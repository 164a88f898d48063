/**
 * fast-check glue: runs a generated property under a seed (and optional replay
 * path) and turns the outcome into a verdict. A case whose evidence is too weak
 * to decide throws Inconclusive: the run is then `unknown`, never `holds`.
 */
import fc from 'fast-check';
import type { EvidenceRecord, EvidenceValue, PropertyResult } from '../core/verdict.ts';
import type { RunContext } from './property.ts';

export class Inconclusive extends Error {
  override readonly name = 'Inconclusive';
}

export interface GeneratedOptions<T> {
  arbitrary: fc.Arbitrary<T>;
  /** true when the case satisfies the claim; throw Inconclusive when it cannot be decided. */
  predicate: (value: T) => boolean | Promise<boolean>;
  numRuns: number;
  /** The verdict when every case passes ('exact' or 'holds'). */
  passVerdict: 'exact' | 'holds';
  describe: (value: T) => EvidenceValue;
  /** Evidence gathered while the cases ran (states, residuals ...). */
  evidence: () => EvidenceRecord;
}

export async function runGenerated<T>(ctx: RunContext, o: GeneratedOptions<T>): Promise<PropertyResult> {
  let cases = 0;
  const property = fc.asyncProperty(o.arbitrary, async (v) => {
    ctx.progress(`case ${++cases}`);
    return o.predicate(v);
  });
  const details = await fc.check(property, {
    seed: ctx.seed,
    numRuns: ctx.path ? 1 : o.numRuns,
    ...(ctx.path ? { path: ctx.path } : {}),
    endOnFailure: false,
  });
  // The seed as given (fast-check reports it as a signed 32-bit integer), so the replay line is accepted by --seed.
  const replay = { seed: ctx.seed, ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}) };
  if (!details.failed) {
    return { verdict: o.passVerdict, summary: `all ${details.numRuns} generated cases pass`, evidence: { cases: details.numRuns, ...o.evidence() }, ...replay };
  }
  const error = details.errorInstance;
  const counterexample = details.counterexample ? o.describe(details.counterexample[0]) : null;
  if (error instanceof Inconclusive) {
    return { verdict: 'unknown', summary: error.message, evidence: { cases: details.numRuns, ...o.evidence() }, counterexample, ...replay };
  }
  if (error && !(error instanceof Error && error.message.includes('Property failed by returning false'))) {
    const message = error instanceof Error ? error.message : String(error);
    return { verdict: 'unknown', summary: `a case failed to run: ${message}`, evidence: { cases: details.numRuns, ...o.evidence() }, counterexample, ...replay };
  }
  return {
    verdict: 'refuted',
    summary: `counterexample after ${details.numRuns} cases and ${details.numShrinks} shrinks`,
    evidence: { cases: details.numRuns, shrinks: details.numShrinks, ...o.evidence() },
    counterexample,
    ...replay,
  };
}
