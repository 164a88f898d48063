/**
 * The mean-field (fluid) limit of hetero-ps [P3] (THEORY section 5): class j holds
 * a fraction gamma_j of the servers, capacity C_j (processor sharing, unit-mean
 * jobs); u_{j,n} is the fraction of class-j servers with >= n jobs (u_{j,0} = 1) and
 * U_n = sum_j gamma_j u_{j,n}. A class-j server with m jobs receives arrivals at rate
 *   b_j(m) = q lambda C_j / Cbar + (1 - q) lambda (U_m + U_{m+1})
 * (q the static share of the policy, Cbar = sum_j gamma_j C_j; SQ(2) with uniform
 * sampling joins a tagged server of length m when the other sample is longer, or
 * equal and the tie falls its way: 2 (U_{m+1} + (U_m - U_{m+1})/2)), so
 *   du_{j,n}/dt = b_j(n-1) (u_{j,n-1} - u_{j,n}) - C_j (u_{j,n} - u_{j,n+1}).
 * Fixed point: P_j(n) = P_j(0) prod_{k=1}^n b_j(k-1)/C_j (for SQ(2) THEORY's
 * lambda (U_{k-1} + U_k)/C_j), a fixed-point equation in U solved by damped iteration.
 * Levels are cut at K where every class's tail is below 1e-16. A smooth field: no faces.
 */
import { type FluidView, ratString, ratToNumber, UsageError } from 'lbcheck';
import { serverCount } from '../support/server-multiset.ts';
import { staticShare, totalCapacity, type HeteroPsParams } from './params.ts';
import { meanFieldBound } from './stability.ts';

const TAIL = 1e-16;
const MAX_LEVEL = 4096;
const ITERATION_TOLERANCE = 1e-14;
const MAX_ITERATIONS = 100_000;

interface MeanField {
  M: number;
  lambda: number;
  gamma: Float64Array;
  C: Float64Array;
  /** q lambda C_j / Cbar: the static part of b_j. */
  staticRate: Float64Array;
  /** (1 - q) lambda: the weight of the SQ(2) part. */
  sq2: number;
}

function meanField(p: HeteroPsParams): MeanField {
  const N = serverCount(p);
  const lambda = ratToNumber(p.lambda);
  const q = ratToNumber(staticShare(p));
  const cbar = ratToNumber(totalCapacity(p)) / N;
  const C = Float64Array.from(p.rates, ratToNumber);
  return {
    M: C.length,
    lambda,
    gamma: Float64Array.from(p.servers, (c) => c / N),
    C,
    staticRate: C.map((c) => (q * lambda * c) / cbar),
    sq2: (1 - q) * lambda,
  };
}

/** Tails u_{j,n} (n = 1..K, class-major) from the product form with the given aggregate tail U (U_0 = 1). */
function productForm(m: MeanField, U: Float64Array, K: number, out: Float64Array): void {
  for (let j = 0; j < m.M; j++) {
    // P_j(n) proportional to w_n = prod_{k=1}^n b_j(k-1)/C_j; tails summed from the top.
    let w = 1;
    let total = 1;
    const base = j * K;
    for (let n = 1; n <= K; n++) {
      w *= (m.staticRate[j] + m.sq2 * (U[n - 1] + U[n])) / m.C[j];
      out[base + n - 1] = w;
      total += w;
    }
    let tail = 0;
    for (let n = K; n >= 1; n--) {
      tail += out[base + n - 1];
      out[base + n - 1] = tail / total;
    }
  }
}

interface Solution {
  K: number;
  u: Float64Array;
  residual: number;
  iterations: number;
}

/** The fixed point by damped iteration U <- (U + Phi(U))/2, with K doubled until the tails fit. */
function solveFixedPoint(p: HeteroPsParams): Solution {
  const bound = meanFieldBound(p);
  if (p.lambda.compare(bound) >= 0) {
    throw new UsageError(
      `lambda = ${ratString(p.lambda)} is beyond the mean-field stability bound ${ratString(bound)} of --policy ${p.policy}: ` +
        'the fluid limit has no fixed point',
    );
  }
  const m = meanField(p);
  for (let K = 64; ; K *= 2) {
    const U = new Float64Array(K + 2);
    const u = new Float64Array(m.M * K);
    U[0] = 1;
    const rho = m.lambda / m.gamma.reduce((s, g, j) => s + g * m.C[j], 0);
    for (let n = 1; n <= K; n++) U[n] = rho ** n; // start: static routing's M/M/1 tails
    let residual = Infinity;
    let iterations = 0;
    while (residual > ITERATION_TOLERANCE && iterations < MAX_ITERATIONS) {
      productForm(m, U, K, u);
      residual = 0;
      for (let n = 1; n <= K; n++) {
        let next = 0;
        for (let j = 0; j < m.M; j++) next += m.gamma[j] * u[j * K + n - 1];
        residual = Math.max(residual, Math.abs(next - U[n]));
        U[n] = 0.5 * (U[n] + next);
      }
      iterations++;
    }
    productForm(m, U, K, u);
    let top = 0;
    for (let j = 0; j < m.M; j++) top = Math.max(top, u[j * K + K - 1]);
    if (top < TAIL || 2 * K > MAX_LEVEL) return { K, u, residual, iterations };
  }
}

export const fluidView: FluidView<HeteroPsParams> = {
  // The mean-field levels are cut where the tails fit, not at the CTMC's --K.
  ignoredParams: { K: undefined },
  startHelp: 'one value per class: the fraction of its servers holding one job (default: empty system)',
  system(p) {
    const m = meanField(p);
    const { K } = solveFixedPoint(p);
    const U = new Float64Array(K + 2);
    return {
      names: Array.from({ length: m.M * K }, (_, i) => `u${Math.floor(i / K) + 1}_${(i % K) + 1}`),
      faces: [],
      invariants: [],
      shown: Array.from({ length: m.M }, (_, j) => [j * K, j * K + 1]).flat(),
      derivative(u, du) {
        U[0] = 1;
        for (let n = 1; n <= K; n++) {
          let s = 0;
          for (let j = 0; j < m.M; j++) s += m.gamma[j] * u[j * K + n - 1];
          U[n] = s;
        }
        for (let j = 0; j < m.M; j++) {
          const base = j * K;
          for (let n = 1; n <= K; n++) {
            const below = n === 1 ? 1 : u[base + n - 2];
            const here = u[base + n - 1];
            const above = n < K ? u[base + n] : 0;
            du[base + n - 1] = (m.staticRate[j] + m.sq2 * (U[n - 1] + U[n])) * (below - here) - m.C[j] * (here - above);
          }
        }
      },
    };
  },

  start(p, values) {
    const { K } = solveFixedPoint(p);
    const M = p.rates.length;
    const u = new Float64Array(M * K);
    if (values === undefined) return u; // empty system
    if (values.length !== M)
      throw new UsageError(`--x0 gives one value per class: the fraction of its servers with exactly one job (${M} values), got ${values.length}`);
    values.forEach((v, j) => {
      if (!(v >= 0 && v <= 1)) throw new UsageError(`--x0 values must be fractions in [0, 1], got ${values.join(',')}`);
      u[j * K] = v;
    });
    return u;
  },

  fixedPoint(p) {
    const s = solveFixedPoint(p);
    return {
      state: s.u,
      method:
        `product form P_j(n) = P_j(0) prod_k b_j(k-1)/C_j, damped iteration in U (${s.iterations} iterations, ` +
        `residual ${s.residual.toExponential(1)}; levels cut at K = ${s.K})`,
    };
  },

  /** E[jobs] = sum_n U_n, per class sum_n u_{j,n}; mean sojourn E[jobs]/lambda (Little). */
  metrics(p, u) {
    const m = meanField(p);
    const K = u.length / m.M;
    const classJobs = Array.from({ length: m.M }, (_, j) => u.subarray(j * K, (j + 1) * K).reduce((a, b) => a + b, 0));
    const jobs = classJobs.reduce((s, x, j) => s + m.gamma[j] * x, 0);
    return { meanJobs: jobs, classMeanJobs: classJobs, meanSojourn: jobs / m.lambda };
  },
};
