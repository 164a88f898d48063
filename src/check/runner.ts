/** Runs properties and collects their verdicts; an exception inside a claim is an `unknown`, with why. */
import { UsageError } from '../core/errors.ts';
import type { EvidenceValue, PropertyResult, Verdict } from '../core/verdict.ts';
import { claimHeader, type Property, type RunContext } from './property.ts';

/** The seed `lbcheck check` and claim sweeps hand to claims unless told otherwise. */
export const DEFAULT_SEED = 42;

export interface CheckResult extends PropertyResult {
  id: string;
  claim: string;
  source: string;
  method: string;
  expected: Verdict;
  /** The verdict is the one expected (a known-false claim refuted counts). */
  asExpected: boolean;
  seconds: number;
}

export function selectProperties(all: readonly Property[], ids: readonly string[]): Property[] {
  if (ids.length === 0) return [...all];
  return ids.map((id) => {
    const p = all.find((q) => q.id === id);
    if (!p) throw new UsageError(`unknown property "${id}" (known: ${all.map((q) => q.id).join(', ')})`);
    return p;
  });
}

/** Verdicts that satisfy an expectation: a proof or exact equality also satisfies "holds". */
function satisfies(verdict: Verdict, expected: Verdict): boolean {
  if (verdict === expected) return true;
  return expected === 'holds' && (verdict === 'exact' || verdict === 'proved');
}

export async function runProperty(p: Property, ctx: RunContext): Promise<CheckResult> {
  const start = performance.now();
  let result: PropertyResult;
  try {
    result = await p.run(ctx);
  } catch (e) {
    // Whatever a claim throws (a user's claim included) makes it unknown; the other claims still run.
    const message = e instanceof Error ? e.message : String(e);
    result = { verdict: 'unknown', summary: `the check failed to run: ${message}`, evidence: {} };
  }
  return {
    ...claimHeader(p),
    asExpected: satisfies(result.verdict, p.expected),
    ...result,
    seconds: (performance.now() - start) / 1000,
  };
}

/** A result as `lbcheck check --json` prints it (and a claim sweep writes it per point). */
export function checkResultJson(r: CheckResult, seed: number): Record<string, unknown> {
  return {
    id: r.id, claim: r.claim, source: r.source, method: r.method, verdict: r.verdict, expected: r.expected,
    asExpected: r.asExpected, summary: r.summary, evidence: r.evidence, counterexample: r.counterexample ?? null,
    seed: r.seed ?? seed, path: r.path ?? null, seconds: r.seconds,
  };
}

/** Evidence as "key=value" text for tables; records nested in arrays get a line each. */
export function evidenceText(e: Record<string, EvidenceValue>): string {
  const value = (v: EvidenceValue): string => {
    if (Array.isArray(v)) {
      return v.some((x) => typeof x === 'object' && x !== null && !Array.isArray(x))
        ? v.map((x) => `\n  ${value(x)}`).join('')
        : `[${v.map(value).join(', ')}]`;
    }
    if (typeof v === 'object' && v !== null) return Object.entries(v).map(([k, x]) => `${k}=${value(x)}`).join(' ');
    return typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(4)).toString() : String(v);
  };
  return Object.entries(e).map(([k, v]) => `${k}=${value(v)}`).join(', ');
}
