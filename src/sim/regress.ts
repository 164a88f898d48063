/**
 * Simulator regression: runs a simulator (ours, or a user's command) on a panel
 * of small cases whose exact answers the CTMC engine computes (regress-exact.ts),
 * pairs estimates with exact values (the metrics named, or those the simulator
 * reports on the first case: metric-spec.ts) and decides one verdict
 * (regress-verdict.ts: Šidák's rule per comparison and an omnibus test, sharing
 * the family-wise level 1%, each comparison with power to show the detectable
 * difference). A case that cannot run (solver, crash, timeout, malformed output,
 * a metric name the CTMC does not have, a compared metric missing) is reported
 * with its reason; the other cases still count.
 */
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { UsageError } from '../core/errors.ts';
import type { SearchOptions } from '../ctmc/solve.ts';
import { CaseFailure, runExternal, type CaseInput, type MetricEstimate, type ParamsJson } from './external.ts';
import { DEFAULT_DETECT, POWER, roundUp, type Detect } from './detectable.ts';
import { selectMetrics, specOf, specText, type MetricItem } from './metric-spec.ts';
import { exactSolver, type ExactCase } from './regress-exact.ts';
import { decide, type Comparison, type Measurement, type Verdict } from './regress-verdict.ts';
import { checkSeed, MAX_SEED } from './random.ts';
import { runSimulation } from './run.ts';
import type { PanelCase } from './view.ts';

export { flattenMetrics } from '../core/metric-names.ts';
export type { Comparison } from './regress-verdict.ts';

/** Runs one case and returns estimates by flat metric name; throws CaseFailure when it cannot. */
export type CaseRunner<P> = (input: CaseInput, p: P) => Promise<Record<string, MetricEstimate>>;

export interface CaseRecord {
  id: string;
  params: ParamsJson;
  seed: number;
  horizon: number;
  /** Wall seconds of the exact solve (0 when cached), and of the simulator; null when it did not get that far. */
  exactSeconds: number | null;
  simSeconds: number | null;
  comparisons: number;
  error: string | null;
}

export interface RegressReport {
  /** fail: a test flagged; unknown: none did, but some case did not run, some comparison is imprecise or undecided; pass otherwise. */
  verdict: Verdict['verdict'];
  /** The test that flagged (fail only). */
  decidedBy: Verdict['decidedBy'];
  family: string;
  simulator: string;
  seed: number;
  rule: Verdict['rule'] & {
    method: 'sidak+omnibus';
    power: number;
    /** Comparisons made, and those the panel asks for (every case times the metrics compared in it). */
    comparisons: number;
    expectedComparisons: number;
  };
  /** What is compared, as a --metrics list, and whether the user named it or the first case's report did. */
  compared: { metrics: string; from: '--metrics' | 'first case' };
  /** CTMC metrics that are not compared, and why (listed once). */
  notCompared: { metrics: string[]; why: string }[];
  omnibus: Verdict['omnibus'];
  /** How much longer the runs must be for every comparison to be precise (null when they are). */
  advice: { lengthFactor: number; cases: { id: string; horizon: number; suggestedHorizon: number }[] } | null;
  cases: CaseRecord[];
  comparisons: Comparison[];
  errors: { id: string; error: string }[];
}

/** Our own simulator, in process; a run too short to estimate anything fails its case (simulate's rule). */
export function internalRunner<P>(family: ModelFamily<ParamSpecs, P>): CaseRunner<P> {
  const view = family.simulator;
  if (!view) throw new UsageError(`${family.id} has no built-in simulator`);
  return async (input, p) => {
    const r = runSimulation(view, p, { seed: input.seed, horizon: input.horizon });
    if (r.tooShort) throw new CaseFailure(r.tooShort);
    return Object.fromEntries(Object.entries(r.metrics).map(([k, e]) => [k, { mean: e.mean, stderr: e.stderr, df: e.df }]));
  };
}

export function externalRunner<P>(command: string, timeoutMs: number): CaseRunner<P> {
  return (input) => runExternal(command, input, timeoutMs);
}

export interface RegressOptions<P> {
  seed: number;
  /** Replaces every case's horizon when given. */
  horizon?: number;
  runner: CaseRunner<P>;
  simulator: string;
  /** The metrics to compare (--metrics); default those the simulator reports on the first case. */
  metrics?: readonly MetricItem[];
  detect?: Detect;
  /** Options of the exact solves (as `lbcheck solve`'s). */
  solve?: SearchOptions;
  /** Cases run at once (an external simulator's processes); default 1. */
  jobs?: number;
  onProgress?: (done: number, total: number, caseId: string) => void;
}

interface Ran {
  exact?: ExactCase;
  estimates?: Record<string, MetricEstimate>;
  simSeconds?: number;
  error?: string;
}

/** Runs f(0..n-1), at most `jobs` at a time. */
async function inPool(n: number, jobs: number, f: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < n) await f(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, n)) }, worker));
}

const failure = (e: unknown): string => {
  if (e instanceof CaseFailure || e instanceof UsageError) return e.message;
  throw e;
};

export async function regress<P>(family: ModelFamily<ParamSpecs, P>, panel: readonly PanelCase[], o: RegressOptions<P>): Promise<RegressReport> {
  checkSeed(o.seed, 'seed');
  // Read every case first: a bad panel is a usage error before anything runs.
  const cases = panel.map((c, i) => {
    try {
      const p = family.parse({ ...c.params });
      const input: CaseInput = { family: family.id, params: family.toJSON(p), seed: (o.seed + i) % (MAX_SEED + 1), horizon: o.horizon ?? c.horizon };
      return { c, p, input };
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`case ${c.id}: ${e.message}`);
      throw e;
    }
  });
  const solveExact = exactSolver(family, o.solve ?? { method: 'auto' });
  const ran: Ran[] = cases.map(() => ({}));
  let done = 0;
  await inPool(cases.length, o.jobs ?? 1, async (i) => {
    const { c, p, input } = cases[i];
    const r = ran[i];
    const start = performance.now();
    // The simulator starts first: an external one runs in its own process while the chain is solved here.
    const sim = o
      .runner(input, p)
      .then(
        (m) => {
          r.estimates = m;
        },
        (e: unknown) => {
          r.error = failure(e);
        },
      )
      .finally(() => {
        r.simSeconds = (performance.now() - start) / 1000;
      });
    try {
      r.exact = solveExact(p);
    } catch (e) {
      r.error = failure(e);
    }
    await sim;
    o.onProgress?.(++done, cases.length, c.id);
  });
  return compare(family, cases, ran, o);
}

function compare<P>(family: ModelFamily<ParamSpecs, P>, cases: { c: PanelCase; p: P; input: CaseInput }[], ran: Ran[], o: RegressOptions<P>): RegressReport {
  const view = family.simulator;
  const select = (p: P, names: readonly string[]): readonly string[] => (o.metrics || !view?.comparedMetrics ? names : view.comparedMetrics.select(p, names));
  const firstOk = ran.findIndex((r) => r.exact && r.estimates);
  const spec: readonly MetricItem[] =
    o.metrics ??
    (firstOk < 0
      ? []
      : specOf(
          select(cases[firstOk].p, [...ran[firstOk].exact!.values.keys()]).filter((k) => Object.hasOwn(ran[firstOk].estimates!, k)),
          [...ran[firstOk].exact!.values.keys()],
        ));
  const measured: Measurement[] = [];
  const records: CaseRecord[] = [];
  const excludedByFamily = new Set<string>();
  const notAsked = new Set<string>();
  let expected = 0;
  for (const [i, { c, p, input }] of cases.entries()) {
    const r = ran[i];
    let error = r.error ?? null;
    let count = 0;
    if (r.exact) {
      const names = [...r.exact.values.keys()];
      const allowed = select(p, selectMetrics(spec, names));
      const familyAllows = select(p, names);
      for (const k of names) if (!allowed.includes(k)) (familyAllows.includes(k) ? notAsked : excludedByFamily).add(k);
      expected += allowed.length;
      if (!error && r.estimates) {
        const reported = Object.keys(r.estimates);
        const unknown = reported.filter((k) => !r.exact!.values.has(k));
        const missing = allowed.filter((k) => !Object.hasOwn(r.estimates!, k));
        const problems = [
          ...(unknown.length ? [`unknown metric${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')}`] : []),
          ...(missing.length ? [`missing metric${missing.length > 1 ? 's' : ''} ${missing.map((k) => JSON.stringify(k)).join(', ')}`] : []),
        ];
        if (problems.length) error = `${problems.join('; ')} (compared: ${specText(spec)})`;
        else {
          for (const metric of allowed) {
            const e = r.estimates[metric];
            const functionOf = view?.functionOf?.[metric];
            measured.push({
              id: c.id,
              metric,
              estimate: e.mean,
              stderr: e.stderr,
              ...(e.df !== undefined ? { df: e.df } : {}),
              exact: r.exact.values.get(metric)!,
              ...(functionOf ? { functionOf } : {}),
            });
          }
          count = allowed.length;
        }
      }
    }
    records.push({
      id: c.id,
      params: input.params,
      seed: input.seed,
      horizon: input.horizon,
      exactSeconds: r.exact?.seconds ?? null,
      simSeconds: r.simSeconds ?? null,
      comparisons: count,
      error,
    });
  }
  const errors = records.filter((r) => r.error !== null).map((r) => ({ id: r.id, error: r.error! }));
  const detect = o.detect ?? DEFAULT_DETECT;
  const v = decide(measured, { detect, complete: errors.length === 0 && measured.length >= Math.max(1, expected) });
  const advised = records.filter((r) => v.comparisons.some((c) => c.id === r.id && c.status === 'imprecise'));
  const notCompared = [
    ...(excludedByFamily.size ? [{ metrics: [...excludedByFamily], why: view!.comparedMetrics!.why }] : []),
    ...(notAsked.size ? [{ metrics: [...notAsked], why: o.metrics ? 'not named by --metrics' : 'not reported by the simulator on the first case' }] : []),
  ];
  return {
    verdict: v.verdict,
    decidedBy: v.decidedBy,
    family: family.id,
    simulator: o.simulator,
    seed: o.seed,
    rule: { method: 'sidak+omnibus', ...v.rule, power: POWER, comparisons: measured.length, expectedComparisons: expected },
    compared: { metrics: specText(spec), from: o.metrics ? '--metrics' : 'first case' },
    notCompared,
    omnibus: v.omnibus,
    advice: advised.length
      ? { lengthFactor: v.lengthFactor, cases: advised.map((r) => ({ id: r.id, horizon: r.horizon, suggestedHorizon: roundUp(r.horizon * v.lengthFactor) })) }
      : null,
    cases: records,
    comparisons: v.comparisons,
    errors,
  };
}
