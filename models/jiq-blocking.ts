/**
 * Join-the-Idle-Queue with R dispatchers, blocking scenario [P1], THEORY section 1.
 * State: tokens n_1..n_R at the dispatchers (digits), busy servers n_0 = N - sum n_r.
 *   arrival at r, n_r > 0:  rate alpha_r lambda N,  n_r - 1, n_0 + 1 (no token: the job is lost)
 *   completion:             rate n_0 beta_r,        n_0 - 1, n_r + 1
 *   token exchange r -> s:  rate nu n_r / R,        n_r - 1, n_s + 1 (s != r)
 */
import type { Arith } from '../src/core/arith.ts';
import { UsageError } from '../src/core/errors.ts';
import type { ChainDefinition, MetricDef, ModelFamily, ProductFormView } from '../src/core/model.ts';
import { mixedRadixWeights } from '../src/core/mixed-radix.ts';
import { distributionParam, intParam, optional, rationalParam, readParams } from '../src/core/params.ts';
import { Fraction, ratToNumber, type Rational } from '../src/core/rational.ts';
import {
  emptyProbabilities,
  emptyProbabilitiesExact,
  logWeight,
  normalizingConstantsExact,
  normalizingConstantsLog,
  productFormLaw,
  weightExact,
  type ClosedNetwork,
} from '../src/productform/index.ts';

const params = {
  N: intParam('number of servers', { min: 1 }),
  lambda: rationalParam('arrival rate per server (any value > 0)', 'positive'),
  alpha: distributionParam('load shares of the R dispatchers, e.g. 3/5,2/5 (sum 1)'),
  beta: optional(distributionParam('token allotment probabilities (sum 1); default uniform 1/R')),
  nu: rationalParam('token exchange rate per token', 'nonnegative', '0'),
};

export interface JiqBlockingParams {
  N: number;
  lambda: Rational;
  alpha: Rational[];
  /** Filled with 1/R when absent. */
  beta: Rational[];
  nu: Rational;
}

function validate(p: JiqBlockingParams): JiqBlockingParams {
  const R = p.alpha.length;
  if (!Number.isInteger(p.N) || p.N < 1) throw new UsageError(`N must be an integer >= 1, got ${p.N}`);
  if (R < 1) throw new UsageError('alpha needs at least one dispatcher');
  if (p.beta.length !== R) throw new UsageError(`beta has ${p.beta.length} values but alpha has ${R}: both list the R dispatchers`);
  if (p.lambda.compare(0) <= 0) throw new UsageError('lambda must be > 0');
  if (p.nu.compare(0) < 0) throw new UsageError('nu must be >= 0');
  const check = (name: string, v: Rational[]): void => {
    if (v.some((x) => x.compare(0) <= 0)) throw new UsageError(`${name} values must be > 0`);
    const s = v.reduce((a, b) => a.add(b), new Fraction(0));
    if (!s.equals(1)) throw new UsageError(`${name} must sum to 1, got ${s.toFraction()}`);
  };
  check('alpha', p.alpha);
  check('beta', p.beta);
  return p;
}

export function uniform(R: number): Rational[] {
  return Array.from({ length: R }, () => new Fraction(1, R));
}

function ctmc<T>(p: JiqBlockingParams, A: Arith<T>): ChainDefinition<T> {
  const { N } = p;
  const R = p.alpha.length;
  const radices = Array.from({ length: R }, () => N + 1);
  const w = mixedRadixWeights(radices);
  const arrival = p.alpha.map((a) => A.fromRational(a.mul(p.lambda).mul(N)));
  const beta = p.beta.map((b) => A.fromRational(b));
  const exchangePerToken = A.fromRational(p.nu.div(R));
  const exchange = !p.nu.equals(0);
  const busy = (s: Int32Array): number => {
    let t = 0;
    for (let r = 0; r < R; r++) t += s[r];
    return N - t;
  };
  const metrics: MetricDef<T>[] = [
    {
      name: 'blocking',
      reward: (s) => {
        let b = A.zero;
        for (let r = 0; r < R; r++) if (s[r] === 0) b = A.add(b, A.fromRational(p.alpha[r]));
        return b;
      },
    },
    { name: 'busyFraction', reward: (s) => A.div(A.fromInt(busy(s)), A.fromInt(N)) },
  ];
  for (let r = 0; r < R; r++) {
    metrics.push({ name: 'tokenFraction', index: r + 1, reward: (s) => A.div(A.fromInt(s[r]), A.fromInt(N)) });
    metrics.push({ name: 'noTokenProbability', index: r + 1, reward: (s) => (s[r] === 0 ? A.one : A.zero) });
  }
  return {
    digitNames: p.alpha.map((_, r) => `n${r + 1}`),
    radices,
    initial: new Array<number>(R).fill(0),
    metrics,
    describe: (s) => `(n0=${busy(s)}, ${Array.from(s, (v, r) => `n${r + 1}=${v}`).join(', ')})`,
    successors(s, code, emit) {
      const n0 = busy(s);
      for (let r = 0; r < R; r++) {
        if (s[r] > 0) {
          emit(code - w[r], arrival[r]);
          if (exchange) {
            const rate = A.mul(exchangePerToken, A.fromInt(s[r]));
            for (let t = 0; t < R; t++) if (t !== r) emit(code - w[r] + w[t], rate);
          }
        }
        if (n0 > 0) emit(code + w[r], A.mul(A.fromInt(n0), beta[r]));
      }
    },
  };
}


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
    stations: [
      { kind: 'is', demand: new Fraction(1) },
      ...p.alpha.map((a, r) => ({ kind: 'single' as const, demand: p.beta[r].div(a.mul(load)) })),
    ],
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
const productFormView: ProductFormView<JiqBlockingParams> = {
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
};

/**
 * Theorem 1 [P1] and its Enhancement-1 form (THEORY section 3):
 * lim_{N -> inf} B = max{1 - min_r alpha_r/beta_r, 1 - 1/lambda}; with beta = 1/R
 * this is max{1 - R alpha_R, 1 - 1/lambda}. `critical` marks the curve
 * lambda min_r alpha_r/beta_r = 1, where convergence is only O(1/sqrt N).
 */
export function limitingBlocking(p: JiqBlockingParams): { value: Rational; critical: boolean } {
  const minRatio = p.alpha.map((a, r) => a.div(p.beta[r])).reduce((m, x) => (x.compare(m) < 0 ? x : m));
  const tokenLimited = new Fraction(1).sub(minRatio);
  const capacityLimited = new Fraction(1).sub(p.lambda.inverse());
  return {
    value: tokenLimited.compare(capacityLimited) >= 0 ? tokenLimited : capacityLimited,
    critical: p.lambda.mul(minRatio).equals(1),
  };
}
