/**
 * The exact side of a regression: each case solved once per run (cached by its
 * parameters), with the options and the automatic truncation of `lbcheck solve`.
 * A solve that is not to be trusted is a CaseFailure carrying the solve's reason.
 */
import { flattenMetrics } from '../core/metric-names.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { solveModel, trusted, type Evidence, type SearchOptions } from '../ctmc/solve.ts';
import { CaseFailure } from './external.ts';

export interface ExactCase {
  values: Map<string, number>;
  /** Wall seconds of the solve (0 when the run had solved the same parameters before). */
  seconds: number;
}

/** Why a solve is not trusted, in the words `lbcheck solve` uses. */
export function untrustedReason(e: Evidence, capIsModel: boolean): string | null {
  const t = e.truncation;
  if (t?.stopped) return `exact solve stopped: ${t.stopped}`;
  if (!e.converged) return `exact solve not converged (residual ${e.residual.toExponential(2)})`;
  if (!t || capIsModel) return null;
  if (!t.withinTolerance)
    return `exact solve truncation too coarse: boundary mass ${t.boundaryMass.toExponential(2)} above ${t.tolerance.toExponential(0)} (--boundary-tolerance)`;
  if (t.metricErrorWithinTolerance === false) return `exact solve's estimated metric error exceeds ${t.metricTolerance}`;
  return trusted(e) ? null : 'exact solve not trusted';
}

/**
 * A solver for the cases of one run. A queue cap K given in a case's parameters
 * is part of the simulated model (an arrival sent to a full queue is lost, in
 * the simulator as in the chain), so its boundary mass is no truncation error.
 */
export function exactSolver<P>(family: ModelFamily<ParamSpecs, P>, options: SearchOptions): (p: P) => ExactCase {
  const cache = new Map<string, Map<string, number> | CaseFailure>();
  return (p) => {
    const key = JSON.stringify(family.toJSON(p));
    let hit = cache.get(key);
    let seconds = 0;
    if (hit === undefined) {
      const start = performance.now();
      const solved = solveModel(family, p, options);
      seconds = (performance.now() - start) / 1000;
      const why = untrustedReason(solved.evidence, family.truncation?.fixedK(p) !== undefined);
      hit = why === null ? new Map(Object.entries(flattenMetrics(solved.metrics))) : new CaseFailure(why);
      cache.set(key, hit);
    }
    if (hit instanceof CaseFailure) throw hit;
    return { values: hit, seconds };
  };
}
