/**
 * Join-the-Idle-Queue with R dispatchers, blocking scenario [P1] (THEORY sections 1-3).
 * The family's views live in models/jiq-blocking/: params, ctmc, product form, limits.
 */
import { defineFamily } from '../src/api.ts';
import { ctmc } from './jiq-blocking/ctmc.ts';
import { fluidView } from './jiq-blocking/fluid.ts';
import { jiqToJSON, params, validate, withDefaultBeta, type JiqBlockingParams } from './jiq-blocking/params.ts';
import { productFormView } from './jiq-blocking/product-form.ts';
import { simulatorView } from './jiq-blocking/simulator.ts';

export { uniform, type JiqBlockingParams } from './jiq-blocking/params.ts';
export { productForm, productFormApplies, productFormBlocking, productFormBlockingExact } from './jiq-blocking/product-form.ts';
export { limitingBlocking } from './jiq-blocking/limits.ts';

export const jiqBlocking = defineFamily<typeof params, JiqBlockingParams>({
  id: 'jiq-blocking',
  title: 'JIQ with R dispatchers, blocking scenario (jobs without a token are lost)',
  params,
  defaults: withDefaultBeta,
  check: validate,
  toJSON: jiqToJSON,
  ctmc,
  productForm: productFormView,
  simulator: simulatorView,
  fluid: fluidView,
});

