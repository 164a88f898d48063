/**
 * How lbcheck says what it knows: proved (symbolic), exact (equal as rationals),
 * holds (numerically within a stated tolerance, or on every generated case),
 * refuted (with a counterexample and how to replay it), unknown (with why).
 */
export const VERDICTS = ['proved', 'exact', 'holds', 'refuted', 'unknown'] as const;
export type Verdict = (typeof VERDICTS)[number];

export type EvidenceValue = string | number | boolean | null | EvidenceValue[] | { [k: string]: EvidenceValue };
export type EvidenceRecord = { [k: string]: EvidenceValue };

export interface PropertyResult {
  verdict: Verdict;
  /** One line for people: what was found. */
  summary: string;
  evidence: EvidenceRecord;
  /** fast-check replay data, for generated properties. */
  seed?: number;
  path?: string;
  counterexample?: EvidenceValue;
}
