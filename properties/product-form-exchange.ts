/**
 * THEORY section 2: "with nu > 0 the product form fails (exchange makes routing
 * out of station r state-dependent)". Stated as the claim that it still holds,
 * this is expected to be refuted: fast-check shrinks to the smallest system
 * whose global balance the product form violates, and the state is printed.
 */
import { runGenerated } from '../src/check/generated.ts';
import type { Property } from '../src/check/property.ts';
import { exactArith } from '../src/core/arith.ts';
import { certify } from '../src/ctmc/certificate.ts';
import { jiqBlocking, type JiqBlockingParams } from '../models/jiq-blocking.ts';
import { describeJiq, jiqBlockingParams } from './support/jiq-arbitrary.ts';

export const productFormExchange: Property = {
  id: 'product-form-exchange',
  claim: 'JIQ blocking with token exchange nu > 0: the product form of the nu = 0 network is still the stationary law (R = 1..3, N <= 6)',
  source: 'P1 Sec. III-IV (the paper says it fails)',
  method: 'exact certificate (pi Q = 0 in rationals)',
  expected: 'refuted',
  run: (ctx) => {
    const certificate = (p: JiqBlockingParams) => certify(jiqBlocking.ctmc(p, exactArith), jiqBlocking.productForm!.law(p));
    return runGenerated(ctx, {
      arbitrary: jiqBlockingParams({ R: [1, 3], N: [1, 6], exchange: 'always' }),
      numRuns: 50,
      eachCase: 'decided exactly, in rationals',
      describe: (p) => ({ kind: 'balance', params: describeJiq(p), ...certificate(p).counterexample }),
      evidence: () => ({}),
      predicate: (p) => certificate(p).holds,
    });
  },
};
