/**
 * Output analysis of one simulation run: warm-up deletion (MSER) and batch means
 * for ratio estimators, with 95% confidence intervals from Student's t.
 *
 * A simulator records, for each of n short consecutive batches b and each metric
 * m, a numerator y[b][m] and a denominator z[b][m]; the metric's estimate is
 * sum y / sum z. A time average has y = integral of the reward over the batch and
 * z = the batch's length; a per-arrival fraction has y = arrivals blocked and
 * z = arrivals.
 */
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import type { BatchSeries } from '../core/simulator-view.ts';

export type { BatchSeries } from '../core/simulator-view.ts';

export interface Estimate {
  mean: number;
  stderr: number;
  ci95: [number, number];
  /** Degrees of freedom of the t interval (batches - 1). */
  df: number;
}

export interface Analysis {
  /** Metrics with a positive denominator (a ratio over no arrivals cannot be estimated). */
  estimates: Record<string, Estimate>;
  /** Recorded batches dropped as warm-up (MSER, plus a remainder so the rest groups evenly). */
  warmupBatches: number;
  /** Batches the confidence intervals are built on, each `groupSize` recorded batches long. */
  batches: number;
  groupSize: number;
}

/** Recorded batches per run and batches the intervals use. */
export const RECORDED_BATCHES = 200;
export const CI_BATCHES = 20;

/**
 * MSER truncation point for one metric: the d <= n/2 minimising the estimated
 * variance of the ratio estimator over batches d..n-1,
 *   sum_{i>=d} (y_i - Rd z_i)^2 / ((n - d) zbar_d)^2,  Rd = sum y / sum z
 * (White 1997; with z_i = 1 this is the classical MSER statistic).
 */
export function mserTruncation(s: BatchSeries, m: number): number {
  const M = s.names.length;
  const n = s.batches;
  let sy = 0,
    sz = 0,
    syy = 0,
    syz = 0,
    szz = 0;
  let best = Infinity;
  let bestD = 0;
  // Walk d from n-1 down to 0, keeping suffix sums over i >= d.
  for (let d = n - 1; d >= 0; d--) {
    const y = s.y[d * M + m];
    const z = s.z[d * M + m];
    sy += y;
    sz += z;
    syy += y * y;
    syz += y * z;
    szz += z * z;
    if (d > n / 2 || sz <= 0) continue;
    const r = sy / sz;
    const sse = Math.max(0, syy - 2 * r * syz + r * r * szz);
    const stat = sse / (sz * sz);
    if (stat <= best) {
      best = stat;
      bestD = d;
    }
  }
  return bestD;
}

/** Ratio estimate and delta-method standard error over k grouped batches (Y_j, Z_j); null when sum Z = 0. */
export function ratioEstimate(Y: Float64Array, Z: Float64Array): Estimate | null {
  const k = Y.length;
  let sy = 0,
    sz = 0;
  for (let j = 0; j < k; j++) {
    sy += Y[j];
    sz += Z[j];
  }
  if (sz <= 0) return null;
  const mean = sy / sz;
  const zbar = sz / k;
  // Residuals e_j = Y_j - mean Z_j; Var(mean) ~ s_e^2 / (k zbar^2).
  let see = 0;
  for (let j = 0; j < k; j++) {
    const e = Y[j] - mean * Z[j];
    see += e * e;
  }
  const stderr = Math.sqrt(see / (k - 1) / k) / zbar;
  const half = tQuantile(0.975, k - 1) * stderr;
  return { mean, stderr, ci95: [mean - half, mean + half], df: k - 1 };
}

/** Warm-up deletion (the largest MSER point over the metrics), then batch means over CI_BATCHES groups. */
export function analyse(s: BatchSeries, ciBatches = CI_BATCHES): Analysis {
  const M = s.names.length;
  let d = 0;
  for (let m = 0; m < M; m++) d = Math.max(d, mserTruncation(s, m));
  const k = Math.min(ciBatches, s.batches - d);
  if (k < 2) throw new Error(`too few batches for a confidence interval: ${s.batches} recorded, ${d} warm-up`);
  const groupSize = Math.floor((s.batches - d) / k);
  const start = s.batches - k * groupSize;
  const estimates: Record<string, Estimate> = {};
  const Y = new Float64Array(k);
  const Z = new Float64Array(k);
  for (let m = 0; m < M; m++) {
    Y.fill(0);
    Z.fill(0);
    for (let b = start; b < s.batches; b++) {
      const j = Math.floor((b - start) / groupSize);
      Y[j] += s.y[b * M + m];
      Z[j] += s.z[b * M + m];
    }
    const e = ratioEstimate(Y, Z);
    if (e) estimates[s.names[m]] = e;
  }
  return { estimates, warmupBatches: start, batches: k, groupSize };
}
