/**
 * lbcheck's own jiq-blocking simulator agrees with the exact CTMC: on the small
 * regression panel, no z-score (estimate - exact) / stderr exceeds Šidák's bound
 * at family-wise level 1%.
 */
import type { Property } from '../src/check/property.ts';
import { internalRunner, regress } from '../src/sim/regress.ts';
import { jiqBlocking } from '../models/jiq-blocking.ts';
import { flaggedComparisons, regressEvidence } from './support/regress-evidence.ts';

export const simRegressJiqBlocking: Property = {
  id: 'sim-regress-jiq-blocking',
  claim: 'the per-server jiq-blocking simulator estimates every CTMC metric within its 95% batch-means error, on the small panel (6 cases, Šidák at family-wise 1%)',
  source: 'lbcheck simulator regression (issue 5); THEORY section 1',
  method: 'simulation vs exact CTMC (z-scores)',
  expected: 'holds',
  run: async (ctx) => {
    const r = await regress(jiqBlocking, jiqBlocking.simulator!.panels.small, {
      seed: ctx.seed >>> 0,
      runner: internalRunner(jiqBlocking),
      simulator: 'internal',
      onProgress: (_done, _total, id) => ctx.progress(`case ${id}`),
    });
    const evidence = regressEvidence(r);
    if (r.verdict === 'pass') return { verdict: 'holds', summary: `all ${r.rule.comparisons} comparisons within Šidák's bound`, evidence };
    if (r.verdict === 'fail') return { verdict: 'refuted', summary: 'some estimate is off its exact value', evidence, counterexample: flaggedComparisons(r) };
    return { verdict: 'unknown', summary: 'some case did not run', evidence };
  },
};
