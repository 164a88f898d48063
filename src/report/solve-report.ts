/** `solve --json`'s document: the answer with its evidence; the explorer's model page shows the same. */
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { trusted, type Solved } from '../ctmc/solve.ts';
import { paramRecord } from './param-record.ts';

export function solvedReport(family: ModelFamily<ParamSpecs, unknown>, params: unknown, solved: Solved) {
  const e = solved.evidence;
  return {
    model: family.id,
    ...paramRecord(family, params),
    method: e.method,
    states: e.states,
    transitions: e.transitions,
    metrics: solved.metrics,
    ...(solved.exact ? { exact: solved.exact.text } : {}),
    residual: e.residual,
    residualNorm: e.residualNorm,
    iterations: e.iterations,
    seconds: e.seconds,
    converged: e.converged,
    ...(e.errorEstimate !== undefined ? { errorEstimate: e.errorEstimate } : {}),
    ...(solved.metricSolverError ? { metricSolverError: solved.metricSolverError } : {}),
    ...(e.primes !== undefined ? { primes: e.primes, liftingSteps: e.liftingSteps } : {}),
    ...(e.truncation ? { truncation: e.truncation } : {}),
    trusted: trusted(e),
  };
}

export type SolveReport = ReturnType<typeof solvedReport>;
