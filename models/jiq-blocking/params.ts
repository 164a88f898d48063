/** Parameters of jiq-blocking: N, lambda, alpha (R load shares), beta (token allotment), nu (exchange). */
import { checkDistribution, distributionParam, Fraction, intParam, optional, type Rational, rationalParam, ratToNumber, UsageError } from 'lbcheck';

export const params = {
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

export function validate(p: JiqBlockingParams): JiqBlockingParams {
  const R = p.alpha.length;
  if (!Number.isInteger(p.N) || p.N < 1) throw new UsageError(`N must be an integer >= 1, got ${p.N}`);
  if (R < 1) throw new UsageError('alpha needs at least one dispatcher');
  if (p.beta.length !== R) throw new UsageError(`beta has ${p.beta.length} values but alpha has ${R}: both list the R dispatchers`);
  if (p.lambda.compare(0) <= 0) throw new UsageError('lambda must be > 0');
  if (p.nu.compare(0) < 0) throw new UsageError('nu must be >= 0');
  checkDistribution('alpha', p.alpha);
  checkDistribution('beta', p.beta);
  return p;
}

export function uniform(R: number): Rational[] {
  return Array.from({ length: R }, () => new Fraction(1, R));
}

/** beta defaults to uniform 1/R. */
export function withDefaultBeta<V extends { alpha: Rational[]; beta: Rational[] | undefined }>(v: V): V & { beta: Rational[] } {
  return { ...v, beta: v.beta ?? uniform(v.alpha.length) };
}

/** The JIQ parameters as JSON numbers, defaults filled in. */
export function jiqToJSON(p: JiqBlockingParams): Record<string, number | number[]> {
  return {
    N: p.N,
    lambda: ratToNumber(p.lambda),
    alpha: p.alpha.map(ratToNumber),
    beta: p.beta.map(ratToNumber),
    nu: ratToNumber(p.nu),
  };
}
