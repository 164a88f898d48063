/**
 * Little's law for the busy servers of JIQ blocking as an identity in lambda:
 * busyFraction(lambda) = lambda (1 - B(lambda)) as rational functions (their
 * difference is the zero function), with token exchange and unequal beta too.
 */
import { decideSign, defineClaim, Fraction, rationalFunction as rf } from 'lbcheck';
import { basicJiq, functionEvidence, intervalVerdict, jiqFunctions, POSITIVE_REALS } from './support/parametric-jiq.ts';

const CASES = [
  { alpha: ['3/5', '2/5'], N: 3, beta: undefined, nu: '0' },
  { alpha: ['3/5', '2/5'], N: 4, beta: ['1/4', '3/4'], nu: '1/2' },
  { alpha: ['1/2', '3/10', '1/5'], N: 3, beta: undefined, nu: '2' },
];

export const parametricLittleLaw = defineClaim({
  id: 'parametric-little-law',
  claim:
    "JIQ blocking: busyFraction(lambda) = lambda (1 - B(lambda)) identically in lambda (Little's law), R = 2, 3, N = 3, 4, with and without token exchange",
  source: "P1 Sec. II; Little's law",
  method: 'exact rational functions of lambda; the difference is the zero function',
  expected: 'proved',
  run: () =>
    intervalVerdict(
      CASES.map((c) => {
        const base = basicJiq(c.alpha, c.N);
        const f = jiqFunctions({ ...base, nu: new Fraction(c.nu), ...(c.beta ? { beta: c.beta.map((t) => new Fraction(t)) } : {}) });
        const gap = rf.difference(f.busyFraction, rf.product(rf.identity, rf.difference(rf.constant(new Fraction(1)), f.blocking)));
        return {
          label: `alpha=${c.alpha.join(',')} N=${c.N} beta=${(c.beta ?? ['1/R']).join(',')} nu=${c.nu}`,
          checks: [{ what: 'busyFraction - lambda (1 - B) = 0', decision: decideSign(gap, 'zero', POSITIVE_REALS) }],
          evidence: functionEvidence(f),
        };
      }),
      "Little's law",
    ),
});
