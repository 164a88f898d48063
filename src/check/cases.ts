/**
 * The verdict of a claim checked on a fixed list of cases: `holds` when every
 * case passes, else `refuted` with the first failing case as counterexample;
 * `unknown` when there is no case at all (nothing was checked).
 */
import type { EvidenceRecord } from '../core/verdict.ts';
import { caseCounterexample } from './counterexample.ts';
import type { PropertyResult } from './result.ts';

export interface CaseOutcome {
  ok: boolean;
  record: EvidenceRecord;
}

export function casesVerdict(
  outcomes: readonly CaseOutcome[],
  summary: { holds: string; refuted: (failed: number) => string },
  evidence: EvidenceRecord,
): PropertyResult {
  const failed = outcomes.filter((o) => !o.ok);
  if (outcomes.length === 0) return { verdict: 'unknown', summary: 'no case was checked', evidence };
  if (failed.length === 0) return { verdict: 'holds', summary: summary.holds, evidence };
  return { verdict: 'refuted', summary: summary.refuted(failed.length), evidence, counterexample: caseCounterexample(failed[0].record) };
}
