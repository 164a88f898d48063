/**
 * A claim along a sequence of parameter points, with monotoneAlong: JSQ(2)'s
 * mean sojourn time falls as the system grows, N = 2..5 at lambda = 7/10
 * (resource pooling: more servers to sample, fewer jobs queued behind another):
 *   npx lbcheck check --file examples/jsq2-sojourn-claim.ts --no-builtins
 * Each N is solved with its truncation searched until it is trusted; a solve
 * that is not trusted leaves the claim unknown (solveTrusted throws
 * Inconclusive), a step that does not fall refutes it with both values.
 */
import { monotoneAlong, scalarMetric, solveEvidence, solveTrusted } from 'lbcheck';
import { jsqD } from 'lbcheck/models';

export const jsq2SojournFallsInN = monotoneAlong({
  id: 'jsq2-sojourn-falls-in-n',
  claim: 'JSQ(2), lambda = 7/10: the mean sojourn time falls strictly as N grows, N = 2, 3, 4, 5',
  source: 'examples/jsq2-sojourn-claim.ts (resource pooling)',
  method: 'finite-N CTMC per N, iterative solver, boundary mass <= 1e-10',
  expected: 'holds',
  points: [2, 3, 4, 5],
  label: (N) => `N = ${N}`,
  metric: 'meanSojourn',
  direction: 'decreasing',
  setting: { d: 2, lambda: '7/10' },
  digits: 10,
  value(N) {
    const solved = solveTrusted(jsqD, jsqD.parse({ N: String(N), d: '2', lambda: '7/10' }), { method: 'iterative', boundaryTolerance: 1e-10 });
    return { value: scalarMetric(solved.metrics, 'meanSojourn'), evidence: solveEvidence(solved) };
  },
});
