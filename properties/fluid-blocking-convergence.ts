/**
 * The blocking fluid ODE started anywhere converges to the fixed point of THEORY
 * section 3 (nu = 0: x_0 = min{1, lambda min_r alpha_r/beta_r}; nu > 0: the exact root
 * of the positive-part equation): random parameters (token exchange included) and
 * random starting points on the simplex; the distance is taken over the coordinates
 * the fixed point determines (with nu = 0 and ties the token split is left open).
 */
import fc from 'fast-check';
import { distance, settlesWithin } from 'lbcheck';
import { jiqBlocking, limitingBlocking } from 'lbcheck/models';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';

const TOLERANCE = 1e-7;

/** R + 1 nonnegative weights normalised to a point of the simplex. */
function simplexPoint(R: number): fc.Arbitrary<number[]> {
  return fc
    .array(fc.integer({ min: 0, max: 20 }), { minLength: R + 1, maxLength: R + 1 })
    .filter((w) => w.some((v) => v > 0))
    .map((w) => {
      const total = w.reduce((a, b) => a + b, 0);
      return w.map((v) => v / total);
    });
}

const view = jiqBlocking.fluid!;

export const fluidBlockingConvergence = settlesWithin({
  id: 'fluid-blocking-convergence',
  claim:
    'for all R in 2..4, lambda in [0.1, 3], alpha, beta, nu in {0} u [1/4, 2] (off the nu = 0 critical curve) and every start x(0) on the simplex: ' +
    'the blocking fluid ODE converges to the fixed point of the root equations (within 1e-7)',
  source: 'docs/THEORY.md §3 (fluid limit of P1)',
  method: 'adaptive ODE (dopri5 with face events) vs exact fixed point, 40 generated cases',
  expected: 'holds',
  cases: jiqBlockingParams({ R: [2, 4], N: [1, 1], exchange: 'some' })
    .filter((p) => p.nu.n !== 0n || !limitingBlocking(p).critical)
    .chain((p) => simplexPoint(p.alpha.length).map((x0) => ({ p, x0 }))),
  numRuns: 40,
  tolerance: TOLERANCE,
  worst: 'worstDistance',
  ode: ({ p, x0 }) => ({ system: view.system(p), start: view.start(p, x0) }),
  error: ({ p }, x) => distance(x, view.fixedPoint(p).state),
  describe: ({ p, x0 }) => ({ ...(describeJiq(p) as object), x0 }),
});
