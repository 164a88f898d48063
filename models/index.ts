/**
 * Every model family lbcheck knows (also `import { jsqD } from 'lbcheck/models'` in a
 * user's file); adding a system is adding a file and a line here (see models/README.md).
 * With the families, their theory: closed forms, fluid fixed points as Z3 terms, and
 * the coupled systems of the coupling claims (the built-in claims import them from here).
 */
import type { ModelFamily, ParamSpecs } from 'lbcheck';
import { affinity } from './affinity.ts';
import { heteroPs } from './hetero-ps.ts';
import { jiqBlocking } from './jiq-blocking.ts';
import { jiqQueueing } from './jiq-queueing.ts';
import { jsqD } from './jsq-d.ts';

export { affinity, heteroPs, jiqBlocking, jiqQueueing, jsqD };
export * from './hetero-ps.ts';
export * from './jiq-blocking.ts';
export * from './jiq-queueing.ts';
export * from './jsq-d.ts';
export { SAMPLINGS, type Sampling } from './support/sampling.ts';
export { blockingDomain, blockingFixedPoint, blockingFixedPointExact, blockingSymbols, type BlockingSymbols } from './jiq-blocking/fixed-point.ts';
export { queueingDomain, queueingFixedPoint, queueingSymbols, type QueueingSymbols } from './jiq-queueing/fixed-point.ts';
export {
  betterParams,
  checkTheorem1Setting,
  THEOREM1_SYSTEMS,
  theorem1Coupling,
  theorem1SlotCoupling,
  theorem1Systems,
  worseParams,
  worseThinning,
} from './jiq-blocking/coupling.ts';
export type { JiqArrival, JiqTrace, JobTicket, SlotEvent, TokenCounts, TokenState } from './jiq-blocking/token-systems.ts';
export { jsqDOrdered, jsqOrdered } from './jsq-d/coupling.ts';

const any = <S extends ParamSpecs, P>(f: ModelFamily<S, P>): ModelFamily<ParamSpecs, unknown> => f as unknown as ModelFamily<ParamSpecs, unknown>;

export const families: readonly ModelFamily<ParamSpecs, unknown>[] = [any(jiqBlocking), any(heteroPs), any(affinity), any(jiqQueueing), any(jsqD)];
