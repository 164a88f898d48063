/**
 * Finite-N sequences of a truncated queueing family for limit claims: each N is
 * solved (iterative solver, K grown until the boundary mass is below
 * BOUNDARY_TOLERANCE) and kept with its evidence; an untrusted solve makes the
 * whole check `unknown`.
 */
import type { ModelFamily } from '../../src/core/model.ts';
import type { ParamSpecs } from '../../src/core/params.ts';
import type { EvidenceRecord } from '../../src/core/verdict.ts';
import { solveModel, trusted, type Solved } from '../../src/ctmc/solve.ts';

/**
 * Boundary mass allowed in these checks: the differences they measure are
 * 1e-3 or larger, eight orders above it (the CLI default 1e-12 would need
 * K beyond reach at these sizes; see the families' README section).
 */
export const BOUNDARY_TOLERANCE = 1e-10;

export interface FiniteNSolve {
  N: number;
  solved: Solved;
}

/** Solves family at each N; returns the solves, or why one cannot be trusted. */
export function solveSequence<P>(
  family: ModelFamily<ParamSpecs, P>,
  paramsAt: (N: number) => P,
  sizes: readonly number[],
  progress: (what: string) => void,
): { solves: FiniteNSolve[] } | { untrusted: string } {
  const solves: FiniteNSolve[] = [];
  for (const N of sizes) {
    progress(`${family.id} N = ${N}`);
    const solved = solveModel(family, paramsAt(N), { method: 'iterative', boundaryTolerance: BOUNDARY_TOLERANCE });
    const e = solved.evidence;
    if (!trusted(e)) {
      return { untrusted: `${family.id} at N = ${N}: residual ${e.residual.toExponential(2)}, converged ${e.converged}, boundary mass ${e.truncation?.boundaryMass.toExponential(2)}` };
    }
    solves.push({ N, solved });
  }
  return { solves };
}

/** The solve's evidence in short: K, states, boundary mass, residual. */
export function solveEvidence(s: Solved): EvidenceRecord {
  const e = s.evidence;
  return { K: e.truncation!.K!, states: e.states, boundaryMass: Number(e.truncation!.boundaryMass.toPrecision(2)), residual: Number(e.residual.toPrecision(2)) };
}

/** Observed convergence order between sizes N1 < N2: log(e1/e2) / log(N2/N1) (e ~ N^-order). */
export function observedOrder(N1: number, e1: number, N2: number, e2: number): number {
  return Math.log(e1 / e2) / Math.log(N2 / N1);
}

export const round = (x: number, digits = 6): number => Number(x.toPrecision(digits));
