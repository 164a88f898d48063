/**
 * What any coupling with the per-dispatcher order would imply: if tokens used by
 * arrivals at r satisfied worse <= original <= better at all times, the long-run
 * rates would too (ergodic averages), i.e. the fraction of dispatcher r's arrivals
 * that get a token:
 *   worse: (1 - p_r) P_w(n_r > 0)  <=  original: P(n_r > 0)  <=  better: P'(pool(r) > 0),
 * where pool(r) is the merged pool 1..R-1 for r < R. Decided exactly; a failure
 * shows that no coupling at all can give the per-dispatcher order.
 */
import { forAll, Fraction, type Rational, ratString } from 'lbcheck';
import { betterParams, type JiqBlockingParams, theorem1Systems, worseParams, worseThinning } from 'lbcheck/models';
import { theorem1Params } from './support/coupling-arbitrary.ts';
import { exactJiq } from './support/exact-jiq.ts';
import { describeJiq } from './support/jiq-arbitrary.ts';

/** Per dispatcher r: the fraction of its arrivals that get a token, in worse, original, better. */
export function admittedFractions(p: JiqBlockingParams): { worse: Rational[]; original: Rational[]; better: Rational[]; states: number } {
  const one = new Fraction(1);
  const original = exactJiq(p);
  const better = exactJiq(betterParams(p));
  const worse = exactJiq(worseParams(p).params);
  const thinning = worseThinning(p);
  const pool = theorem1Systems(p)[2].pool;
  return {
    worse: thinning.map((q, r) => one.sub(q).mul(one.sub(worse.noToken[r]))),
    original: original.noToken.map((z) => one.sub(z)),
    better: pool.map((k) => one.sub(better.noToken[k])),
    states: Math.max(original.states, better.states, worse.states),
  };
}

function ordered(f: ReturnType<typeof admittedFractions>): boolean {
  return f.original.every((o, r) => f.worse[r].compare(o) <= 0 && o.compare(f.better[r]) <= 0);
}

export const couplingTheorem1RatesPerDispatcher = forAll({
  id: 'coupling-theorem1-rates-per-dispatcher',
  claim:
    'JIQ blocking, beta = 1/R: for every dispatcher r, the long-run fraction of arrivals at r that get a token ' +
    'satisfies worse <= original <= better (needed by any coupling ordering tokens used per dispatcher); R = 1..4, N <= 5, lambda in [0.1, 3], sorted alpha',
  source: 'P1 Thm. 1 (proof: coupling of better and worse systems)',
  method: 'exact CTMC of each system (rationals)',
  expected: 'refuted',
  cases: theorem1Params({ R: [1, 4], N: [1, 5] }),
  numRuns: 30,
  eachCase: 'decided exactly, in rationals',
  describe: (p) => {
    const f = admittedFractions(p);
    const show = (xs: Rational[]) => xs.map((x) => `${ratString(x)} (${x.valueOf().toPrecision(4)})`);
    return { params: describeJiq(p), worse: show(f.worse), original: show(f.original), better: show(f.better) };
  },
  tally: { maxStates: 'max' },
  check: (p, _ctx, tally) => {
    const f = admittedFractions(p);
    tally.note('maxStates', f.states);
    return ordered(f);
  },
});
