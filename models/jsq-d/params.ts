/** Parameters of jsq-d: N servers, lambda (per server, < 1), d sampled servers and how they are sampled, optional queue cap K. */
import { capParam, choiceParam, intParam, type Rational, rationalParam, ratString, UsageError } from 'lbcheck';
import { SAMPLINGS, type Sampling } from '../support/sampling.ts';
import { checkLoadBelowOne } from '../support/stable-load.ts';

export const params = {
  N: intParam('number of servers', { min: 1 }),
  lambda: rationalParam('arrival rate per server, 0 < lambda < 1', 'positive'),
  d: intParam('servers sampled per arrival (1 = random routing; without replacement 1..N, N = JSQ)', { min: 1 }),
  sampling: choiceParam(
    'how the d servers are sampled: without = d distinct servers, with = d independent uniform servers (repeats possible)',
    SAMPLINGS,
    'without',
  ),
  K: capParam,
};

export interface JsqdParams {
  N: number;
  lambda: Rational;
  d: number;
  sampling: Sampling;
  /** Queue length cap; undefined = chosen automatically by the solver. */
  K: number | undefined;
}

export function validate(p: JsqdParams): JsqdParams {
  if (!Number.isInteger(p.N) || p.N < 1) throw new UsageError(`N must be an integer >= 1, got ${p.N}`);
  if (p.lambda.compare(0) <= 0) throw new UsageError(`lambda must be > 0, got ${ratString(p.lambda)}`);
  if (!Number.isInteger(p.d) || p.d < 1) throw new UsageError(`d must be an integer >= 1, got ${p.d}`);
  if (p.sampling === 'without' && p.d > p.N)
    throw new UsageError(`d must be <= N (d distinct servers are sampled among N; --sampling with allows more), got d = ${p.d} > N = ${p.N}`);
  checkLoadBelowOne(p.lambda);
  return p;
}
