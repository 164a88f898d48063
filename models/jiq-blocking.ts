/**
 * Join-the-Idle-Queue with R dispatchers, blocking scenario [P1] (THEORY sections 1-3).
 * The family's views live in models/jiq-blocking/: params, ctmc (and the same
 * chain through the population builder, population.ts), product form, limits,
 * fixed point and fluid ODE, the per-server simulator and its regression
 * panel, the coupled systems of Theorem 1.
 */
import { defineFamily } from 'lbcheck';
import { ctmc } from './jiq-blocking/ctmc.ts';
import { fluidView } from './jiq-blocking/fluid.ts';
import { jiqToJSON, params, validate, withDefaultBeta, type JiqBlockingParams } from './jiq-blocking/params.ts';
import { productFormView } from './jiq-blocking/product-form.ts';
import { metrics, probabilities } from './jiq-blocking/metrics.ts';
import { simulatorView } from './jiq-blocking/simulator.ts';

export { uniform, type JiqBlockingParams } from './jiq-blocking/params.ts';
export { productForm, productFormApplies, productFormBlocking, productFormBlockingExact } from './jiq-blocking/product-form.ts';
export { limitingBlocking } from './jiq-blocking/limits.ts';

export const jiqBlocking = defineFamily<typeof params, JiqBlockingParams, typeof metrics>({
  id: 'jiq-blocking',
  title: 'JIQ with R dispatchers, blocking scenario (jobs without a token are lost)',
  params,
  metrics,
  probabilities,
  example: { N: '3', lambda: '9/10', alpha: '3/5,2/5', nu: '1/2' },
  defaults: withDefaultBeta,
  check: validate,
  toJSON: jiqToJSON,
  ctmc,
  productForm: productFormView,
  simulator: simulatorView,
  fluid: fluidView,
});
