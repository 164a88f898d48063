/**
 * Theorem 1 [P1] out of the fluid: the blocking fluid ODE (nu = 0), run from the
 * empty system until it settles, blocks the share max{1 - min_r alpha_r/beta_r, 1 - 1/lambda}
 * of the arrivals (1 - R alpha_R for uniform beta): the closed form against a
 * numerical ODE solution. Parameters on the critical curve lambda min_r alpha_r/beta_r = 1,
 * where the ODE approaches its fixed point only algebraically, are left out.
 */
import { metricsOf, ratString, ratToNumber, settlesWithin } from 'lbcheck';
import { jiqBlocking, limitingBlocking } from 'lbcheck/models';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';

const TOLERANCE = 1e-8;
const view = jiqBlocking.fluid!;

export const fluidBlockingTheorem1 = settlesWithin({
  id: 'fluid-blocking-theorem1',
  claim:
    'for all R in 2..4, lambda in [0.1, 3], alpha, beta off the critical curve: ' +
    'the blocking fluid ODE (nu = 0) from the empty system settles at B = max{1 - min_r alpha_r/beta_r, 1 - 1/lambda} (within 1e-8)',
  source: 'P1 Thm. 1; docs/THEORY.md §3',
  method: 'adaptive ODE (dopri5 with face events) vs closed form, 40 generated cases',
  expected: 'holds',
  cases: jiqBlockingParams({ R: [2, 4], N: [1, 1] }).filter((p) => !limitingBlocking(p).critical),
  numRuns: 40,
  tolerance: TOLERANCE,
  worst: 'worstError',
  ode: (p) => ({ system: view.system(p), start: view.start(p) }),
  error: (p, x) => Math.abs(metricsOf(jiqBlocking, view.metrics(p, x)).blocking - ratToNumber(limitingBlocking(p).value)),
  describe: (p) => ({ ...(describeJiq(p) as object), theorem1: ratString(limitingBlocking(p).value) }),
});
