/**
 * Theorem 1's coupling bounds B_better <= B <= B_worse at N = 2, 3 for every
 * lambda > 0 at once, not at sampled points: each blocking probability as an
 * exact rational function of lambda (src/parametric), the differences decided
 * by Sturm sequences. The worse system admits lambda' = R min{alpha_R lambda,
 * 1/R} (models/jiq-blocking/coupling.ts), so B_worse has two pieces: for
 * lambda < lambda* = 1 / (R alpha_R), B_worse = 1 - R alpha_R (1 - B'(R alpha_R
 * lambda)); for lambda > lambda*, B_worse = 1 - (1 - B'(1)) / lambda (B' the
 * admitted system's blocking, uniform alpha). lambda* itself is checked exactly.
 */
import {
  decideSign,
  defineClaim,
  type EvidenceRecord,
  Fraction,
  type OpenInterval,
  type Rational,
  type RationalFunction,
  rationalFunction as rf,
} from 'lbcheck';
import { betterParams, uniform } from 'lbcheck/models';
import {
  basicJiq,
  functionEvidence,
  intervalVerdict,
  jiqFunctions,
  PARAMETRIC_ALPHAS,
  POSITIVE_REALS,
  type IntervalCheck,
  type JiqFunctions,
} from './support/parametric-jiq.ts';

const one = rf.constant(new Fraction(1));

export interface Theorem1Functions {
  B: RationalFunction;
  better: RationalFunction;
  /** B_worse below and above the breakpoint lambda* = 1 / (R alpha_R). */
  worseLow: RationalFunction;
  worseHigh: RationalFunction;
  breakpoint: Rational;
  original: JiqFunctions;
}

export function theorem1Functions(alpha: readonly string[], N: number): Theorem1Functions {
  const base = basicJiq(alpha, N);
  const R = base.alpha.length;
  const original = jiqFunctions(base);
  const { lambda: _, ...better } = betterParams({ ...base, lambda: new Fraction(1) });
  const RalphaR = base.alpha[R - 1].mul(R);
  const breakpoint = new Fraction(1).div(RalphaR);
  const admitted = jiqFunctions({ ...base, alpha: uniform(R), beta: uniform(R) }, RalphaR).blocking; // B'(R alpha_R x)
  const atBreakpoint = rf.evaluate(admitted, breakpoint); // B' at lambda' = 1
  return {
    B: original.blocking,
    better: jiqFunctions(better).blocking,
    worseLow: rf.difference(one, rf.product(rf.constant(RalphaR), rf.difference(one, admitted))),
    worseHigh: rf.difference(one, rf.quotient(rf.constant(new Fraction(1).sub(atBreakpoint)), rf.identity)),
    breakpoint,
    original,
  };
}

function couplingCase(alpha: readonly string[], N: number): { label: string; checks: IntervalCheck[]; evidence: EvidenceRecord } {
  const { B, better: Bbetter, worseLow, worseHigh, breakpoint, original } = theorem1Functions(alpha, N);
  const R = alpha.length;
  const low: OpenInterval = { lo: new Fraction(0), hi: breakpoint };
  const high: OpenInterval = { lo: breakpoint, hi: null };
  const gap = (f: RationalFunction, g: RationalFunction, interval: OpenInterval, what: string): IntervalCheck => ({
    what,
    decision: decideSign(rf.difference(f, g), 'nonnegative', interval),
  });
  const worseAtBreakpoint = rf.evaluate(worseLow, breakpoint).sub(rf.evaluate(B, breakpoint));
  return {
    label: `R=${R} alpha=${alpha.join(',')} N=${N}`,
    checks: [
      gap(B, Bbetter, POSITIVE_REALS, 'B - B_better >= 0 on lambda > 0'),
      gap(worseLow, B, low, `B_worse - B >= 0 on 0 < lambda < ${breakpoint.toFraction()}`),
      gap(worseHigh, B, high, `B_worse - B >= 0 on lambda > ${breakpoint.toFraction()}`),
      {
        what: `B_worse - B >= 0 at lambda = ${breakpoint.toFraction()}`,
        decision: {
          verdict: worseAtBreakpoint.compare(0) >= 0 ? 'proved' : 'refuted',
          ...(worseAtBreakpoint.compare(0) < 0 ? { witness: { x: breakpoint.toFraction(), value: worseAtBreakpoint.toFraction() } } : {}),
          roots: 0,
          samples: 1,
          method: 'exact evaluation',
        },
      },
    ],
    evidence: functionEvidence(original),
  };
}

export const parametricCouplingBounds = defineClaim({
  id: 'parametric-coupling-bounds',
  claim:
    'JIQ blocking, beta = 1/R: B_better(lambda) <= B(lambda) <= B_worse(lambda) for every lambda > 0, ' +
    'at N = 2, 3 (R = 2: alpha = 3/5,2/5; R = 3: alpha = 1/2,3/10,1/5)',
  source: 'P1 Thm. 1 (proof: coupling of better and worse systems), at finite N for all lambda',
  method: 'exact rational functions of lambda (verified pi Q = 0 in Z[lambda]); Sturm sequences on each difference',
  expected: 'proved',
  run: () =>
    intervalVerdict(
      PARAMETRIC_ALPHAS.flatMap((alpha) => [2, 3].map((N) => couplingCase(alpha, N))),
      'B_better <= B <= B_worse',
    ),
});
