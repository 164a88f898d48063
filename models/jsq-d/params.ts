/** Parameters of jsq-d: N servers, lambda (per server, < 1), d sampled servers, optional queue cap K. */
import { UsageError } from '../../src/core/errors.ts';
import { intParam, rationalParam } from '../../src/core/params.ts';
import { ratString, type Rational } from '../../src/core/rational.ts';
import { capParam } from '../../src/core/truncation.ts';
import { checkLoadBelowOne } from '../support/stable-load.ts';

export const params = {
  N: intParam('number of servers', { min: 1 }),
  lambda: rationalParam('arrival rate per server, 0 < lambda < 1', 'positive'),
  d: intParam('servers sampled per arrival, 1..N (1 = random routing, N = JSQ)', { min: 1 }),
  K: capParam,
};

export interface JsqdParams {
  N: number;
  lambda: Rational;
  d: number;
  /** Queue length cap; undefined = chosen automatically by the solver. */
  K: number | undefined;
}

export function validate(p: JsqdParams): JsqdParams {
  if (!Number.isInteger(p.N) || p.N < 1) throw new UsageError(`N must be an integer >= 1, got ${p.N}`);
  if (p.lambda.compare(0) <= 0) throw new UsageError(`lambda must be > 0, got ${ratString(p.lambda)}`);
  if (!Number.isInteger(p.d) || p.d < 1) throw new UsageError(`d must be an integer >= 1, got ${p.d}`);
  if (p.d > p.N) throw new UsageError(`d must be <= N (d distinct servers are sampled among N), got d = ${p.d} > N = ${p.N}`);
  checkLoadBelowOne(p.lambda);
  return p;
}
