/** Exact stationary metrics of a jiq-blocking point, for properties that compare systems. */
import { Inconclusive, metricsOf, type Rational, solveChain } from 'lbcheck';
import { jiqBlocking, type JiqBlockingParams } from 'lbcheck/models';

export interface ExactJiq {
  blocking: Rational;
  /** P(n_r = 0) for each dispatcher r. */
  noToken: Rational[];
  states: number;
}

export function exactJiq(p: JiqBlockingParams): ExactJiq {
  const s = solveChain((A) => jiqBlocking.ctmc(p, A), { method: 'exact' });
  if (!s.exact) throw new Inconclusive('the exact solver did not run');
  const v = metricsOf(jiqBlocking, s.exact.values);
  return { blocking: v.blocking, noToken: v.noTokenProbability, states: s.evidence.states };
}
