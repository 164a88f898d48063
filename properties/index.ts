/** Every built-in claim; adding a claim is adding a file and a line here. */
import type { Property } from 'lbcheck';
import { littleLawBlocking } from './little-law-blocking.ts';
import { productFormCertificate } from './product-form-certificate.ts';
import { productFormExact } from './product-form-exact.ts';
import { productFormExchange } from './product-form-exchange.ts';
import { productFormFloat } from './product-form-float.ts';
import { theorem1Limit } from './theorem1-limit.ts';
import { simRegressProperties } from './sim-regress.ts';
import { simRegressMutant } from './sim-regress-mutant.ts';
import { couplingJsqdBound } from './coupling-jsqd-bound.ts';
import { couplingTheorem1FiniteN } from './coupling-theorem1-finite-n.ts';
import { couplingTheorem1PerDispatcher } from './coupling-theorem1-per-dispatcher.ts';
import { couplingTheorem1RatesPerDispatcher } from './coupling-theorem1-rates-per-dispatcher.ts';
import { couplingTheorem1ServerClocks } from './coupling-theorem1-server-clocks.ts';
import { couplingTheorem1Total } from './coupling-theorem1-total.ts';
import { fluidBlockingConvergence } from './fluid-blocking-convergence.ts';
import { fluidBlockingFiniteN } from './fluid-blocking-finite-n.ts';
import { jiqQueueingWait } from './jiq-queueing-wait.ts';
import { jsqdMeanField } from './jsqd-mean-field.ts';
import { refinedExpansionRight } from './refined-expansion.ts';
import { jsqdUniversality } from './jsqd-universality.ts';
import { fluidBlockingTheorem1 } from './fluid-blocking-theorem1.ts';
import { fluidHeteroSq2 } from './fluid-hetero-sq2.ts';
import { fluidJsqdConvergence } from './fluid-jsqd-convergence.ts';
import { fluidJsqdJsqLimit } from './fluid-jsqd-jsq-limit.ts';
import { fluidQueueingLimit } from './fluid-queueing-limit.ts';
import { heteroSq2Instability } from './hetero-sq2-instability.ts';
import { proveHeteroSq2Stability } from './prove-hetero-sq2-stability.ts';
import { proveNuThresholdBlocking } from './prove-nu-threshold-blocking.ts';
import { proveNuThresholdQueueing } from './prove-nu-threshold-queueing.ts';
import { provePowerOfDFixedPoint } from './prove-power-of-d-fixed-point.ts';
import { proveTheorem1FixedPoint } from './prove-theorem1-fixed-point.ts';
import { proveTheorem2MinOnly } from './prove-theorem2-min-only.ts';
import { parametricCouplingBounds } from './parametric-coupling-bounds.ts';
import { parametricBlockingDecreasingInN, parametricBlockingIncreasing } from './parametric-blocking-monotone.ts';
import { parametricLittleLaw } from './parametric-little-law.ts';
import { transientFluidJiqBlocking, transientFluidJiqBlockingFace } from './transient-fluid-jiq-blocking.ts';
import { transientJsqdFixedD, transientJsqdUniversality } from './transient-jsqd-universality.ts';

export const properties: readonly Property[] = [
  productFormExact,
  productFormFloat,
  littleLawBlocking,
  productFormCertificate,
  productFormExchange,
  theorem1Limit,
  ...simRegressProperties,
  simRegressMutant,
  couplingTheorem1Total,
  couplingTheorem1PerDispatcher,
  couplingTheorem1ServerClocks,
  couplingJsqdBound,
  couplingTheorem1FiniteN,
  couplingTheorem1RatesPerDispatcher,
  proveNuThresholdBlocking,
  proveNuThresholdQueueing,
  proveTheorem1FixedPoint,
  proveTheorem2MinOnly,
  provePowerOfDFixedPoint,
  proveHeteroSq2Stability,
  heteroSq2Instability,
  fluidBlockingTheorem1,
  fluidBlockingConvergence,
  fluidBlockingFiniteN,
  fluidQueueingLimit,
  fluidJsqdConvergence,
  fluidJsqdJsqLimit,
  fluidHeteroSq2,
  jsqdMeanField,
  refinedExpansionRight,
  jsqdUniversality,
  jiqQueueingWait,
  parametricCouplingBounds,
  parametricBlockingIncreasing,
  parametricBlockingDecreasingInN,
  parametricLittleLaw,
  transientFluidJiqBlocking,
  transientFluidJiqBlockingFace,
  transientJsqdUniversality,
  transientJsqdFixedD,
];
