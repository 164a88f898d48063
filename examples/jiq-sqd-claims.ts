/**
 * Claims about JIQ-SQ(d) (examples/jiq-sqd.ts), checked by lbcheck against
 * the built-in JSQ(d) family:
 *   npx lbcheck check --file examples/jiq-sqd-claims.ts --no-builtins
 * One is true (JIQ-SQ(d) is never slower than SQ(d)); one is false (it is not
 * as good as JSQ), and lbcheck refutes it with a shrunk counterexample.
 */
import { Fraction, fc, forAll, scalarMetric, solveTrusted, type Rational } from 'lbcheck';
import { jsqD } from 'lbcheck/models';
import { jiqSqd } from './jiq-sqd.ts';

/** Both solves within this boundary mass; the gaps compared are far larger. */
const BOUNDARY = 1e-10;
/** Slack for the float solves (residual <= 1e-12, boundary mass <= 1e-10). */
const SLACK = 1e-8;

interface Point {
  N: number;
  d: number;
  lambda: Rational;
}

/** N in 2..4, d in 1..N, lambda = k/20 in [1/10, 4/5]. */
const points: fc.Arbitrary<Point> = fc
  .integer({ min: 2, max: 4 })
  .chain((N) => fc.record({ N: fc.constant(N), d: fc.integer({ min: 1, max: N }), lambda: fc.integer({ min: 2, max: 16 }).map((k) => new Fraction(k, 20)) }));

function sojourn(family: typeof jiqSqd | typeof jsqD, p: Point & { d: number }): number {
  const solved = solveTrusted(family, { ...p, K: undefined }, { method: 'iterative', boundaryTolerance: BOUNDARY });
  return scalarMetric(solved.metrics, 'meanSojourn');
}

export const beatsSqd = forAll({
  id: 'jiq-sqd-beats-sqd',
  claim: 'JIQ-SQ(d) has mean sojourn at most that of SQ(d) at the same N, d, lambda: for all N in 2..4, d in 1..N, lambda in [1/10, 4/5]',
  source: 'examples/jiq-sqd-claims.ts (an idle server, when there is one, is at least as short as any sample)',
  method: 'both finite-N CTMCs, iterative solver, boundary mass <= 1e-10, 12 generated cases',
  expected: 'holds',
  cases: points,
  numRuns: 12,
  tally: { largestGap: 'max' },
  check(p, _ctx, tally) {
    const gap = sojourn(jsqD, p) - sojourn(jiqSqd, p);
    tally.note('largestGap', gap);
    return gap >= -SLACK;
  },
  evidence: (tally) => ({ largestGap: Number(tally.get('largestGap').toPrecision(4)), slack: SLACK }),
});

export const matchesJsq = forAll({
  id: 'jiq-sqd-matches-jsq',
  claim: "JIQ-SQ(d) is as good as JSQ: its mean sojourn equals JSQ's (d = N) at the same N and lambda, for every d (a false claim)",
  source: 'examples/jiq-sqd-claims.ts (known false: with no idle server, d < N samples can miss the shortest queue)',
  method: 'both finite-N CTMCs, iterative solver, boundary mass <= 1e-10, up to 12 generated cases',
  expected: 'refuted',
  cases: points,
  numRuns: 12,
  check: (p) => Math.abs(sojourn(jiqSqd, p) - sojourn(jsqD, { ...p, d: p.N })) <= SLACK,
  describe: (p) => ({ N: p.N, d: p.d, lambda: p.lambda.toFraction(), jiqSqdSojourn: sojourn(jiqSqd, p), jsqSojourn: sojourn(jsqD, { ...p, d: p.N }) }),
});
