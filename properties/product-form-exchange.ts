/**
 * THEORY section 2: "with nu > 0 the product form fails (exchange makes routing
 * out of station r state-dependent)". Stated as the claim that it still holds,
 * this is expected to be refuted: fast-check shrinks to the smallest system
 * whose global balance the product form violates, and the state is printed.
 * Stated at every point with nu > 0, so it can be swept (refuted at each point).
 */
import { balanceCounterexample, certify, decidePoint, evidenceOf, exactArith, familyParameters, forAll, ratString } from 'lbcheck';
import { jiqBlocking, type JiqBlockingParams } from 'lbcheck/models';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';
import { tooManyStates } from './support/jiq-point.ts';

/** Largest chain certified at a point (one exact pass over the transitions). */
const MAX_STATES = 20_000;

const certificate = (p: JiqBlockingParams) => certify(jiqBlocking.ctmc(p, exactArith), jiqBlocking.productForm!.law(p));

export const productFormExchange = forAll({
  id: 'product-form-exchange',
  claim: 'JIQ blocking with token exchange nu > 0: the product form of the nu = 0 network is still the stationary law (R = 1..3, N <= 6)',
  source: 'P1 Sec. III-IV (the paper says it fails)',
  method: 'exact certificate (pi Q = 0 in rationals)',
  expected: 'refuted',
  cases: jiqBlockingParams({ R: [1, 3], N: [1, 6], exchange: 'always' }),
  numRuns: 50,
  eachCase: 'decided exactly, in rationals',
  describe: (p) => {
    const failure = certificate(p).counterexample;
    return failure ? balanceCounterexample(describeJiq(p), failure) : describeJiq(p);
  },
  check: (p) => certificate(p).holds,
  parameters: familyParameters(jiqBlocking, {
    domain: `jiq-blocking points with nu > 0 whose chain has at most ${MAX_STATES} states (an exact balance certificate)`,
    outside: (p) =>
      (p.nu.compare(0) > 0 ? null : `the claim is about token exchange: nu must be > 0, got nu = ${ratString(p.nu)}`) ??
      tooManyStates(p, MAX_STATES, 'the certificate'),
    at: (p) =>
      decidePoint(describeJiq(p), 'exact', () => {
        const c = certificate(p);
        return {
          holds: c.holds,
          evidence: { states: c.states, transitions: c.transitions },
          ...(c.counterexample ? { counterexample: { balance: evidenceOf(c.counterexample) } } : {}),
        };
      }),
  }),
});
