/**
 * Heterogeneous processor-sharing servers under SQ(2), static or hybrid
 * routing [P3] (THEORY section 5). The family's views live in models/hetero-ps/:
 * params, ctmc (lumped by exchangeability within classes, queues cut at K),
 * stability (finite-N subset condition and mean-field bounds), the fluid ODE,
 * the per-server simulator and its regression panel.
 *
 * hybrid = with probability --mix route statically (server i with probability
 * C_i / sum C), otherwise SQ(2) with uniform sampling. It carries every load
 * below full capacity once mix exceeds the threshold of stability.ts (3); no
 * fixed mix < 1 carries all of them when uniform SQ(2) loses region.
 */
import { capTruncation, DEFAULT_BOUNDARY_TOLERANCE, defineFamily, firstK, ratString, ratToNumber, tailK } from 'lbcheck';
import { ctmc } from './hetero-ps/ctmc.ts';
import { fluidView } from './hetero-ps/fluid.ts';
import { params, validate, type HeteroPsParams } from './hetero-ps/params.ts';
import { serverCount } from './support/server-multiset.ts';
import { metrics } from './hetero-ps/metrics.ts';
import { simulatorView } from './hetero-ps/simulator.ts';
import { stabilityBound } from './hetero-ps/stability.ts';
import { largestRadix } from './support/server-multiset.ts';

export { POLICIES, staticShare, totalCapacity, type HeteroPsParams, type Policy } from './hetero-ps/params.ts';
export { serverCount };
export { hybridThreshold, meanFieldBound, stabilityBound } from './hetero-ps/stability.ts';

/**
 * A first K for the automatic truncation, from the load relative to what the
 * policy carries, rho = lambda / bound. Static routing makes independent M/M/1
 * queues with load rho, whose boundary mass is about N (1 - rho) rho^K: start
 * there. SQ(2) tails are lighter by an amount the load does not tell, so start
 * at a quarter of that K and let the solver grow it (cheap: the last, largest
 * solve dominates).
 */
function initialK(p: HeteroPsParams): number {
  const bound = stabilityBound(p);
  const rho = ratToNumber(p.lambda.div(bound.lambda));
  const K = firstK(serverCount(p), (k) => (1 - rho) * rho ** k, DEFAULT_BOUNDARY_TOLERANCE, largestK(p));
  return p.policy === 'static' ? K : Math.max(2, Math.ceil(K / 4));
}

/**
 * The projection's cap: N queues of load rho = lambda / bound (static routing:
 * exactly that; SQ(2) queues are shorter) down to a negligible tail, within
 * the codes' radix.
 */
function projectionK(p: HeteroPsParams): number {
  return tailK(serverCount(p), ratToNumber(p.lambda.div(stabilityBound(p).lambda)), largestK(p));
}

/** The longest queue the state codes hold. */
function largestK(p: HeteroPsParams): number {
  return largestRadix(serverCount(p)) - 1;
}

/** A load the policy cannot carry has no stationary law: automatic K is refused. */
function unstable(p: HeteroPsParams): string | null {
  const bound = stabilityBound(p);
  if (p.lambda.compare(bound.lambda) < 0) return null;
  return (
    `lambda = ${ratString(p.lambda)} is beyond what --policy ${p.policy} can carry at N = ${serverCount(p)}: ` +
    `unstable for lambda > ${ratString(bound.lambda)} (the ${bound.binding} slowest servers get more than their capacity; ` +
    'at equality no stable answer either)'
  );
}

export const heteroPs = defineFamily<typeof params, HeteroPsParams, typeof metrics>({
  id: 'hetero-ps',
  title: 'heterogeneous processor-sharing servers: SQ(2), static rate-proportional or hybrid routing',
  params,
  metrics,
  example: { servers: '1,1', rates: '2,1', lambda: '1', K: '4' },
  check: validate,
  ctmc,
  simulator: simulatorView,
  fluid: fluidView,
  truncation: capTruncation({ initialK, unstable, projectionK, largestK }),
});
