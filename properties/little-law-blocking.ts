/**
 * Little's law for the busy servers of JIQ blocking: E[n_0] = lambda N (1 - B),
 * i.e. busyFraction = lambda (1 - blocking), exactly in rationals, with or without
 * token exchange (THEORY section 1; PASTA gives B = sum_r alpha_r P(n_r = 0)).
 */
import { metricsOf } from '../src/api.ts';
import { Inconclusive, runGenerated } from '../src/check/generated.ts';
import type { Property } from '../src/check/property.ts';
import { solveModel } from '../src/ctmc/solve.ts';
import { jiqBlocking } from '../models/jiq-blocking.ts';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';

export const littleLawBlocking: Property = {
  id: 'little-law-blocking',
  claim: 'JIQ blocking: E[n_0] = lambda N (1 - B) exactly; R <= 3, N <= 8, lambda in [0.1, 3], any alpha, beta, nu >= 0',
  source: 'P1 Sec. II; Little\'s law',
  method: 'exact CTMC (rationals), 40 random cases',
  expected: 'holds',
  run: (ctx) => {
    let maxStates = 0;
    return runGenerated(ctx, {
      arbitrary: jiqBlockingParams({ R: [1, 3], N: [1, 8], exchange: 'some' }),
      numRuns: 40,
      eachCase: 'decided exactly, in rationals',
      describe: describeJiq,
      evidence: () => ({ maxStates }),
      predicate: (p) => {
        const s = solveModel(jiqBlocking, p, { method: 'exact' });
        maxStates = Math.max(maxStates, s.evidence.states);
        if (!s.exact) throw new Inconclusive('the exact solver did not run');
        const { blocking, busyFraction } = metricsOf(jiqBlocking, s.exact.values);
        return busyFraction.equals(p.lambda.mul(blocking.neg().add(1)));
      },
    });
  },
};
