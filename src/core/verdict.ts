/**
 * How lbcheck says what it knows: proved (symbolic), exact (equal as rationals),
 * holds (numerically within a stated tolerance, or on every generated case),
 * refuted (with a counterexample and how to replay it), unknown (with why).
 * (A claim's result, a union on its verdict, is in src/check/result.ts.)
 */
export const VERDICTS = ['proved', 'exact', 'holds', 'refuted', 'unknown'] as const;
export type Verdict = (typeof VERDICTS)[number];

export type EvidenceValue = string | number | boolean | null | EvidenceValue[] | { [k: string]: EvidenceValue };
export type EvidenceRecord = { [k: string]: EvidenceValue };
