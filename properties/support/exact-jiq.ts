/** Exact stationary metrics of a jiq-blocking point, for properties that compare systems. */
import { metricsOf } from '../../src/api.ts';
import { Inconclusive } from '../../src/check/generated.ts';
import type { Rational } from '../../src/core/rational.ts';
import { solveChain } from '../../src/ctmc/solve.ts';
import { jiqBlocking, type JiqBlockingParams } from '../../models/jiq-blocking.ts';

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
