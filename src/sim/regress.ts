/**
 * Simulator regression: runs a simulator (ours, or a user's command) on a panel
 * of small cases whose exact answers the CTMC engine computes, and turns the
 * z-scores (estimate - exact) / stderr into one verdict under Šidák's rule at
 * family-wise level 1% over every comparison made (sim/multiple-testing.ts).
 * A case that cannot run (solver, crash, timeout, malformed output, a metric
 * name the CTMC does not have, an expected metric missing) is reported with its
 * reason; the other cases still count. Agreement needs power: a comparison whose
 * acceptance band is wider than the stated detectable difference is `imprecise`.
 */
import { flattenMetrics } from '../core/metric-names.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { UsageError } from '../core/errors.ts';
import { solveModel, trusted } from '../ctmc/solve.ts';
import { CaseFailure, runExternal, type CaseInput, type MetricEstimate, type ParamsJson } from './external.ts';
import { DETECTABLE, detectableDifference } from './detectable.ts';
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
  /** The difference this comparison must be able to detect (detectableDifference(exact)). */
  detectable: number;
  /** critical * stderr > detectable: the estimate cannot tell the exact value from one that far off. */
  imprecise: boolean;
}

export interface RegressReport {
  /**
   * fail: some comparison flagged; unknown: none flagged, but some case did not run,
   * some z is undecided, some comparison is imprecise, or fewer comparisons were
   * made than expected; pass otherwise.
   */
  verdict: 'pass' | 'fail' | 'unknown';
  family: string;
  simulator: string;
  seed: number;
  rule: {
    method: 'sidak';
    familyWiseLevel: number;
    /** Comparisons made. */
    comparisons: number;
    /** Comparisons the panel asks for: every case times the metrics compared in it. */
    expectedComparisons: number;
    perComparisonLevel: number;
    /** A comparison must detect a difference of relative |exact| + absolute. */
    detectable: { relative: number; absolute: number };
  };
  /** The CTMC metrics that are not compared, and why (empty when every metric is). */
  notCompared: { metrics: string[]; why: string } | null;
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
function exactValues<P>(family: ModelFamily<ParamSpecs, P>, p: P): Map<string, number> {
  const solved = solveModel(family, p, { method: 'auto' });
  const e = solved.evidence;
  const capIsModel = family.truncation?.fixedK(p) !== undefined;
  if (!(capIsModel ? e.converged : trusted(e))) {
    throw new CaseFailure(`exact solve not trusted (converged=${e.converged}, boundary mass ${e.truncation?.boundaryMass ?? 0})`);
  }
  return new Map(Object.entries(flattenMetrics(solved.metrics)));
}

/**
 * The estimates to compare: every expected metric must be reported, and every
 * reported name must be one of the CTMC's (a misspelt name is an error, not
 * something to ignore); known metrics beyond the expected ones are compared too.
 */
function pairUp(estimates: Record<string, MetricEstimate>, exact: Map<string, number>, expected: readonly string[]): string[] {
  const reported = Object.keys(estimates);
  const unknown = reported.filter((k) => !exact.has(k));
  const missing = expected.filter((k) => !Object.hasOwn(estimates, k));
  const problems = [
    ...(unknown.length ? [`unknown metric${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')}`] : []),
    ...(missing.length ? [`missing metric${missing.length > 1 ? 's' : ''} ${missing.map((k) => JSON.stringify(k)).join(', ')}`] : []),
  ];
  if (problems.length) throw new CaseFailure(`${problems.join('; ')} (expected: ${expected.join(', ')})`);
  return reported;
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
  const compared = family.simulator?.comparedMetrics;
  let expectedComparisons = 0;
  const notCompared = new Set<string>();
  for (const [i, { c, p }] of cases.entries()) {
    o.onProgress?.(i, cases.length, c.id);
    const params = family.toJSON(p);
    const input: CaseInput = { family: family.id, params, seed: (o.seed + i) % (MAX_SEED + 1), horizon: o.horizon ?? c.horizon };
    try {
      const exact = exactValues(family, p);
      const all = [...exact.keys()];
      const expected = compared ? compared.select(p, all) : all;
      for (const k of all) if (!expected.includes(k)) notCompared.add(k);
      expectedComparisons += expected.length;
      const estimates = await o.runner(input, p);
      for (const metric of pairUp(estimates, exact, expected)) measured.push({ id: c.id, params, metric, estimate: estimates[metric], exact: exact.get(metric)! });
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
    const detectable = detectableDifference(m.exact);
    return {
      id: m.id, params: m.params, metric: m.metric, estimate: m.estimate.mean, stderr: m.estimate.stderr, exact: m.exact,
      z, df: m.estimate.df ?? null, critical, flagged: z !== null && !(Math.abs(z) <= critical),
      detectable, imprecise: !(critical * m.estimate.stderr <= detectable),
    };
  });
  const undecided = comparisons.some((c) => c.z === null || c.imprecise) || errors.length > 0 || comparisons.length < Math.max(1, expectedComparisons);
  const verdict = comparisons.some((c) => c.flagged) ? 'fail' : undecided ? 'unknown' : 'pass';
  return {
    verdict,
    family: family.id,
    simulator: o.simulator,
    seed: o.seed,
    rule: {
      method: 'sidak', familyWiseLevel: FAMILY_WISE_LEVEL, comparisons: comparisons.length, expectedComparisons,
      perComparisonLevel: level, detectable: { ...DETECTABLE },
    },
    notCompared: notCompared.size && compared ? { metrics: [...notCompared], why: compared.why } : null,
    cases: comparisons,
    errors,
  };
}
