/** Evidence of a simulator-regression run, for properties built on `regress`. */
import type { EvidenceRecord, EvidenceValue } from '../../src/core/verdict.ts';
import type { RegressReport } from '../../src/sim/regress.ts';

export function regressEvidence(r: RegressReport): EvidenceRecord {
  const maxAbsZ = r.cases.reduce((m, c) => (c.z === null ? m : Math.max(m, Math.abs(c.z))), 0);
  return {
    simulator: r.simulator,
    seed: r.seed,
    comparisons: r.rule.comparisons,
    expectedComparisons: r.rule.expectedComparisons,
    flagged: r.cases.filter((c) => c.flagged).length,
    undecided: r.cases.filter((c) => c.z === null).length,
    imprecise: r.cases.filter((c) => c.imprecise).length,
    notCompared: r.notCompared ? `${r.notCompared.metrics.join(', ')} (${r.notCompared.why})` : null,
    maxAbsZ,
    critical: r.cases.length ? Math.min(...r.cases.map((c) => c.critical)) : null,
    rule: `Šidák, family-wise ${r.rule.familyWiseLevel}`,
    errors: r.errors.map((e) => `${e.id}: ${e.error}`),
  };
}

/** The flagged comparisons: what a failed regression found. */
export function flaggedComparisons(r: RegressReport): EvidenceValue {
  return r.cases
    .filter((c) => c.flagged)
    .map((c) => ({ case: c.id, metric: c.metric, estimate: c.estimate, stderr: c.stderr, exact: c.exact, z: c.z }));
}
