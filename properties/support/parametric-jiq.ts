/**
 * jiq-blocking metrics as exact rational functions of lambda (src/parametric),
 * for claims decided on whole intervals of lambda. The chain at x has
 * lambda = scale * x, the other parameters as given.
 */
import {
  caseCounterexample,
  type EvidenceRecord,
  Fraction,
  Inconclusive,
  type OpenInterval,
  type ParametricEvidence,
  type PropertyResult,
  type Rational,
  type RationalFunction,
  type SignDecision,
  solveParametric,
} from 'lbcheck';
import { jiqBlocking, type JiqBlockingParams } from 'lbcheck/models';

export interface JiqFunctions {
  blocking: RationalFunction;
  busyFraction: RationalFunction;
  evidence: ParametricEvidence;
}

/** blocking and busyFraction of jiq-blocking at lambda = scale * x, as functions of x. */
export function jiqFunctions(p: Omit<JiqBlockingParams, 'lambda'>, scale: Rational = new Fraction(1)): JiqFunctions {
  const r = solveParametric('lambda', (x) => {
    const q: JiqBlockingParams = { ...p, lambda: x.mul(scale) };
    return (A) => jiqBlocking.ctmc(q, A);
  });
  if (r.status !== 'solved') throw new Inconclusive(`parametric solve: ${r.reason}`);
  return { blocking: r.metrics.blocking as RationalFunction, busyFraction: r.metrics.busyFraction as RationalFunction, evidence: r.evidence };
}

/** One interval claim of a case: the decision and where it was made. */
export interface IntervalCheck {
  what: string;
  decision: SignDecision;
}

/** R = 2 and R = 3 load splits the parametric claims are stated for (alpha sorted, beta = 1/R, nu = 0). */
export const PARAMETRIC_ALPHAS: readonly string[][] = [
  ['3/5', '2/5'],
  ['1/2', '3/10', '1/5'],
];

export function basicJiq(alpha: readonly string[], N: number): Omit<JiqBlockingParams, 'lambda'> {
  const a = alpha.map((t) => new Fraction(t));
  return { N, alpha: a, beta: a.map(() => new Fraction(1, a.length)), nu: new Fraction(0) };
}

export const POSITIVE_REALS: OpenInterval = { lo: new Fraction(0), hi: null };

/**
 * `proved` when every interval check of every case is proved; `refuted` with
 * the first failing case and its rational witness otherwise.
 */
export function intervalVerdict(cases: { label: string; checks: IntervalCheck[]; evidence: EvidenceRecord }[], claim: string): PropertyResult {
  const records = cases.map((c) => ({
    case: c.label,
    ...c.evidence,
    checks: c.checks.map((k) => ({
      what: k.what,
      verdict: k.decision.verdict,
      roots: k.decision.roots,
      ...(k.decision.witness ? { witness: k.decision.witness } : {}),
    })),
  }));
  const failed = cases.findIndex((c) => c.checks.some((k) => k.decision.verdict === 'refuted'));
  const method = cases[0]?.checks[0]?.decision.method ?? '';
  if (failed < 0)
    return {
      verdict: 'proved',
      summary: `${claim}: proved for all lambda in each of ${cases.length} cases (${method.split(' on ')[0]})`,
      evidence: { cases: records },
    };
  const bad = cases[failed].checks.find((k) => k.decision.verdict === 'refuted')!;
  return {
    verdict: 'refuted',
    summary: `${claim}: fails for ${cases[failed].label}: ${bad.what} at ${JSON.stringify(bad.decision.witness)}`,
    evidence: { cases: records },
    counterexample: caseCounterexample(records[failed]),
  };
}

/** Degrees and cost of a parametric solve, for evidence. */
export function functionEvidence(f: JiqFunctions): EvidenceRecord {
  const e = f.evidence;
  return {
    states: e.states,
    blockingDegree: [f.blocking.numerator.length - 1, f.blocking.denominator.length - 1],
    lawDegree: e.lawDegree ?? null,
    points: e.points ?? null,
    primes: e.primes ?? null,
    seconds: Number(e.seconds.toFixed(3)),
  };
}
