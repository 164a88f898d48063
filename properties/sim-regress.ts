/**
 * lbcheck's own simulators agree with the exact CTMC: for every family with a
 * simulator, on its small regression panel, no z-score (estimate - exact) /
 * stderr exceeds Šidák's bound at family-wise level 1%. One property per family.
 */
import type { Property } from '../src/check/property.ts';
import type { ModelFamily } from '../src/core/model.ts';
import type { ParamSpecs } from '../src/core/params.ts';
import { internalRunner, regress } from '../src/sim/regress.ts';
import { families } from '../models/index.ts';
import { flaggedComparisons, regressEvidence } from './support/regress-evidence.ts';

function simRegress(family: ModelFamily<ParamSpecs, unknown>): Property {
  const panel = family.simulator!.panels.small;
  return {
    id: `sim-regress-${family.id}`,
    claim: `the per-server ${family.id} simulator estimates every CTMC metric within its batch-means error, on the small panel (${panel.length} cases, Šidák at family-wise 1%)`,
    source: 'docs/THEORY.md §7 (simulator regression); the models: docs/THEORY.md §1, §4, §5',
    method: 'simulation vs exact CTMC (z-scores)',
    expected: 'holds',
    run: async (ctx) => {
      const r = await regress(family, panel, {
        seed: ctx.seed >>> 0,
        runner: internalRunner(family),
        simulator: 'internal',
        onProgress: (_done, _total, id) => ctx.progress(`case ${id}`),
      });
      const evidence = regressEvidence(r);
      if (r.verdict === 'pass') return { verdict: 'holds', summary: `all ${r.rule.comparisons} comparisons within Šidák's bound`, evidence };
      if (r.verdict === 'fail') return { verdict: 'refuted', summary: 'some estimate is off its exact value', evidence, counterexample: flaggedComparisons(r) };
      return { verdict: 'unknown', summary: 'some case did not run or had no error bar', evidence };
    },
  };
}

export const simRegressProperties: readonly Property[] = families.filter((f) => f.simulator).map(simRegress);
