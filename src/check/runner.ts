/** Runs properties and collects their verdicts; an exception inside a claim is an `unknown`, with why. */
import { UsageError } from '../core/errors.ts';
import type { Verdict } from '../core/verdict.ts';
import { claimHeader, type Property, type RunContext } from './property.ts';
import { COUNTEREXAMPLE_KINDS, isCounterexample } from './counterexample.ts';
import type { PropertyResult } from './result.ts';

/** The seed `lbcheck check` and claim sweeps hand to claims unless told otherwise. */
export const DEFAULT_SEED = 42;

/** A claim's result with the claim's header, whether the verdict is the one expected (a known-false claim refuted counts), and its time. */
export type CheckResult = PropertyResult & Pick<Property, 'id' | 'claim' | 'source' | 'method' | 'expected'> & { asExpected: boolean; seconds: number };

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

/** What TypeScript holds a claim to, checked where it cannot (a user's .js claim): a refutation shows a counterexample of a known kind, or decides nothing. */
function checked(r: PropertyResult): PropertyResult {
  if (r.verdict !== 'refuted' || isCounterexample(r.counterexample)) return r;
  const summary = `the claim returned refuted without a counterexample of a known kind (${COUNTEREXAMPLE_KINDS.join(', ')}): nothing is shown`;
  return { verdict: 'unknown', summary, evidence: r.evidence };
}

export async function runProperty(p: Property, ctx: RunContext): Promise<CheckResult> {
  const start = performance.now();
  let result: PropertyResult;
  try {
    result = checked(await p.run(ctx));
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
