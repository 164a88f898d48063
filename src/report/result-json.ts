/**
 * Results as `--json` prints them: `check` one object per claim (a claim sweep
 * writes the same per point), `check --path` the replay of one case (the case
 * as the claim describes it; a failed case's counterexample stays in-process).
 * The fields are listed here, in their order; docs/commands/check.md describes them.
 */
import type { CheckResult } from '../check/runner.ts';
import type { EvidenceValue } from '../core/verdict.ts';
import type { ReplayResult } from '../check/result.ts';

/** `check --json`'s record of one claim; the literal fixes the key order. */
export type CheckResultJson = ReturnType<typeof checkResultJson>;

export function checkResultJson(r: CheckResult, seed: number) {
  return {
    id: r.id,
    claim: r.claim,
    source: r.source,
    method: r.method,
    verdict: r.verdict,
    expected: r.expected,
    asExpected: r.asExpected,
    summary: r.summary,
    evidence: r.evidence,
    counterexample: r.counterexample ?? null,
    seed: r.seed ?? seed,
    path: r.path ?? null,
    seconds: r.seconds,
  };
}

export type ReplayJson = {
  id: string;
  seed: number;
  path: string;
  outcome: ReplayResult['outcome'];
  case: EvidenceValue;
  reason: string | null;
  seconds: number;
};

export function replayJson(id: string, r: ReplayResult, seconds: number): ReplayJson {
  return { id, seed: r.seed, path: r.path, outcome: r.outcome, case: r.case, reason: r.reason, seconds };
}
