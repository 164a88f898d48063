/**
 * THEORY section 2 at sizes beyond exact solves: the float CTMC solved by GTH
 * (no subtractions: every probability to high relative precision) against the
 * log-scaled product form, state by state and for the metrics, to 1e-12 relative.
 * Stated at every point with nu = 0, so it can be swept.
 */
import { decidePoint, decodeInto, familyParameters, forAll, Inconclusive, metricsOf, type PointCheck, solveModel } from 'lbcheck';
import { jiqBlocking, type JiqBlockingParams } from 'lbcheck/models';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';
import { productFormRule, tooManyStates } from './support/jiq-point.ts';

const TOLERANCE = 1e-12;

/** log sum_i exp(x_i), stably. */
function logSumExp(xs: Float64Array): number {
  const m = xs.reduce((a, b) => Math.max(a, b), -Infinity);
  let s = 0;
  for (const x of xs) s += Math.exp(x - m);
  return m + Math.log(s);
}

/** Largest chain decided at a point (the generated cases reach 11,476: R = 2, N = 150). */
const MAX_STATES = 12_000;

/** The GTH law against the log-scaled product form, state by state and in B (relative errors). */
function check(p: JiqBlockingParams): PointCheck & { states: number; residual: number; stateErr: number; blockingErr: number } {
  const solved = solveModel(jiqBlocking, p, { method: 'gth' });
  if (!solved.evidence.converged) throw new Inconclusive('GTH did not produce a law');
  const pf = jiqBlocking.productForm!;
  const law = pf.law(p);
  const digits = new Int32Array(solved.radices.length);
  const logW = Float64Array.from(solved.codes, (code) => {
    decodeInto(code, solved.radices, digits);
    return law.logWeight(digits);
  });
  const logG = logSumExp(logW);
  let stateErr = 0;
  logW.forEach((lw, i) => (stateErr = Math.max(stateErr, Math.abs(solved.pi[i] / Math.exp(lw - logG) - 1))));
  const blockingErr = Math.abs(metricsOf(jiqBlocking, solved.metrics).blocking / metricsOf(jiqBlocking, pf.metrics(p), ['blocking']).blocking - 1);
  const { states, residual } = solved.evidence;
  return {
    holds: stateErr <= TOLERANCE && blockingErr <= TOLERANCE,
    states,
    residual,
    stateErr,
    blockingErr,
    evidence: { tolerance: TOLERANCE, states, residual, stateRelError: stateErr, blockingRelError: blockingErr },
  };
}

/** Largest N generated per R (the chain stays within MAX_STATES). */
const MAX_N = [0, 0, 150, 30, 14];

export const productFormFloat = forAll({
  id: 'product-form-float',
  claim:
    `JIQ blocking, nu = 0: the CTMC law equals the product form to ${TOLERANCE} relative in every state and in B; ` +
    'R = 2 with N <= 150, R = 3 with N <= 30, R = 4 with N <= 14',
  source: 'P1 Sec. III',
  method: 'GTH CTMC vs log-scaled product form',
  expected: 'holds',
  cases: jiqBlockingParams({ R: [2, 4], N: [10, 150] }).filter((p) => p.N <= MAX_N[p.alpha.length]),
  numRuns: 12,
  describe: describeJiq,
  tally: { maxStates: 'max', maxResidual: 'max', worstStateRelError: 'max', worstBlockingRelError: 'max' },
  evidence: (tally) => ({ tolerance: TOLERANCE, ...tally.record() }),
  check: (p, _ctx, tally) => {
    const r = check(p);
    tally.note('maxStates', r.states);
    tally.note('maxResidual', r.residual);
    tally.note('worstStateRelError', r.stateErr);
    tally.note('worstBlockingRelError', r.blockingErr);
    return r.holds;
  },
  parameters: familyParameters(jiqBlocking, {
    domain: `jiq-blocking points with nu = 0 whose chain has at most ${MAX_STATES} states (decided by GTH, to ${TOLERANCE} relative)`,
    outside: (p) => productFormRule(p) ?? tooManyStates(p, MAX_STATES, 'GTH'),
    at: (p) => decidePoint(describeJiq(p), 'holds', () => check(p)),
  }),
});
