/**
 * Šidák's rule for a panel of two-sided z-tests: with m comparisons at
 * family-wise level q, each one uses level a = 1 - (1 - q)^(1/m). For jointly
 * normal statistics the family-wise false-alarm rate is then at most q whatever
 * their correlations (Šidák's inequality, 1967), so estimates of related metrics
 * from one run (blocking and P(n_r = 0), say) need no independence assumption.
 */
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';

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
