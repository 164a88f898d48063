/**
 * Join-the-Idle-Queue with R dispatchers, queueing scenario [P1] (THEORY sections 1, 3):
 * a job without a token goes to a uniformly random server. The family's views
 * live in models/jiq-queueing/: params, ctmc (lumped, queues cut at K), limits,
 * fixed point and fluid ODE, the per-server simulator and its regression panel.
 */
import { capTruncation, DEFAULT_BOUNDARY_TOLERANCE, defineFamily, firstK, ratToNumber, tailK } from 'lbcheck';
import { jiqToJSON, withDefaultBeta } from './jiq-blocking/params.ts';
import { ctmc } from './jiq-queueing/ctmc.ts';
import { fluidView } from './jiq-queueing/fluid.ts';
import { queueingWaitLimit } from './jiq-queueing/limits.ts';
import { params, validate, type JiqQueueingParams } from './jiq-queueing/params.ts';
import { metrics, probabilities } from './jiq-queueing/metrics.ts';
import { simulatorView } from './jiq-queueing/simulator.ts';
import { largestK } from './support/queue-code-space.ts';

export type { JiqQueueingParams } from './jiq-queueing/params.ts';
export { queueingWaitLimit } from './jiq-queueing/limits.ts';

export const jiqQueueing = defineFamily<typeof params, JiqQueueingParams, typeof metrics>({
  id: 'jiq-queueing',
  title: 'JIQ with R dispatchers, queueing scenario (jobs without a token go to a random server)',
  params,
  metrics,
  probabilities,
  example: { N: '3', lambda: '1/2', alpha: '3/5,2/5', K: '3' },
  defaults: withDefaultBeta,
  check: validate,
  toJSON: (p) => ({ ...jiqToJSON(p), ...(p.K !== undefined ? { K: p.K } : {}) }),
  ctmc,
  simulator: simulatorView,
  fluid: fluidView,
  truncation: capTruncation({
    // Fluid fixed point: a fraction lambda (1 - l) l^{K-1} of servers hold >= K jobs
    // (l = lim P(W > 0)); finite N has heavier tails, so the search starts here.
    initialK: (p) => {
      const l = ratToNumber(queueingWaitLimit(p).waitProbability);
      const lambda = ratToNumber(p.lambda);
      return firstK(p.N, (K) => lambda * l ** (K - 1), DEFAULT_BOUNDARY_TOLERANCE, largestK(p.N, p.alpha.length - 1));
    },
    // C(N + K + R - 1, N) states: each level multiplies them by about (N + K + R)/(K + R).
    nextK: (_p, K) => K + 1,
    // The projection's cap: with every server busy (no tokens) jobs are routed at
    // random, so each queue's tail falls at least like an M/M/1 queue of load lambda.
    projectionK: (p) => tailK(p.N, ratToNumber(p.lambda), largestK(p.N, p.alpha.length - 1)),
    largestK: (p) => largestK(p.N, p.alpha.length - 1),
  }),
});
