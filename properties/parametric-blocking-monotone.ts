/**
 * Monotonicity of the finite-N blocking probability of basic JIQ, for every
 * lambda > 0 at once (exact rational functions of lambda, Sturm sequences):
 * B(N, lambda) is strictly increasing in lambda (B' > 0), and one server more
 * never blocks more, B(N + 1, lambda) <= B(N, lambda).
 */
import { decideSign, defineClaim, rationalFunction as rf } from 'lbcheck';
import { basicJiq, functionEvidence, intervalVerdict, jiqFunctions, PARAMETRIC_ALPHAS, POSITIVE_REALS } from './support/parametric-jiq.ts';

const NS = [1, 2, 3, 4, 5];

export const parametricBlockingIncreasing = defineClaim({
  id: 'parametric-blocking-increasing',
  claim: 'JIQ blocking, beta = 1/R: dB(N, lambda)/dlambda > 0 for every lambda > 0, N = 1..5 (R = 2: alpha = 3/5,2/5; R = 3: alpha = 1/2,3/10,1/5)',
  source: 'finite-N monotonicity in the load (P1 Sec. II setting)',
  method: 'exact rational function of lambda; Sturm sequences on the derivative',
  expected: 'proved',
  run: () =>
    intervalVerdict(
      PARAMETRIC_ALPHAS.flatMap((alpha) =>
        NS.map((N) => {
          const f = jiqFunctions(basicJiq(alpha, N));
          return {
            label: `alpha=${alpha.join(',')} N=${N}`,
            checks: [{ what: "B'(lambda) > 0 on lambda > 0", decision: decideSign(rf.derivativeOf(f.blocking), 'positive', POSITIVE_REALS) }],
            evidence: functionEvidence(f),
          };
        }),
      ),
      'B increasing in lambda',
    ),
});

export const parametricBlockingDecreasingInN = defineClaim({
  id: 'parametric-blocking-decreasing-in-n',
  claim: 'JIQ blocking, beta = 1/R: B(N + 1, lambda) <= B(N, lambda) for every lambda > 0, N = 1..4 (R = 2: alpha = 3/5,2/5; R = 3: alpha = 1/2,3/10,1/5)',
  source: 'finite-N monotonicity in the system size (economies of scale; P1 Thm. 1 is its N -> infinity limit)',
  method: 'exact rational functions of lambda; Sturm sequences on B(N) - B(N + 1)',
  expected: 'proved',
  run: () =>
    intervalVerdict(
      PARAMETRIC_ALPHAS.flatMap((alpha) => {
        const fs = NS.map((N) => jiqFunctions(basicJiq(alpha, N)));
        return NS.slice(0, -1).map((N, k) => ({
          label: `alpha=${alpha.join(',')} N=${N}`,
          checks: [
            {
              what: `B(${N}) - B(${N + 1}) >= 0 on lambda > 0`,
              decision: decideSign(rf.difference(fs[k].blocking, fs[k + 1].blocking), 'nonnegative', POSITIVE_REALS),
            },
          ],
          evidence: functionEvidence(fs[k + 1]),
        }));
      }),
      'B(N + 1) <= B(N)',
    ),
});
