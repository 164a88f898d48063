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

/** The metric schema: names and kinds as the chain, simulator and fluid view report them. */
const metrics = { blocking: 'scalar', busyFraction: 'scalar', tokenFraction: 'vector', noTokenProbability: 'vector' } as const;

export const jiqBlocking = defineFamily<typeof params, JiqBlockingParams, typeof metrics>({
  id: 'jiq-blocking',
  title: 'JIQ with R dispatchers, blocking scenario (jobs without a token are lost)',
  params,
  metrics,
  defaults: withDefaultBeta,
  check: validate,
  toJSON: jiqToJSON,
  ctmc,
  productForm: productFormView,
  simulator: simulatorView,
  fluid: fluidView,
});

