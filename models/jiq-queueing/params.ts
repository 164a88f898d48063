/**
 * Parameters of jiq-queueing: those of jiq-blocking (N, alpha, beta, nu), lambda < 1
 * (the queueing scenario is stable iff lambda < 1), and an optional queue cap K.
 */
import { capParam, rationalParam } from 'lbcheck';
import { params as blockingParams, validate as validateBlocking, type JiqBlockingParams } from '../jiq-blocking/params.ts';
import { checkLoadBelowOne } from '../support/stable-load.ts';

export const params = {
  ...blockingParams,
  lambda: rationalParam('arrival rate per server, 0 < lambda < 1', 'positive'),
  K: capParam,
};

export interface JiqQueueingParams extends JiqBlockingParams {
  /** Queue length cap; undefined = chosen automatically by the solver. */
  K: number | undefined;
}

export function validate(p: JiqQueueingParams): JiqQueueingParams {
  validateBlocking(p);
  checkLoadBelowOne(p.lambda);
  return p;
}
