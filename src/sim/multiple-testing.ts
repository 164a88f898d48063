/**
 * Šidák's rule for a panel of two-sided z-tests: with m comparisons at
 * family-wise level q, each one uses level a = 1 - (1 - q)^(1/m). For jointly
 * normal statistics the family-wise false-alarm rate is then at most q whatever
 * their correlations (Šidák's inequality, 1967), so estimates of related metrics
 * from one run (blocking and P(n_r = 0), say) need no independence assumption.
 */
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import chisquareQuantile from '@stdlib/stats-base-dists-chisquare-quantile';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import erfcinv from '@stdlib/math-base-special-erfcinv';

export const FAMILY_WISE_LEVEL = 0.01;

/** Per-comparison level of Šidák's rule. */
export function sidakLevel(comparisons: number, familyWise = FAMILY_WISE_LEVEL): number {
  return -Math.expm1(Math.log1p(-familyWise) / comparisons);
}

/**
 * |z| beyond which a comparison is flagged: Student t with df degrees of freedom
 * (an integer >= 2), normal when df is absent. Always finite: a critical value of
 * Infinity would pass every estimate.
 */
export function criticalValue(level: number, df?: number): number {
  if (df !== undefined && !(Number.isInteger(df) && df >= 2)) throw new RangeError(`degrees of freedom must be an integer >= 2, got ${df}`);
  const p = 1 - level / 2;
  const c = df === undefined ? normalQuantile(p, 0, 1) : tQuantile(p, df);
  if (!Number.isFinite(c)) throw new RangeError(`no finite critical value at level ${level} (df ${df ?? 'normal'})`);
  return c;
}

/**
 * (estimate - exact) / stderr; null when the estimate differs but carries no
 * error estimate (stderr 0: e.g. a rare event never seen), which decides nothing.
 */
export function zScore(estimate: number, stderr: number, exact: number): number | null {
  const diff = estimate - exact;
  if (diff === 0) return 0;
  return stderr > 0 ? diff / stderr : null;
}

/**
 * The normal score of a z-score on df degrees of freedom: Phi^{-1}(F_t(z; df)),
 * computed from the lower tail so that large |z| keep their precision, finite
 * for every finite z; z itself when df is absent. Under the null hypothesis it is N(0, 1) whatever df is.
 */
export function normalScore(z: number, df?: number): number {
  if (df === undefined || z === 0) return z;
  // Phi^{-1}(p) = -sqrt(2) erfcinv(2p), exact far into the tail (the normal quantile package gives -Infinity below
  // p ~ 1e-17); a tail below the smallest double would give an infinite score (a case mean +inf - inf = NaN): 38.5 at most.
  const lower = Math.max(tCdf(-Math.abs(z), df), Number.MIN_VALUE);
  return Math.sign(z) * Math.SQRT2 * erfcinv(2 * lower);
}

export interface Omnibus {
  /** sum over cases of (mean normal score of the case's comparisons)^2. */
  statistic: number;
  /** Cases with at least one comparison: the chi-square's degrees of freedom. */
  df: number;
  critical: number;
  pValue: number;
  flagged: boolean;
}

/**
 * The omnibus test over a panel, valid whatever the correlations between the
 * metrics of one run: under the null, with the scores jointly normal (Šidák's
 * premise too), each case's mean normal score u_c is N(0, v) with v <= 1 (the
 * mean of unit-variance variables), so u_c^2 = v chi-square(1) is
 * at most a chi-square(1) variable in distribution, and the cases (distinct
 * seeds, independent runs) sum to at most chi-square(C). It sees a bias shared
 * by the metrics of a case (all too high, say) that no single z shows.
 */
export function omnibusTest(scoresByCase: readonly (readonly number[])[], level: number): Omnibus | null {
  const means = scoresByCase.filter((s) => s.length > 0).map((s) => s.reduce((a, b) => a + b, 0) / s.length);
  if (means.length === 0) return null;
  const statistic = means.reduce((a, u) => a + u * u, 0);
  const df = means.length;
  const critical = chisquareQuantile(1 - level, df);
  const pValue = Number.isFinite(statistic) ? 1 - chisquareCdf(statistic, df) : 0;
  return { statistic, df, critical, pValue, flagged: !(statistic <= critical) };
}
