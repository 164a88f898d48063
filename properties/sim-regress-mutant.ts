/**
 * The regression has power: a simulator with one planted bug (a freed server's
 * token goes to the wrong dispatcher; test/fixtures/jiq_blocking_mutant.py, a
 * patch of examples/jiq_blocking_sim.py run through the external protocol) is
 * flagged on the small panel.
 */
import { fileURLToPath } from 'node:url';
import { defineClaim, externalRunner, flaggedComparisons, packageFile, regress, regressEvidence, regressionCounterexample } from 'lbcheck';
import { jiqBlocking } from 'lbcheck/models';

/** Resolved when the claim runs, not on import: the explorer's page bundles this module but cannot run it. */
const mutantPath = (): string => fileURLToPath(packageFile('test/fixtures/jiq_blocking_mutant.py'));
const TIMEOUT_MS = 60_000;
/** Short runs: the bug moves estimates by many standard errors even at T = 4,000 (a flag decides; imprecision only keeps a pass from counting). */
const HORIZON = 4000;

export const simRegressMutant = defineClaim({
  id: 'sim-regress-mutant',
  claim:
    'regress flags a jiq-blocking simulator that sends freed tokens to the wrong dispatcher ' +
    '(small panel at T = 4,000, Šidák and an omnibus test at family-wise 1%)',
  source: 'docs/THEORY.md §9 (the regression rule)',
  method: 'external simulator (python3 mutant) vs exact CTMC',
  expected: 'holds',
  run: async (ctx) => {
    const command = `python3 ${JSON.stringify(mutantPath())}`;
    const r = await regress(jiqBlocking, jiqBlocking.simulator!.panels.small, {
      seed: ctx.seed >>> 0,
      horizon: HORIZON,
      runner: externalRunner(command, TIMEOUT_MS),
      simulator: 'test/fixtures/jiq_blocking_mutant.py',
      onProgress: (_done, _total, id) => ctx.progress(`case ${id}`),
    });
    const evidence = regressEvidence(r);
    if (r.verdict === 'fail') {
      return {
        verdict: 'holds',
        summary: `the mutant is flagged on ${evidence.flagged} of ${r.rule.comparisons} comparisons`,
        evidence: { ...evidence, flaggedComparisons: flaggedComparisons(r) },
      };
    }
    if (r.verdict === 'pass') {
      return { verdict: 'refuted', summary: 'the mutant passed the regression: the panel lacks power', evidence, counterexample: regressionCounterexample(r) };
    }
    return { verdict: 'unknown', summary: 'the mutant could not be run on some case', evidence };
  },
});
