/**
 * The consequence of Theorem 1's coupling at finite N: tokens used in
 * worse <= original <= better at all times gives, in the long run,
 * B_better <= B <= B_worse. Each system solved exactly as a jiq-blocking chain:
 * better with dispatchers 1..R-1 merged (alpha' = (1 - alpha_R, alpha_R),
 * beta' = ((R-1)/R, 1/R)); worse as its admitted traffic (lambda' = R min{alpha_R
 * lambda, 1/R}, uniform alpha, beta) with thinned jobs counted as blocked:
 * B_worse = 1 - (lambda'/lambda)(1 - B').
 */
import { forAll, Fraction, type Rational, ratString } from 'lbcheck';
import { betterParams, type JiqBlockingParams, worseParams } from 'lbcheck/models';
import { theorem1Params } from './support/coupling-arbitrary.ts';
import { exactJiq } from './support/exact-jiq.ts';
import { describeJiq } from './support/jiq-arbitrary.ts';

interface Blockings {
  better: Rational;
  original: Rational;
  worse: Rational;
  states: number;
}

export function theorem1Blockings(p: JiqBlockingParams): Blockings {
  const original = exactJiq(p);
  const better = exactJiq(betterParams(p));
  const worse = worseParams(p);
  const admitted = exactJiq(worse.params);
  const one = new Fraction(1);
  return {
    better: better.blocking,
    original: original.blocking,
    worse: one.sub(worse.admittedFraction.mul(one.sub(admitted.blocking))),
    states: Math.max(original.states, better.states, admitted.states),
  };
}

export const couplingTheorem1FiniteN = forAll({
  id: 'coupling-theorem1-finite-n',
  claim:
    'JIQ blocking, beta = 1/R, finite N: B_better <= B <= B_worse, compared exactly ' +
    '(better: dispatchers 1..R-1 merged; worse: arrivals at r thinned w.p. p_r); R = 1..4, N <= 5 (not every N), lambda in [0.1, 3], sorted alpha',
  source: 'P1 Thm. 1 (proof: coupling of better and worse systems)',
  method: 'exact CTMC of each system (rationals), 60 random cases',
  expected: 'holds',
  cases: theorem1Params({ R: [1, 4], N: [1, 5] }),
  numRuns: 60,
  eachCase: 'decided exactly, in rationals',
  describe: (p) => {
    const b = theorem1Blockings(p);
    return { params: describeJiq(p), B_better: ratString(b.better), B: ratString(b.original), B_worse: ratString(b.worse) };
  },
  tally: { maxStates: 'max', casesWithStrictOrder: 'sum' },
  check: (p, _ctx, tally) => {
    const b = theorem1Blockings(p);
    tally.note('maxStates', b.states);
    if (b.better.compare(b.original) < 0 && b.original.compare(b.worse) < 0) tally.note('casesWithStrictOrder');
    return b.better.compare(b.original) <= 0 && b.original.compare(b.worse) <= 0;
  },
});
