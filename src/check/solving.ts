/**
 * Solves for claims: a family at one point, with its metrics by name (a name
 * the family does not have is a usage error, never a NaN), and finite-N
 * sequences of a truncated queueing family for limit claims: each N is solved
 * (iterative solver, K grown until the boundary mass is below
 * BOUNDARY_TOLERANCE, src/core/numerical-policy.ts) and kept with its evidence; an untrusted solve makes the
 * whole check `unknown` (Inconclusive).
 */
import { UsageError } from '../core/errors.ts';
import { metricsOf, type MetricSchema, type MetricsOf } from '../core/metric-schema.ts';
import { BOUNDARY_TOLERANCE } from '../core/numerical-policy.ts';
import type { MetricValues, ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { Rational } from '../core/rational.ts';
import type { EvidenceRecord } from '../core/verdict.ts';
import { solveModel, trusted, type Method, type Solved, type SolveOptions } from '../ctmc/solve.ts';
import { Inconclusive } from './generated.ts';

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
      return {
        untrusted:
          `${family.id} at N = ${N}: residual ${e.residual.toExponential(2)}, converged ${e.converged}, ` +
          `boundary mass ${e.truncation?.boundaryMass.toExponential(2)}`,
      };
    }
    solves.push({ N, solved });
  }
  return { solves };
}

/** The solve's evidence in short: K (for a cap), states, boundary mass, largest estimated metric error, residual. */
export function solveEvidence(s: Solved): EvidenceRecord {
  const e = s.evidence;
  const t = e.truncation!;
  const change = t.metricError
    ? Object.values(t.metricError)
        .flat()
        .reduce((a, b) => Math.max(a, b), 0)
    : undefined;
  return {
    ...(t.K !== undefined ? { K: t.K } : { truncation: t.kind ?? 'cap' }),
    states: e.states,
    boundaryMass: Number(t.boundaryMass.toPrecision(2)),
    ...(change !== undefined ? { metricError: Number(change.toPrecision(2)) } : {}),
    residual: Number(e.residual.toPrecision(2)),
  };
}

/** Observed convergence order between sizes N1 < N2: log(e1/e2) / log(N2/N1) (e ~ N^-order). */
export function observedOrder(N1: number, e1: number, N2: number, e2: number): number {
  return Math.log(e1 / e2) / Math.log(N2 / N1);
}

export const round = (x: number, digits = 6): number => Number(x.toPrecision(digits));

/**
 * A solve whose evidence is trusted (converged, truncation within tolerance);
 * Inconclusive otherwise. Where the method asked for is not trusted, the
 * default one (`auto`, what `lbcheck solve` uses) decides: a claim never comes
 * out unknown on a point that `solve` answers with trust.
 */
export function solveTrusted<P>(family: ModelFamily<ParamSpecs, P>, p: P, opts: SolveOptions & { method: Method } = { method: 'auto' }): Solved {
  const solved = solveModel(family, p, opts);
  if (trusted(solved.evidence)) return solved;
  const byDefault = opts.method === 'auto' ? undefined : solveModel(family, p, { ...opts, method: 'auto' });
  if (byDefault && trusted(byDefault.evidence)) return byDefault;
  const e = solved.evidence;
  const stopped = e.truncation?.stopped ? `; ${e.truncation.stopped}` : '';
  throw new Inconclusive(
    `${family.id} ${JSON.stringify(family.toJSON(p))}: solve not trusted (converged ${e.converged}, residual ` +
      `${e.residual.toExponential(2)}, boundary mass ${e.truncation?.boundaryMass.toExponential(2) ?? 'none'}${stopped}` +
      `${byDefault ? '; nor by the default method' : ''})`,
  );
}

/** The exact stationary metrics of a family at p, typed by its metric schema (exact solver; Inconclusive when it does not run). */
export function exactMetrics<P, M extends MetricSchema>(family: ModelFamily<ParamSpecs, P, M>, p: P): MetricsOf<M, Rational> {
  const s = solveModel(family, p, { method: 'exact' });
  if (!s.exact) throw new Inconclusive(`${family.id}: the exact solver did not run`);
  return metricsOf(family, s.exact.values) as MetricsOf<M, Rational>;
}

/** One scalar metric by name; a name the values lack is a UsageError listing the ones they have. */
export function scalarMetric<V>(values: MetricValues<V>, name: string): V {
  const v = values[name];
  if (v === undefined || Array.isArray(v)) throw new UsageError(`no scalar metric "${name}" (metrics: ${metricList(values)})`);
  return v;
}

/** One vector metric by name (e.g. a per-dispatcher metric), same rule. */
export function vectorMetric<V>(values: MetricValues<V>, name: string): V[] {
  const v = values[name];
  if (!Array.isArray(v)) throw new UsageError(`no vector metric "${name}" (metrics: ${metricList(values)})`);
  return v;
}

function metricList(values: MetricValues<unknown>): string {
  return Object.entries(values)
    .map(([k, v]) => (Array.isArray(v) ? `${k}[1..${v.length}]` : k))
    .join(', ');
}
