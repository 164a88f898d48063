/**
 * Parameters of hetero-ps: server classes (counts and PS capacities), the
 * per-server arrival rate lambda, the routing policy and its mixing parameter,
 * and the optional queue cap K.
 */
import { capParam, choiceParam, Fraction, intListParam, optional, type Rational, rationalListParam, rationalParam, ratString, UsageError } from 'lbcheck';

export const POLICIES = ['sq2', 'static', 'hybrid'] as const;
export type Policy = (typeof POLICIES)[number];

export const params = {
  servers: intListParam('number of servers of each class, e.g. 2,2 (N = their sum)', { min: 1 }),
  rates: rationalListParam('processing capacity C_j of a class-j server (processor sharing), one per class, e.g. 2,1', 'positive'),
  lambda: rationalParam('arrival rate per server: jobs arrive at rate lambda N, unit-mean exponential sizes', 'positive'),
  policy: choiceParam(
    'routing: sq2 = join the server with fewer jobs of 2 distinct servers sampled uniformly, ties uniform; ' +
      'static = server i with probability C_i / sum C; hybrid = static with probability --mix, otherwise sq2',
    POLICIES,
    'sq2',
  ),
  mix: optional(rationalParam('hybrid only: probability in [0, 1] that an arrival is routed statically', 'nonnegative')),
  K: capParam,
};

export interface HeteroPsParams {
  servers: number[];
  rates: Rational[];
  lambda: Rational;
  policy: Policy;
  /** Probability of static routing; given for hybrid only. */
  mix: Rational | undefined;
  /** Queue length cap; undefined = chosen automatically by the solver. */
  K: number | undefined;
}

export function validate(p: HeteroPsParams): HeteroPsParams {
  const M = p.servers.length;
  if (M < 1) throw new UsageError('servers needs at least one class');
  if (p.rates.length !== M) throw new UsageError(`rates has ${p.rates.length} values but servers has ${M}: both list the server classes`);
  p.servers.forEach((c, j) => {
    if (!Number.isInteger(c) || c < 1) throw new UsageError(`servers[${j + 1}] must be an integer >= 1, got ${c}`);
  });
  p.rates.forEach((r, j) => {
    if (r.compare(0) <= 0) throw new UsageError(`rates[${j + 1}] must be > 0, got ${ratString(r)}`);
  });
  if (p.lambda.compare(0) <= 0) throw new UsageError(`lambda must be > 0, got ${ratString(p.lambda)}`);
  if (!(POLICIES as readonly string[]).includes(p.policy)) throw new UsageError(`policy must be one of ${POLICIES.join(', ')}, got "${p.policy}"`);
  if (p.policy === 'hybrid') {
    if (p.mix === undefined) throw new UsageError('--policy hybrid needs --mix, the probability in [0, 1] of static routing');
    if (p.mix.compare(0) < 0 || p.mix.compare(1) > 0) throw new UsageError(`mix must be in [0, 1], got ${ratString(p.mix)}`);
  } else if (p.mix !== undefined) {
    throw new UsageError(`--mix applies to --policy hybrid only (policy is ${p.policy})`);
  }
  if (p.K !== undefined && (!Number.isInteger(p.K) || p.K < 1)) throw new UsageError(`K must be an integer >= 1, got ${p.K}`);
  return p;
}

/** Probability that an arrival is routed statically: 0 for sq2, 1 for static, mix for hybrid. */
export function staticShare(p: HeteroPsParams): Rational {
  if (p.policy === 'static') return new Fraction(1);
  if (p.policy === 'sq2') return new Fraction(0);
  return p.mix!;
}

/** sum_j c_j C_j: the total capacity. */
export function totalCapacity(p: HeteroPsParams): Rational {
  return p.servers.reduce((acc, c, j) => acc.add(p.rates[j].mul(c)), new Fraction(0));
}
