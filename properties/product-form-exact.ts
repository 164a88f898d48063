/**
 * THEORY section 2: without token exchange the stationary law of the JIQ blocking
 * chain is the closed-network product form. Compared state by state, exactly:
 * the CTMC by modular GTH + rational reconstruction, the product form by its
 * weights prod_i f_i(n_i) normalised by summing them (an independent route).
 * Stated at every point with nu = 0, so it can be swept.
 */
import { decidePoint, decodeInto, familyParameters, forAll, Fraction, type PointCheck, solveModel } from 'lbcheck';
import { jiqBlocking, type JiqBlockingParams } from 'lbcheck/models';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';
import { productFormRule, tooManyStates } from './support/jiq-point.ts';

/** Largest chain decided at a point (exact solve). */
const MAX_STATES = 2000;

/** Both laws state by state, exactly. */
function check(p: JiqBlockingParams): PointCheck & { states: number } {
  const solved = solveModel(jiqBlocking, p, { method: 'exact' });
  const { numerators, total } = solved.exact!.solution;
  const law = jiqBlocking.productForm!.law(p);
  const digits = new Int32Array(p.alpha.length);
  const weights = Array.from(solved.codes, (code) => {
    decodeInto(code, solved.radices, digits);
    return law.weightExact(digits);
  });
  const G = weights.reduce((a, b) => a.add(b), new Fraction(0));
  const differ = weights.filter((w, i) => !w.div(G).equals(new Fraction(numerators[i], total))).length;
  return { holds: differ === 0, states: weights.length, evidence: { states: weights.length, statesThatDiffer: differ } };
}

export const productFormExact = forAll({
  id: 'product-form-exact',
  claim:
    'JIQ blocking, nu = 0: pi(n) = (1/G) (lambda N)^{n_0}/n_0! prod_r (beta_r/alpha_r)^{n_r} in every state, exactly; ' +
    'R = 1..4, N <= 7, lambda in [0.1, 3], random alpha, beta',
  source: 'P1 Sec. III',
  method: 'exact CTMC vs product form (rationals), 30 random cases',
  expected: 'holds',
  cases: jiqBlockingParams({ R: [1, 4], N: [1, 7] }),
  numRuns: 30,
  eachCase: 'decided exactly, in rationals',
  describe: describeJiq,
  tally: { maxStates: 'max', statesCompared: 'sum' },
  check: (p, _ctx, tally) => {
    const r = check(p);
    tally.note('maxStates', r.states);
    tally.note('statesCompared', r.states);
    return r.holds;
  },
  parameters: familyParameters(jiqBlocking, {
    domain: `jiq-blocking points with nu = 0 whose chain has at most ${MAX_STATES} states (decided by an exact solve)`,
    outside: (p) => productFormRule(p) ?? tooManyStates(p, MAX_STATES, 'an exact solve'),
    at: (p) => decidePoint(describeJiq(p), 'exact', () => check(p)),
  }),
});
