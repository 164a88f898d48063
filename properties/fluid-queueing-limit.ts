/**
 * The JIQ queueing limits out of the fluid [P1] (THEORY section 3): the queueing
 * fluid ODE, run from a random state until it settles, has P(W > 0) = l and
 * E[W] = l/(1 - l), with l the exact root of the fixed-point equation
 * sum_r [beta_r lambda (1 - l) + nu (1 - lambda)/R - alpha_r lambda]^+ = (l + nu)(1 - lambda).
 * The ODE keeps every level y_i; the root equation is the derived reduction.
 */
import fc from 'fast-check';
import { metricsOf, ratString, ratToNumber, settlesWithin } from 'lbcheck';
import { jiqQueueing, type JiqQueueingParams, queueingWaitLimit } from 'lbcheck/models';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';

const TOLERANCE = 1e-7;

/** A start: a share `busy` of servers with one job, the idle ones' tokens split by `weights`. */
function startState(p: JiqQueueingParams, busy: number, weights: number[]): Float64Array {
  const total = weights.reduce((a, b) => a + b, 0);
  const idle = 1 - busy;
  return view.start(p, [idle, busy, ...weights.map((w) => (idle * w) / total)]);
}

const view = jiqQueueing.fluid!;

export const fluidQueueingLimit = settlesWithin({
  id: 'fluid-queueing-limit',
  claim:
    'for all R in 2..4, lambda in [0.1, 0.9], alpha, beta, nu in {0} u [1/4, 2] and starts with some busy servers: ' +
    'the queueing fluid ODE settles at P(W > 0) = l and E[W] = l/(1 - l), l the exact root of docs/THEORY.md §3 (within 1e-7)',
  source: 'P1 Sec. IV-V (queueing scenario); docs/THEORY.md §3',
  method: 'adaptive ODE (dopri5 with face events, all levels) vs exact root, 30 generated cases',
  expected: 'holds',
  cases: jiqBlockingParams({ R: [2, 4], N: [1, 1], lambdaPercent: [10, 90], exchange: 'some' }).chain((b) => {
    const p: JiqQueueingParams = { ...b, K: undefined };
    return fc
      .record({
        busy: fc.integer({ min: 0, max: 9 }).map((k) => k / 10),
        weights: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: b.alpha.length, maxLength: b.alpha.length }),
      })
      .map(({ busy, weights }) => ({ p, busy, weights }));
  }),
  numRuns: 30,
  tolerance: TOLERANCE,
  worst: 'worstError',
  ode: ({ p, busy, weights }) => ({ system: view.system(p), start: startState(p, busy, weights) }),
  error: ({ p }, x) => {
    const m = metricsOf(jiqQueueing, view.metrics(p, x));
    const l = ratToNumber(queueingWaitLimit(p).waitProbability);
    return Math.max(Math.abs(m.waitProbability - l), Math.abs(m.meanWait - l / (1 - l)));
  },
  describe: ({ p, busy, weights }) => ({ ...(describeJiq(p) as object), busy, tokenWeights: weights, l: ratString(queueingWaitLimit(p).waitProbability) }),
});
