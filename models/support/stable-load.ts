/**
 * The stability condition of the queueing families (jsq-d, jiq-queueing): N
 * unit-rate servers fed at lambda N have a stationary law iff lambda < 1. Their
 * parameters refuse lambda >= 1 outright, since the simulator and the fluid
 * view need it too, not only the automatic K.
 */
import { type Rational, ratString, UsageError } from 'lbcheck';

/** UsageError unless lambda < 1. */
export function checkLoadBelowOne(lambda: Rational): void {
  if (lambda.compare(1) >= 0) throw new UsageError(`lambda must be < 1: at lambda >= 1 the queues are unstable (got ${ratString(lambda)})`);
}
