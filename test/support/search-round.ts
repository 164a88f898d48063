import type { Solved } from '../../src/ctmc/solve-chain.ts';
import type { DirectMethod } from '../../src/ctmc/solvers/registry.ts';

/**
 * A truncation round's answer as a Search reads it: its size, a boundary mass
 * within 1e-12, one metric (meanJobs) and, for float solvers, its solver error.
 */
export function searchRound(method: DirectMethod, states: number, meanJobs: number, solverError?: number): Solved {
  return {
    evidence: {
      method,
      states,
      transitions: 0,
      residual: 0,
      residualNorm: '',
      iterations: method === 'gth' ? 0 : 1,
      seconds: 0,
      converged: true,
      truncation: { boundaryMass: 1e-13, tolerance: 1e-12, withinTolerance: true },
    },
    codes: new Float64Array(0),
    radices: [],
    pi: new Float64Array(0),
    exactIsCheap: false,
    metrics: { meanJobs },
    ...(solverError === undefined ? {} : { metricSolverError: { meanJobs: solverError } }),
  };
}
