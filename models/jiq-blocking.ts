/**
 * Join-the-Idle-Queue with R dispatchers, blocking scenario [P1] (THEORY sections 1-3).
 * The family's views live in models/jiq-blocking/: params, ctmc, product form, limits.
 */
import type { ModelFamily } from '../src/core/model.ts';
import { readParams } from '../src/core/params.ts';
import { ratToNumber } from '../src/core/rational.ts';
import { ctmc } from './jiq-blocking/ctmc.ts';
import { fluidView } from './jiq-blocking/fluid.ts';
import { params, uniform, validate, type JiqBlockingParams } from './jiq-blocking/params.ts';
import { productFormView } from './jiq-blocking/product-form.ts';
import { simulatorView } from './jiq-blocking/simulator.ts';

export { uniform, type JiqBlockingParams } from './jiq-blocking/params.ts';
export { productForm, productFormApplies, productFormBlocking, productFormBlockingExact } from './jiq-blocking/product-form.ts';
export { limitingBlocking } from './jiq-blocking/limits.ts';

export const jiqBlocking: ModelFamily<typeof params, JiqBlockingParams> = {
  id: 'jiq-blocking',
  title: 'JIQ with R dispatchers, blocking scenario (jobs without a token are lost)',
  params,
  parse(raw) {
    const v = readParams(params, raw);
    return validate({ ...v, beta: v.beta ?? uniform(v.alpha.length) });
  },
  validate,
  toJSON: (p) => ({
    N: p.N,
    lambda: ratToNumber(p.lambda),
    alpha: p.alpha.map(ratToNumber),
    beta: p.beta.map(ratToNumber),
    nu: ratToNumber(p.nu),
  }),
  ctmc,
  productForm: productFormView,
  simulator: simulatorView,
  fluid: fluidView,
};

