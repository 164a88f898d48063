/**
 * A Z3 claim as a property for `lbcheck check`: the claim is decided at each
 * listed size; one refuted size refutes it, one undecided size leaves it unknown.
 * `proved` means proved at those sizes, which the claim's text names; no size
 * at all is `unknown`, never a vacuous proof.
 */
import { DEFAULT_TIMEOUT_MS } from '../core/numerical-policy.ts';
import type { Verdict } from '../core/verdict.ts';
import { decideClaim, type ClaimResult, type PartResult, type SmtClaim } from '../smt/claim.ts';
import { defineClaim } from './define.ts';
import type { Property } from './property.ts';

/** One refuted part: its name, its place among the claim's parts (from 1), Z3's model, both sides of its conclusion there, the numeric re-check. */
export type RefutedPart = Pick<PartResult, 'part' | 'counterexample' | 'conclusion' | 'confirmation'> & { index: number };

/** `check --json`'s counterexample of a refuted claim: the claim, the size decided, every refuted part. */
export type SmtRefutation = { kind: 'smt-refutation'; claim: string; size: number; parts: RefutedPart[] };

export function smtRefutation(r: ClaimResult): SmtRefutation {
  return {
    kind: 'smt-refutation',
    claim: r.claim,
    size: r.size,
    parts: r.parts.flatMap((p, i) =>
      p.verdict === 'refuted' ? [{ part: p.part, index: i + 1, counterexample: p.counterexample, conclusion: p.conclusion, confirmation: p.confirmation }] : [],
    ),
  };
}

/** The parts proved only vacuously (hypotheses unsatisfiable), named per size; "every part" when there is none. */
function vacuousText(results: readonly ClaimResult[]): string {
  const per = results.flatMap((r) => {
    const parts = r.parts.filter((p) => p.verdict === 'vacuous').map((p) => p.part);
    return parts.length > 0 ? [`at ${r.size}: ${parts.join('; ')}`] : [];
  });
  return per.length === 0 ? ', every part' : `; vacuous parts (hypotheses unsatisfiable, nothing shown) ${per.join(' | ')}`;
}

export function claimProperty(claim: SmtClaim, o: { sizes: readonly number[]; expected: Verdict }): Property {
  return defineClaim({
    id: `prove-${claim.id}`,
    claim: `${claim.statement} [decided for ${claim.sizeRange.meaning} = ${o.sizes.join(', ')}]`,
    source: claim.source,
    method: `Z3 (nonlinear real arithmetic), ${claim.sizeRange.meaning} = ${o.sizes.join(', ')}`,
    expected: o.expected,
    async run(ctx) {
      const results: ClaimResult[] = [];
      for (const size of o.sizes) {
        ctx.progress(`${claim.sizeRange.meaning} = ${size}`);
        results.push(await decideClaim(claim, size, DEFAULT_TIMEOUT_MS));
      }
      const refuted = results.find((r) => r.verdict === 'refuted');
      const unknown = results.filter((r) => r.verdict === 'unknown');
      const evidence = {
        encoding: claim.encoding,
        sizes: results.map((r) => ({
          size: r.size,
          verdict: r.verdict,
          seconds: Number(r.seconds.toFixed(3)),
          parts: r.parts.map((p) => `${p.part}: ${p.verdict}`),
        })),
      };
      const at = claim.sizeRange.meaning;
      if (refuted) {
        return { verdict: 'refuted', summary: `refuted at ${at} = ${refuted.size} (${refuted.reason})`, evidence, counterexample: smtRefutation(refuted) };
      }
      if (unknown.length > 0) {
        return { verdict: 'unknown', summary: `undecided at ${at} = ${unknown.map((r) => r.size).join(', ')}: ${unknown[0].reason}`, evidence };
      }
      if (results.length === 0) return { verdict: 'unknown', summary: 'no size was decided: nothing is proved', evidence };
      return { verdict: 'proved', summary: `proved for ${at} = ${o.sizes.join(', ')}${vacuousText(results)}`, evidence };
    },
  });
}
