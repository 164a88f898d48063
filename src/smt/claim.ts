/**
 * A claim for Z3: a statement over the reals, split into parts (queries). A part
 * is proved when its hypotheses with the negated conclusion are unsatisfiable
 * and its hypotheses alone are satisfiable (Z3 finds a point where they hold);
 * vacuous when its hypotheses alone are unsatisfiable (it says nothing about any
 * point); refuted by a model of hypotheses and negated conclusion whose exact
 * values pass an independent check; unknown otherwise (timeout, irrational
 * model, unconfirmed model), with why. A claim whose parts are all vacuous is
 * unknown: nothing was shown.
 */
import { ratString } from '../core/rational.ts';
import type { EvidenceRecord } from '../core/verdict.ts';
import { holds, type Assignment, type Prop } from './expr.ts';
import { checkSat, toSmtlib2, z3Context } from './z3.ts';
import { evaluateProp, type EvaluatedProp } from './evaluate.ts';

export interface Query {
  /** The part of the claim this query decides, for people. */
  readonly name: string;
  readonly hypotheses: readonly Prop[];
  readonly conclusion: Prop;
}

/** A numeric re-check of a counterexample with another method (fixed-point solver, ODE). */
export interface Confirmation {
  confirmed: boolean;
  detail: EvidenceRecord;
}

export interface SmtClaim {
  readonly id: string;
  /** The statement, with its quantifiers. */
  readonly statement: string;
  readonly source: string;
  /** What the size (`prove --size n`) counts in this claim, and the sizes allowed. */
  readonly sizeRange: { meaning: string; min: number; max: number };
  /** What exactly Z3 is asked, for the record (encodings, what is proved by hand). */
  readonly encoding: string;
  queries(size: number): Query[];
  /** Re-checks an exact counterexample numerically; absent where the exact check is all there is. */
  confirm?(size: number, query: Query, values: Assignment): Confirmation;
}

export type ClaimVerdict = 'proved' | 'refuted' | 'unknown';
/** A part's verdict: a claim's, or vacuous (its hypotheses cannot hold together). */
export type PartVerdict = ClaimVerdict | 'vacuous';

/** Z3's answer on the part's hypotheses alone: sat (the part is about something), unsat (vacuous), unknown (why). */
export interface HypothesesCheck {
  status: 'sat' | 'unsat' | 'unknown';
  seconds: number;
  reason: string | null;
}

export interface PartResult {
  part: string;
  verdict: PartVerdict;
  /** Both Z3 calls of the part. */
  seconds: number;
  reason: string | null;
  /** Z3 on the hypotheses alone, asked once the negated conclusion is unsat; null otherwise (a refuting model satisfies them). */
  hypotheses: HypothesesCheck | null;
  counterexample: Record<string, string> | null;
  /** The claimed conclusion evaluated exactly at the counterexample: both sides of every comparison. */
  conclusion: EvaluatedProp | null;
  confirmation: EvidenceRecord | null;
}

export interface ClaimResult {
  claim: string;
  /** The size decided (its meaning: the claim's sizeRange.meaning). */
  size: number;
  verdict: ClaimVerdict;
  /** The first refuted part's counterexample, exact rationals "p/q". */
  counterexample: Record<string, string> | null;
  reason: string | null;
  /** Wall time including Z3's start-up in this process. */
  seconds: number;
  parts: PartResult[];
}

function negated(q: Query): Prop[] {
  return [...q.hypotheses, q.conclusion.not()];
}

/**
 * A part whose negated form is unsat: proved only if its hypotheses can hold.
 * Z3 is asked about the hypotheses alone; unsat makes the part vacuous, and a
 * timeout leaves it unknown (an unshown non-vacuity is no proof).
 */
async function provedOrVacuous(q: Query, negatedSeconds: number, timeoutMs: number): Promise<PartResult> {
  const sat = await checkSat(q.hypotheses, timeoutMs);
  const hypotheses: HypothesesCheck = { status: sat.status, seconds: sat.seconds, reason: sat.status === 'unknown' ? sat.reason : null };
  const verdict: PartVerdict = sat.status === 'sat' ? 'proved' : sat.status === 'unsat' ? 'vacuous' : 'unknown';
  const reason =
    sat.status === 'sat'
      ? null
      : sat.status === 'unsat'
        ? `vacuous: Z3 finds the hypotheses unsatisfiable (unsat in ${sat.seconds.toFixed(2)} s), so this part says nothing`
        : `the negated conclusion is unsat, but whether the hypotheses can hold is undecided: Z3 returned unknown ` +
          `(${sat.reason}) after ${sat.seconds.toFixed(2)} s`;
  return { part: q.name, verdict, seconds: negatedSeconds + sat.seconds, reason, hypotheses, counterexample: null, conclusion: null, confirmation: null };
}

async function decidePart(claim: SmtClaim, size: number, q: Query, timeoutMs: number): Promise<PartResult> {
  const out = await checkSat(negated(q), timeoutMs);
  const result = (verdict: ClaimVerdict, reason: string | null, more: Partial<PartResult> = {}): PartResult => ({
    part: q.name,
    verdict,
    seconds: out.seconds,
    reason,
    hypotheses: null,
    counterexample: null,
    conclusion: null,
    confirmation: null,
    ...more,
  });
  if (out.status === 'unsat') return provedOrVacuous(q, out.seconds, timeoutMs);
  if (out.status === 'unknown') return result('unknown', `Z3 returned unknown (${out.reason}) after ${out.seconds.toFixed(2)} s`);
  const counterexample: Record<string, string> = {};
  for (const [k, v] of out.values) counterexample[k] = ratString(v);
  const irrational = Object.keys(out.irrational);
  if (irrational.length > 0) {
    const shown = irrational.map((k) => `${k} = ${out.irrational[k]}`).join(', ');
    return result('unknown', `Z3's counterexample has irrational coordinates (${shown}); it cannot be checked exactly`, { counterexample });
  }
  const exact = q.hypotheses.every((h) => holds(h, out.values)) && !holds(q.conclusion, out.values);
  if (!exact) return result('unknown', "Z3's model does not satisfy the hypotheses and the negated conclusion in exact arithmetic", { counterexample });
  const conclusion = evaluateProp(q.conclusion, out.values);
  let confirmation: Confirmation | undefined;
  try {
    confirmation = claim.confirm?.(size, q, out.values);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return result('unknown', `the numeric re-check of the counterexample failed to run: ${message}`, { counterexample });
  }
  if (confirmation && !confirmation.confirmed) {
    return result('unknown', 'the counterexample passed the exact check but not the numeric re-check', {
      counterexample,
      conclusion,
      confirmation: confirmation.detail,
    });
  }
  return result('refuted', null, { counterexample, conclusion, confirmation: confirmation?.detail ?? null });
}

/** Decides every part of the claim at one size; Z3's timeout applies to each part. */
export async function decideClaim(claim: SmtClaim, size: number, timeoutMs: number): Promise<ClaimResult> {
  const start = performance.now();
  await z3Context();
  const parts: PartResult[] = [];
  for (const q of claim.queries(size)) parts.push(await decidePart(claim, size, q, timeoutMs));
  const refuted = parts.find((p) => p.verdict === 'refuted');
  const unknown = parts.filter((p) => p.verdict === 'unknown');
  const vacuous = parts.filter((p) => p.verdict === 'vacuous');
  const allVacuous = parts.length > 0 && vacuous.length === parts.length;
  const verdict: ClaimVerdict = refuted ? 'refuted' : unknown.length > 0 || parts.length === 0 || allVacuous ? 'unknown' : 'proved';
  const vacuousNote = vacuous.length > 0 ? `vacuous (hypotheses unsatisfiable): ${vacuous.map((p) => p.part).join('; ')}` : null;
  return {
    claim: claim.id,
    size,
    verdict,
    counterexample: refuted?.counterexample ?? null,
    reason: refuted
      ? `refuted: ${refuted.part}`
      : unknown.length > 0
        ? unknown.map((p) => `${p.part}: ${p.reason}`).join('; ')
        : parts.length === 0
          ? `the claim has no parts at ${claim.sizeRange.meaning} = ${size}: nothing to prove`
          : allVacuous
            ? `every part is vacuous, nothing is proved: ${vacuousNote}`
            : vacuousNote,
    seconds: (performance.now() - start) / 1000,
    parts,
  };
}

/**
 * Every part as an SMT-LIB2 benchmark asserting hypotheses and the negated
 * conclusion (unsat = that part is proved), separated by (reset).
 */
export async function claimSmtlib2(claim: SmtClaim, size: number): Promise<string> {
  const blocks: string[] = [];
  for (const q of claim.queries(size)) {
    const text = await toSmtlib2(negated(q));
    blocks.push(`; lbcheck claim ${claim.id}, ${claim.sizeRange.meaning} = ${size}, part: ${q.name}\n; unsat means this part is proved\n${text.trim()}\n`);
  }
  return blocks.join('(reset)\n');
}
