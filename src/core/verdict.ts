/**
 * How lbcheck says what it knows: proved (symbolic), exact (equal as rationals),
 * holds (numerically within a stated tolerance, or on every generated case),
 * refuted (with a counterexample and how to replay it), unknown (with why).
 */
export const VERDICTS = ['proved', 'exact', 'holds', 'refuted', 'unknown'] as const;
export type Verdict = (typeof VERDICTS)[number];

export type EvidenceValue = string | number | boolean | null | EvidenceValue[] | { [k: string]: EvidenceValue };
export type EvidenceRecord = { [k: string]: EvidenceValue };

/**
 * The replay of one generated case (`check <id> --seed S --path P`): whether
 * that case passed, failed or could not be decided. It decides that case only,
 * never the claim.
 */
export interface ReplayResult {
  seed: number;
  path: string;
  outcome: 'passed' | 'failed' | 'undecided';
  /** The case replayed, as the claim describes it (null when fast-check produced none). */
  case: EvidenceValue;
  /** Why the case was undecided, or why no case was replayed. */
  reason: string | null;
}

export interface PropertyResult {
  verdict: Verdict;
  /** One line for people: what was found. */
  summary: string;
  evidence: EvidenceRecord;
  /** fast-check replay data, for generated properties. */
  seed?: number;
  path?: string;
  counterexample?: EvidenceValue;
  /** Present when the run replayed one case (a --path was given): the verdict is then `unknown`, the claim undecided. */
  replay?: ReplayResult;
}
