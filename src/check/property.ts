/**
 * A claim made executable: its statement, where it comes from, how lbcheck
 * decides it, and the verdict expected (a claim may be known to be false).
 */
import type { ParamSpecs } from '../core/params.ts';
import type { Verdict } from '../core/verdict.ts';
import type { PropertyResult } from './result.ts';
import type { TraceReplay } from './trace-claim.ts';

export interface RunContext {
  /** Seed for generated cases (fast-check); a seed reproduces a run. */
  seed: number;
  /** fast-check path to replay one shrunk counterexample. */
  path?: string;
  /** Progress for long work (stderr on a terminal only). */
  progress(what: string): void;
}

export interface Property {
  readonly id: string;
  /** The statement, with its quantifiers. */
  readonly claim: string;
  /** Paper and section. */
  readonly source: string;
  readonly method: string;
  /** refuted when the claim is known to be false. */
  readonly expected: Verdict;
  run(ctx: RunContext): Promise<PropertyResult> | PropertyResult;
  /** For claims on coupled traces: replays an edited counterexample (the explorer). */
  readonly trace?: TraceReplay;
  /** For claims stated at every point of a parameter space: decides one point (`lbcheck sweep check <id>`). */
  readonly parameters?: ClaimParameters;
}

/**
 * The parameters of a claim stated pointwise ("for every N, lambda, alpha with
 * nu = 0: ..."), declared like a family's, so that a sweep can decide the claim
 * at each point of a grid. Build one with familyParameters or claimParameters
 * (check/define.ts).
 */
export interface ClaimParameters {
  /** The options of `lbcheck sweep check <id>` (intParam, rationalParam, ...). */
  readonly specs: ParamSpecs;
  /** The points the claim is decided at, in words (shown in --help and `check --list`). */
  readonly domain: string;
  /** Reads one point's option text, checking each parameter and the domain's rules (a UsageError naming the rule broken). */
  parse(raw: Readonly<Record<string, string | undefined>>): unknown;
  /** Decides the claim at a point that parse returned. */
  at(point: unknown, ctx: RunContext): Promise<PropertyResult> | PropertyResult;
}

/** What a claim says, where from, how it is decided and what is expected: the fields every listing of claims shows. */
export function claimHeader(
  p: Pick<Property, 'id' | 'claim' | 'source' | 'method' | 'expected'>,
): Pick<Property, 'id' | 'claim' | 'source' | 'method' | 'expected'> {
  return { id: p.id, claim: p.claim, source: p.source, method: p.method, expected: p.expected };
}
