/**
 * Simulator regression: runs a simulator (ours, or a user's command) on a panel
 * of small cases whose exact answers the CTMC engine computes, and turns the
 * z-scores (estimate - exact) / stderr into one verdict under Šidák's rule at
 * family-wise level 1% over every comparison made (sim/multiple-testing.ts).
 * A case that cannot run (solver, crash, timeout, malformed output) is reported
 * with its reason; the other cases still count.
 */
import { flattenMetrics } from '../core/metric-names.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { UsageError } from '../core/errors.ts';
import { solveModel, trusted } from '../ctmc/solve.ts';
import { CaseFailure, runExternal, type CaseInput, type MetricEstimate, type ParamsJson } from './external.ts';
import { criticalValue, FAMILY_WISE_LEVEL, sidakLevel, zScore } from './multiple-testing.ts';
import { checkSeed, MAX_SEED } from './random.ts';
import { runSimulation } from './run.ts';
import type { PanelCase } from './view.ts';

/** Runs one case and returns estimates by flat metric name; throws CaseFailure when it cannot. */
export type CaseRunner<P> = (input: CaseInput, p: P) => Promise<Record<string, MetricEstimate>>;

export interface Comparison {
  id: string;
  params: ParamsJson;
  metric: string;
  estimate: number;
  stderr: number;
  exact: number;
  /** null when the estimate differs from the exact value but has stderr 0: undecided. */
  z: number | null;
  /** Degrees of freedom of the stderr, null for a normal approximation. */
  df: number | null;
  /** |z| beyond which this comparison is flagged. */
  critical: number;
  flagged: boolean;
}

export interface RegressReport {
  /** fail: some comparison flagged; unknown: none flagged, but some case did not run or some z is undecided; pass otherwise. */
  verdict: 'pass' | 'fail' | 'unknown';
  family: string;
  simulator: string;
  seed: number;
  rule: { method: 'sidak'; familyWiseLevel: number; comparisons: number; perComparisonLevel: number };
  cases: Comparison[];
  errors: { id: string; error: string }[];
}

export { flattenMetrics } from '../core/metric-names.ts';

/** Our own simulator, in process. */
export function internalRunner<P>(family: ModelFamily<ParamSpecs, P>): CaseRunner<P> {
  const view = family.simulator;
  if (!view) throw new UsageError(`${family.id} has no built-in simulator`);
  return async (input, p) => {
    const r = runSimulation(view, p, { seed: input.seed, horizon: input.horizon });
    return Object.fromEntries(Object.entries(r.metrics).map(([k, e]) => [k, { mean: e.mean, stderr: e.stderr, df: e.df }]));
  };
}

export function externalRunner<P>(command: string, timeoutMs: number): CaseRunner<P> {
  return (input) => runExternal(command, input, timeoutMs);
}

/**
 * Exact metrics of one case, flattened; a solve that is not to be trusted is a
 * CaseFailure. A queue cap K given in the case's parameters is part of the
 * simulated model (an arrival sent to a full queue is lost, in the simulator as
 * in the chain), so its boundary mass is no truncation error then.
 */
function exactValues<P>(family: ModelFamily<ParamSpecs, P>, p: P): Record<string, number> {
  const solved = solveModel(family, p, { method: 'auto' });
  const e = solved.evidence;
  const capIsModel = family.truncation?.requestedK(p) !== undefined;
  if (!(capIsModel ? e.converged : trusted(e))) {
    throw new CaseFailure(`exact solve not trusted (converged=${e.converged}, boundary mass ${e.truncation?.boundaryMass ?? 0})`);
  }
  return flattenMetrics(solved.metrics);
}

interface Measured {
  id: string;
  params: ParamsJson;
  metric: string;
  estimate: MetricEstimate;
  exact: number;
}

export interface RegressOptions<P> {
  seed: number;
  /** Replaces every case's horizon when given. */
  horizon?: number;
  runner: CaseRunner<P>;
  simulator: string;
  onProgress?: (done: number, total: number, caseId: string) => void;
}

export async function regress<P>(family: ModelFamily<ParamSpecs, P>, panel: readonly PanelCase[], o: RegressOptions<P>): Promise<RegressReport> {
  checkSeed(o.seed, 'seed');
  // Read every case first: a bad panel is a usage error before anything runs.
  const cases = panel.map((c) => {
    try {
      return { c, p: family.parse({ ...c.params }) };
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`case ${c.id}: ${e.message}`);
      throw e;
    }
  });
  const measured: Measured[] = [];
  const errors: { id: string; error: string }[] = [];
  for (const [i, { c, p }] of cases.entries()) {
    o.onProgress?.(i, cases.length, c.id);
    const params = family.toJSON(p);
    const input: CaseInput = { family: family.id, params, seed: (o.seed + i) % (MAX_SEED + 1), horizon: o.horizon ?? c.horizon };
    try {
      const exact = exactValues(family, p);
      const estimates = await o.runner(input, p);
      const known = Object.keys(estimates).filter((k) => k in exact);
      if (known.length === 0) throw new CaseFailure(`reported none of the known metrics (${Object.keys(exact).join(', ')})`);
      for (const metric of known) measured.push({ id: c.id, params, metric, estimate: estimates[metric], exact: exact[metric] });
    } catch (e) {
      if (!(e instanceof CaseFailure) && !(e instanceof UsageError)) throw e;
      errors.push({ id: c.id, error: e.message });
    }
  }
  o.onProgress?.(cases.length, cases.length, '');
  const level = sidakLevel(Math.max(1, measured.length));
  const comparisons = measured.map((m): Comparison => {
    const z = zScore(m.estimate.mean, m.estimate.stderr, m.exact);
    const critical = criticalValue(level, m.estimate.df);
    return {
      id: m.id, params: m.params, metric: m.metric, estimate: m.estimate.mean, stderr: m.estimate.stderr, exact: m.exact,
      z, df: m.estimate.df ?? null, critical, flagged: z !== null && !(Math.abs(z) <= critical),
    };
  });
  const undecided = comparisons.some((c) => c.z === null) || errors.length > 0 || comparisons.length === 0;
  const verdict = comparisons.some((c) => c.flagged) ? 'fail' : undecided ? 'unknown' : 'pass';
  return {
    verdict,
    family: family.id,
    simulator: o.simulator,
    seed: o.seed,
    rule: { method: 'sidak', familyWiseLevel: FAMILY_WISE_LEVEL, comparisons: comparisons.length, perComparisonLevel: level },
    cases: comparisons,
    errors,
  };
}
