/** The claims `lbcheck prove` decides with Z3, in a fixed order; each is also a property. */
import type { SmtClaim } from 'lbcheck';
import { heteroSq2StabilityClaim } from './prove-hetero-sq2-stability.ts';
import { nuThresholdBlockingClaim } from './prove-nu-threshold-blocking.ts';
import { nuThresholdQueueingClaim } from './prove-nu-threshold-queueing.ts';
import { powerOfDFixedPointClaim } from './prove-power-of-d-fixed-point.ts';
import { theorem1FixedPointClaim } from './prove-theorem1-fixed-point.ts';
import { theorem2MinOnlyClaim } from './prove-theorem2-min-only.ts';

export const smtClaims: readonly SmtClaim[] = [
  nuThresholdBlockingClaim,
  nuThresholdQueueingClaim,
  theorem1FixedPointClaim,
  theorem2MinOnlyClaim,
  powerOfDFixedPointClaim,
  heteroSq2StabilityClaim,
];
