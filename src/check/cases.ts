/**
 * Claims checked on a fixed list of cases (parameter points, sequences in N):
 * `holds` when every case passes, `refuted` with the first failing case as
 * counterexample when one is decided false (even if another is undecided),
 * else `unknown` when a case could not be decided or there is no case at all
 * (nothing was checked).
 */
import type { EvidenceRecord } from '../core/verdict.ts';
import { caseCounterexample } from './counterexample.ts';
import { defineClaim, type ClaimInfo } from './define.ts';
import { Inconclusive } from './generated.ts';
import type { Property, RunContext } from './property.ts';
import type { PropertyResult } from './result.ts';

export interface CaseOutcome {
  ok: boolean;
  record: EvidenceRecord;
  /** Why the case could not be decided (then `ok` is not read). */
  undecided?: string;
}

export interface CasesSummary {
  holds: string;
  refuted: (failed: number) => string;
  /** Default: "n case(s) undecided: the first one's reason". */
  unknown?: (undecided: number, reason: string) => string;
}

export function casesVerdict(outcomes: readonly CaseOutcome[], summary: CasesSummary, evidence: EvidenceRecord): PropertyResult {
  if (outcomes.length === 0) return { verdict: 'unknown', summary: 'no case was checked', evidence };
  const failed = outcomes.filter((o) => o.undecided === undefined && !o.ok);
  if (failed.length > 0) return { verdict: 'refuted', summary: summary.refuted(failed.length), evidence, counterexample: caseCounterexample(failed[0].record) };
  const undecided = outcomes.filter((o) => o.undecided !== undefined);
  if (undecided.length > 0) {
    const reason = undecided[0].undecided!;
    return { verdict: 'unknown', summary: summary.unknown?.(undecided.length, reason) ?? `${undecided.length} case(s) undecided: ${reason}`, evidence };
  }
  return { verdict: 'holds', summary: summary.holds, evidence };
}

export interface ForCasesSpec<C> extends ClaimInfo {
  /** The cases the claim is checked at, in order. */
  cases: readonly C[];
  /** Progress text for a case (default "case i of n"). */
  label?(c: C, i: number): string;
  /** Decides one case: ok and its record for the evidence (undecided: why not); throw Inconclusive when it cannot be decided at all. */
  check(c: C, ctx: RunContext): CaseOutcome | Promise<CaseOutcome>;
  summary: CasesSummary;
  /** The evidence around the cases' records (default { cases: records }). */
  evidence?(records: EvidenceRecord[]): EvidenceRecord;
}

/** For each case of a fixed list, a check: the verdict of casesVerdict over the cases' outcomes. */
export function forCases<C>(spec: ForCasesSpec<C>): Property {
  const { cases, label, check, summary, evidence, ...info } = spec;
  return defineClaim({
    ...info,
    async run(ctx) {
      const outcomes: CaseOutcome[] = [];
      for (const [i, c] of cases.entries()) {
        ctx.progress(label?.(c, i) ?? `case ${i + 1} of ${cases.length}`);
        try {
          outcomes.push(await check(c, ctx));
        } catch (e) {
          if (!(e instanceof Inconclusive)) throw e;
          outcomes.push({ ok: false, undecided: e.message, record: { case: i + 1, undecided: e.message } });
        }
      }
      const records = outcomes.map((o) => o.record);
      return casesVerdict(outcomes, summary, evidence ? evidence(records) : { cases: records });
    },
  });
}
