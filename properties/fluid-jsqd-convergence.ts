/**
 * JSQ(d) mean field [P2] (THEORY section 4): the ODE
 * ds_i/dt = lambda (s_{i-1}^d - s_i^d) - (s_i - s_{i+1}), started from any profile
 * 1 >= s_1 >= s_2 >= ... >= 0, converges to s_i = lambda^{(d^i - 1)/(d - 1)}.
 * lambda <= 0.8 keeps d = 1 (random routing, relaxation rate (1 - sqrt(lambda))^2)
 * within the integration horizon.
 */
import fc from 'fast-check';
import { distance, Fraction, ratString, settlesWithin } from 'lbcheck';
import { jsqD, meanFieldParams } from 'lbcheck/models';

const TOLERANCE = 1e-7;

const view = jsqD.fluid!;

export const fluidJsqdConvergence = settlesWithin({
  id: 'fluid-jsqd-convergence',
  claim: 'for all d in 1..6, lambda in [0.05, 0.8] and every start profile: the JSQ(d) mean-field ODE converges to s_i = lambda^{(d^i-1)/(d-1)} (within 1e-7)',
  source: 'P2 (mean-field fixed point of JSQ(d)); docs/THEORY.md §4',
  method: 'adaptive ODE (dopri5) vs closed form, 30 generated cases',
  expected: 'holds',
  cases: fc.record({
    d: fc.integer({ min: 1, max: 6 }),
    lambda: fc.integer({ min: 1, max: 16 }).map((k) => new Fraction(k, 20)),
    start: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 4 }).map((w) => [...w].sort((a, b) => b - a).map((v) => v / 100)),
  }),
  numRuns: 30,
  tolerance: TOLERANCE,
  worst: 'worstDistance',
  ode: ({ d, lambda, start }) => {
    const p = meanFieldParams(lambda, d);
    return { system: view.system(p), start: view.start(p, start) };
  },
  error: ({ d, lambda }, x) => distance(x, view.fixedPoint(meanFieldParams(lambda, d)).state),
  describe: ({ d, lambda, start }) => ({ d, lambda: ratString(lambda), start }),
});
