/** The closed-network product form of jiq-blocking (THEORY section 2) and the metrics it gives. */
import {
  type ClosedNetwork,
  emptyProbabilities,
  emptyProbabilitiesExact,
  Fraction,
  logWeight,
  normalizingConstantsExact,
  normalizingConstantsLog,
  productFormLaw,
  type ProductFormView,
  type Rational,
  ratToNumber,
  weightExact,
} from 'lbcheck';
import type { JiqBlockingParams } from './params.ts';

/**
 * THEORY section 2: tokens circulate in a closed network of population N.
 * Station 0 (busy servers) is infinite-server, rate 1 per token, visit ratio 1:
 * demand 1. Station r (tokens at dispatcher r) is single-server of rate
 * alpha_r lambda N, visit ratio beta_r: demand beta_r / (alpha_r lambda N).
 * The law is exact only without token exchange (productFormApplies); with nu > 0
 * it is the claimed law that a certificate refutes.
 */
export function productForm(p: JiqBlockingParams): { network: ClosedNetwork; stationCounts(s: Int32Array, out: Int32Array): void } {
  const R = p.alpha.length;
  const load = p.lambda.mul(p.N);
  const network: ClosedNetwork = {
    population: p.N,
    stations: [{ kind: 'is', demand: new Fraction(1) }, ...p.alpha.map((a, r) => ({ kind: 'single' as const, demand: p.beta[r].div(a.mul(load)) }))],
  };
  return {
    network,
    stationCounts(s, out) {
      let tokens = 0;
      for (let r = 0; r < R; r++) {
        out[r + 1] = s[r];
        tokens += s[r];
      }
      out[0] = p.N - tokens;
    },
  };
}

/** The product form is the stationary law iff there is no token exchange. */
export function productFormApplies(p: JiqBlockingParams): boolean {
  return p.nu.equals(0);
}

/** B = sum_r alpha_r P(n_r = 0) = sum_r alpha_r G_{-r}/G under the product form (float, log-scaled). */
export function productFormBlocking(p: JiqBlockingParams): number {
  const empty = emptyProbabilities(productForm(p).network);
  return p.alpha.reduce((b, a, r) => b + ratToNumber(a) * empty[r + 1], 0);
}

/** B under the product form, exactly. */
export function productFormBlockingExact(p: JiqBlockingParams): Rational {
  const empty = emptyProbabilitiesExact(productForm(p).network);
  return p.alpha.reduce((b, a, r) => b.add(a.mul(empty[r + 1])), new Fraction(0));
}

/** Number of states: token placements of N tokens among R dispatchers and the busy pool, C(N + R, R). */
function stateCount(p: JiqBlockingParams): number {
  const R = p.alpha.length;
  let c = 1;
  for (let k = 1; k <= R; k++) c = (c * (p.N + k)) / k;
  return Math.round(c);
}

/**
 * The product-form view. Busy servers form the infinite-server station 0 of
 * demand 1, so E[n_0] = G(N-1)/G(N) (throughput times demand).
 */
export const productFormView: ProductFormView<JiqBlockingParams> = {
  inapplicable: (p) => (productFormApplies(p) ? null : 'the product form does not apply with token exchange (nu > 0)'),
  states: stateCount,
  metrics(p) {
    const { network } = productForm(p);
    const empty = emptyProbabilities(network);
    const logRatio = normalizingConstantsLog({ ...network, population: p.N - 1 }).logG - normalizingConstantsLog(network).logG;
    return {
      blocking: productFormBlocking(p),
      busyFraction: Math.exp(logRatio) / p.N,
      noTokenProbability: empty.slice(1),
    };
  },
  exactMetrics(p) {
    const { network } = productForm(p);
    const empty = emptyProbabilitiesExact(network);
    const ratio = normalizingConstantsExact({ ...network, population: p.N - 1 }).G.div(normalizingConstantsExact(network).G);
    return {
      blocking: productFormBlockingExact(p),
      busyFraction: ratio.div(p.N),
      noTokenProbability: empty.slice(1),
    };
  },
  law(p) {
    const { network, stationCounts } = productForm(p);
    const counts = new Int32Array(network.stations.length);
    return {
      ...productFormLaw(network, stationCounts),
      weightExact: (s) => {
        stationCounts(s, counts);
        return weightExact(network, counts);
      },
      logWeight: (s) => {
        stationCounts(s, counts);
        return logWeight(network, counts);
      },
    };
  },
};
