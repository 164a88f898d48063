/**
 * A claim's result, a union on its verdict (as fast-check's RunDetails is a
 * union on `failed`): `refuted` carries its counterexample, `proved`, `exact`
 * and `holds` carry none, `unknown` says why in its summary and, for the replay
 * of one generated case, carries that replay.
 */
import type { EvidenceRecord, EvidenceValue } from '../core/verdict.ts';
import type { Counterexample } from './counterexample.ts';

interface ResultBase {
  /** One line for people: what was found (for `unknown`: why nothing was decided). */
  summary: string;
  evidence: EvidenceRecord;
  /** fast-check replay data, for generated properties. */
  seed?: number;
  path?: string;
}

/** Proved symbolically, equal as rationals, or true on every case checked (docs/verdicts.md). */
export interface DecidedResult extends ResultBase {
  verdict: 'proved' | 'exact' | 'holds';
  counterexample?: never;
  replay?: never;
}

export interface RefutedResult extends ResultBase {
  verdict: 'refuted';
  counterexample: Counterexample;
  replay?: never;
}

export interface UnknownResult extends ResultBase {
  verdict: 'unknown';
  counterexample?: never;
  /** Present when the run replayed one case (a --path was given): it decides that case, never the claim. */
  replay?: ReplayResult;
}

export type PropertyResult = DecidedResult | RefutedResult | UnknownResult;

/**
 * The replay of one generated case (`check <id> --seed S --path P`): whether
 * that case passed, failed (with its counterexample) or could not be decided.
 */
export type ReplayResult = PassedReplay | FailedReplay | UndecidedReplay;

interface ReplayBase {
  seed: number;
  path: string;
  /** The case replayed, as the claim describes it (null when fast-check produced none). */
  case: EvidenceValue;
}

export interface PassedReplay extends ReplayBase {
  outcome: 'passed';
  reason: null;
}

export interface FailedReplay extends ReplayBase {
  outcome: 'failed';
  reason: null;
  /** The case as a counterexample, as a refuted run shows it. */
  counterexample: Counterexample;
}

export interface UndecidedReplay extends ReplayBase {
  outcome: 'undecided';
  /** Why the case was undecided, or why no case was replayed. */
  reason: string;
}

/** The counterexample a result shows: a refutation's, or a failed replay's (its case, shown as a refutation would show it); null otherwise. */
export function shownCounterexample(r: PropertyResult): Counterexample | null {
  if (r.verdict === 'refuted') return r.counterexample;
  return r.replay?.outcome === 'failed' ? r.replay.counterexample : null;
}
