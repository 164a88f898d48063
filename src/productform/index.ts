/** Closed product-form networks: weights, normalising constants, empty-station probabilities. */
export { validateNetwork, weightExact, logWeight, weightRatio, type ClosedNetwork, type Station } from './network.ts';
export { normalizingConstantsExact, emptyProbabilitiesExact } from './exact.ts';
export { normalizingConstantsLog, emptyProbabilities } from './log-scaled.ts';
export { productFormLaw, type StationCounts } from './law.ts';
