/**
 * Little's law for the busy servers of JIQ blocking: E[n_0] = lambda N (1 - B),
 * i.e. busyFraction = lambda (1 - blocking), exactly in rationals, with or without
 * token exchange (THEORY section 1; PASTA gives B = sum_r alpha_r P(n_r = 0)).
 * Stated at every point, so it can be swept (`lbcheck sweep check little-law-blocking`).
 */
import { decidePoint, familyParameters, forAll, Inconclusive, metricsOf, type PointCheck, ratString, solveModel } from 'lbcheck';
import { jiqBlocking, type JiqBlockingParams } from 'lbcheck/models';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';
import { tooManyStates } from './support/jiq-point.ts';

/** Largest chain decided at a point (exact solves of 1,035 states take ~3 s CPU). */
const MAX_STATES = 2000;

function check(p: JiqBlockingParams): PointCheck & { states: number } {
  const s = solveModel(jiqBlocking, p, { method: 'exact' });
  if (!s.exact) throw new Inconclusive('the exact solver did not run');
  const { blocking, busyFraction } = metricsOf(jiqBlocking, s.exact.values);
  const law = p.lambda.mul(blocking.neg().add(1));
  return {
    holds: busyFraction.equals(law),
    states: s.evidence.states,
    evidence: { states: s.evidence.states, busyFraction: ratString(busyFraction), lambdaTimesOneMinusBlocking: ratString(law) },
  };
}

export const littleLawBlocking = forAll({
  id: 'little-law-blocking',
  claim: 'JIQ blocking: E[n_0] = lambda N (1 - B) exactly; R <= 3, N <= 8, lambda in [0.1, 3], any alpha, beta, nu >= 0',
  source: "P1 Sec. II; Little's law",
  method: 'exact CTMC (rationals), 40 random cases',
  expected: 'holds',
  cases: jiqBlockingParams({ R: [1, 3], N: [1, 8], exchange: 'some' }),
  numRuns: 40,
  eachCase: 'decided exactly, in rationals',
  describe: describeJiq,
  tally: { maxStates: 'max' },
  check: (p, _ctx, tally) => {
    const r = check(p);
    tally.note('maxStates', r.states);
    return r.holds;
  },
  parameters: familyParameters(jiqBlocking, {
    domain: `any jiq-blocking point whose chain has at most ${MAX_STATES} states (decided by an exact solve)`,
    outside: (p) => tooManyStates(p, MAX_STATES, 'an exact solve'),
    at: (p) => decidePoint(describeJiq(p), 'exact', () => check(p)),
  }),
});
