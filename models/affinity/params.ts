/**
 * Parameters of affinity: R server groups (group g is primary for job type g),
 * per-type arrival rates, primary and secondary service rates, the numbers of
 * primary (d1) and secondary (d2) servers sampled, and the optional queue cap K.
 */
import { capParam, intListParam, intParam, optional, type Rational, rationalListParam, rationalParam, ratString, UsageError } from 'lbcheck';
import { serverCount } from '../support/server-multiset.ts';

export const params = {
  servers: intListParam('servers per group, e.g. 2,2; group g is the primary group of job type g', { min: 1 }),
  lambda: rationalListParam('arrival rate of each job type per server of its primary group: type g arrives at rate lambda_g N_g', 'positive'),
  mu1: rationalParam('service rate of a job at one of its primary servers', 'positive', '1'),
  mu2: rationalParam('service rate of a job at a secondary server (the paper takes it slower than mu1)', 'positive', '1/2'),
  d1: optional(intParam('primary servers sampled per arrival, 1..min N_g: an idle one is joined, else JSQ among them (default 1)', { min: 1 })),
  d2: optional(intParam('secondary servers sampled when no sampled primary is idle: an idle one is joined (default 1)', { min: 1 })),
  K: capParam,
};

export interface AffinityParams {
  servers: number[];
  lambda: Rational[];
  mu1: Rational;
  mu2: Rational;
  d1: number;
  d2: number;
  /** Queue length cap; undefined = chosen automatically by the solver. */
  K: number | undefined;
}

export function validate(p: AffinityParams): AffinityParams {
  const R = p.servers.length;
  if (R < 1) throw new UsageError('servers needs at least one group');
  if (p.lambda.length !== R) throw new UsageError(`lambda has ${p.lambda.length} values but servers has ${R}: both list the groups (one job type per group)`);
  p.servers.forEach((c, g) => {
    if (!Number.isInteger(c) || c < 1) throw new UsageError(`servers[${g + 1}] must be an integer >= 1, got ${c}`);
  });
  p.lambda.forEach((l, g) => {
    if (l.compare(0) <= 0) throw new UsageError(`lambda[${g + 1}] must be > 0, got ${ratString(l)}`);
  });
  if (p.mu1.compare(0) <= 0) throw new UsageError(`mu1 must be > 0, got ${ratString(p.mu1)}`);
  if (p.mu2.compare(0) <= 0) throw new UsageError(`mu2 must be > 0, got ${ratString(p.mu2)}`);
  const smallest = Math.min(...p.servers);
  if (!Number.isInteger(p.d1) || p.d1 < 1 || p.d1 > smallest) throw new UsageError(`d1 must be an integer in 1..${smallest} (the smallest group), got ${p.d1}`);
  if (R > 1) {
    const N = serverCount(p);
    const fewest = N - Math.max(...p.servers);
    if (!Number.isInteger(p.d2) || p.d2 < 1 || p.d2 > fewest)
      throw new UsageError(`d2 must be an integer in 1..${fewest} (the fewest secondary servers of a type), got ${p.d2}`);
  }
  if (p.K !== undefined && (!Number.isInteger(p.K) || p.K < 1)) throw new UsageError(`K must be an integer >= 1, got ${p.K}`);
  return p;
}
