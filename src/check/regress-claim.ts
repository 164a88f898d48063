/** Claims built on `regress` (sim/regress.ts): the evidence of a run, and the simulator-regression claim. */
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { EvidenceRecord, Verdict } from '../core/verdict.ts';
import { DEFAULT_DETECT, detectText } from '../sim/detectable.ts';
import type { RegressReport } from '../sim/regress.ts';
import type { PanelCase } from '../core/simulator-view.ts';
import type { FlaggedComparison, RegressionCounterexample } from './counterexample.ts';
import { defineClaim } from './define.ts';
import type { Property } from './property.ts';

export function regressEvidence(r: RegressReport): EvidenceRecord {
  const c = r.comparisons;
  const maxAbsZ = c.reduce((m, x) => (x.z === null ? m : Math.max(m, Math.abs(x.z))), 0);
  const count = (status: string): number => c.filter((x) => x.status === status).length;
  return {
    simulator: r.simulator,
    seed: r.seed,
    comparisons: r.rule.comparisons,
    expectedComparisons: r.rule.expectedComparisons,
    flagged: count('flagged'),
    undecided: count('undecided'),
    imprecise: count('imprecise'),
    notEstimable: count('not estimable'),
    notCompared: r.notCompared.length ? r.notCompared.map((n) => `${n.metrics.join(', ')} (${n.why})`).join('; ') : null,
    maxAbsZ,
    critical: c.length ? Math.min(...c.map((x) => x.critical)) : null,
    omnibus: r.omnibus ? `chi-square ${r.omnibus.statistic.toPrecision(4)} on ${r.omnibus.df} df, critical ${r.omnibus.critical.toPrecision(4)}` : null,
    decidedBy: r.decidedBy,
    rule: `Šidák and omnibus chi-square, family-wise ${r.rule.familyWiseLevel}`,
    errors: r.errors.map((e) => `${e.id}: ${e.error}`),
  };
}

/** The flagged comparisons: what a failed regression found. */
export function flaggedComparisons(r: RegressReport): FlaggedComparison[] {
  return r.comparisons
    .filter((c) => c.status === 'flagged')
    .map((c) => ({ case: c.id, metric: c.metric, estimate: c.estimate, stderr: c.stderr, exact: c.exact, z: c.z }));
}

/** A regression's flagged comparisons as a counterexample (none, when a regression expected to flag passed). */
export function regressionCounterexample(r: RegressReport): RegressionCounterexample {
  return { kind: 'regression', flagged: flaggedComparisons(r) };
}

export interface SimulatorRegressionSpec {
  /** Default `sim-regress-<family id>`. */
  id?: string;
  /** The panel of small cases (default the family's `small` panel). */
  panel?: readonly PanelCase[];
  /** A shell command speaking the external protocol (default lbcheck's own simulator of the family). */
  command?: string;
  timeoutMs?: number;
  expected?: Verdict;
}

/**
 * A simulator agrees with the exact CTMC on a panel: neither Šidák's rule on the
 * z-scores (estimate - exact) / stderr nor the omnibus test flags, at family-wise
 * level 1% together (sim/regress-verdict.ts).
 */
export function simulatorRegression<P>(family: ModelFamily<ParamSpecs, P>, o: SimulatorRegressionSpec = {}): Property {
  const panel = o.panel ?? family.simulator?.panels.small;
  if (!panel) throw new UsageError(`${family.id} has no simulator panel: give one (panel: [...])`);
  const which = o.command ?? 'internal';
  const derived = !o.command && family.simulator?.method !== undefined;
  const compared = family.simulator?.comparedMetrics;
  return defineClaim({
    id: o.id ?? `sim-regress-${family.id}`,
    claim:
      `the ${o.command ? `simulator "${o.command}"` : `${derived ? 'derived' : 'per-server'} ${family.id} simulator`} estimates ` +
      `${compared ? `the CTMC metrics (${compared.why})` : 'every CTMC metric'} within its batch-means error, on ${o.panel ? 'its' : 'the small'} panel ` +
      `(${panel.length} cases, Šidák and an omnibus test at family-wise 1%, each comparison able to show a difference of ${detectText(DEFAULT_DETECT)})`,
    source: 'docs/THEORY.md §9 (the regression rule)',
    method: `simulation vs exact CTMC (z-scores)${derived ? "; the simulator is derived from the chain's own declaration, no independent check of it" : ''}`,
    expected: o.expected ?? 'holds',
    run: async (ctx) => {
      // Loaded when a regression runs: the simulator and its statistics stay out of every other command's start-up.
      const { externalRunner, internalRunner, regress } = await import('../sim/regress.ts');
      const { DEFAULT_TIMEOUT_SECONDS } = await import('../sim/external.ts');
      const r = await regress(family, panel, {
        seed: ctx.seed >>> 0,
        runner: o.command ? externalRunner(o.command, o.timeoutMs ?? DEFAULT_TIMEOUT_SECONDS * 1000) : internalRunner(family),
        simulator: which,
        onProgress: (_done, _total, id) => ctx.progress(`case ${id}`),
      });
      const evidence = regressEvidence(r);
      if (r.verdict === 'pass')
        return {
          verdict: 'holds',
          summary: `all ${r.rule.comparisons} of ${r.rule.expectedComparisons} expected comparisons within Šidák's bound, omnibus test passed`,
          evidence,
        };
      if (r.verdict === 'fail') {
        const by = r.decidedBy === 'both' ? 'both tests' : `the ${r.decidedBy} test`;
        const counterexample = regressionCounterexample(r);
        return { verdict: 'refuted', summary: `some estimate is off its exact value (flagged by ${by})`, evidence, counterexample };
      }
      return {
        verdict: 'unknown',
        summary:
          `undecided: ${r.errors.length} case(s) did not run, ${evidence.undecided} estimate(s) without ` +
          `error bar, ${evidence.imprecise} too imprecise; ${r.rule.comparisons} of ${r.rule.expectedComparisons} comparisons made`,
        evidence,
      };
    },
  });
}
