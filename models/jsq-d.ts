/**
 * JSQ(d), power-of-d load balancing [P2] (THEORY section 4): d = N is JSQ,
 * d = 1 random routing. The family's views live in models/jsq-d/: params,
 * ctmc (lumped by exchangeability, queues cut at K), the same chain declared
 * through the population builder (population.ts, for tests and bench), the
 * mean-field limits and fluid ODE, the per-server simulator and its
 * regression panel, the ordered-queue systems of P2's coupling.
 */
import { budgetText, capTruncation, DEFAULT_BOUNDARY_TOLERANCE, defineFamily, firstK, LARGEST_BUDGET, ratString, ratToNumber, tailK } from 'lbcheck';
import { ctmc } from './jsq-d/ctmc.ts';
import { fluidView } from './jsq-d/fluid.ts';
import { meanFieldTail } from './jsq-d/limits.ts';
import { params, validate, type JsqdParams } from './jsq-d/params.ts';
import { metrics, probabilities } from './jsq-d/metrics.ts';
import { simulatorView } from './jsq-d/simulator.ts';
import { largestK } from './support/queue-code-space.ts';

export type { JsqdParams } from './jsq-d/params.ts';
export { meanFieldSojourn, meanFieldTail } from './jsq-d/limits.ts';
export { meanFieldParams } from './jsq-d/fluid.ts';

/**
 * The queue cap of the chain the projection explores. d = 1: N M/M/1 queues of
 * load lambda (tailK). d >= 2: with every server busy the number of jobs is a
 * birth-death walk of ratio lambda per job, so the shortest queue's level falls
 * by lambda^N per level, and the imbalance above it is short-tailed: the levels
 * down to 1e-15 of mass, plus 16 for the imbalance. Measured at N = 6, d = 2,
 * lambda = 0.9 (a 2.3M-state law of frontier mass 1e-16): the longest queue
 * exceeds 55 (the levels) with probability 9e-15 and 70 with 1e-18. A cap too
 * short shows in the evidence: the states at K stay on the boundary, whose mass
 * then stops falling.
 */
function projectionK(p: JsqdParams): number {
  const lambda = ratToNumber(p.lambda);
  const maxK = largestK(p.N, 0);
  const random = tailK(p.N, lambda, maxK);
  if (p.d === 1) return random;
  return Math.min(random, Math.ceil(Math.log(1e-15) / (p.N * Math.log(lambda))) + 16);
}

/**
 * Why no automatic K can succeed: with every server busy the number of jobs is
 * a birth-death walk of ratio lambda per job, so the mass beyond L jobs falls
 * like lambda^L, and a boundary mass of 1e-12 needs about ln(1e-12)/ln(lambda)
 * levels of jobs, at least one state each. Past the largest state budget (1e8)
 * no search reaches it (lambda > 1 - 2.8e-7).
 */
function tailTooLong(p: JsqdParams): string | null {
  const levels = Math.log(DEFAULT_BOUNDARY_TOLERANCE) / Math.log(ratToNumber(p.lambda));
  if (!(levels > LARGEST_BUDGET)) return null;
  return (
    `lambda = ${ratString(p.lambda)} is so close to 1 that the queues' tail falls by only a factor lambda per job: ` +
    `a boundary mass of ${DEFAULT_BOUNDARY_TOLERANCE} needs about ${levels.toExponential(1)} levels of jobs, at least one state each, ` +
    `more than the largest state budget (${budgetText(LARGEST_BUDGET)} states)`
  );
}

export const jsqD = defineFamily<typeof params, JsqdParams, typeof metrics>({
  id: 'jsq-d',
  title: 'JSQ(d): each arrival joins the shortest of d servers sampled uniformly (d = N: JSQ, d = 1: random)',
  params,
  metrics,
  probabilities,
  example: { N: '3', lambda: '1/2', d: '2', K: '4' },
  check: validate,
  ctmc,
  simulator: simulatorView,
  fluid: fluidView,
  truncation: capTruncation({
    // N s_K at the mean-field fixed point estimates the boundary mass; finite N has
    // heavier tails, so this is where the search starts, not where it ends.
    initialK: (p) => firstK(p.N, (K) => meanFieldTail(ratToNumber(p.lambda), p.d, K), DEFAULT_BOUNDARY_TOLERANCE, largestK(p.N, 0)),
    // C(N + K, K) states: each level multiplies them by about (N + K)/K.
    nextK: (_p, K) => K + 1,
    unstable: tailTooLong,
    projectionK,
    largestK: (p) => largestK(p.N, 0),
  }),
});
