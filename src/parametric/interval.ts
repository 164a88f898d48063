/**
 * The sign of a rational function on an open interval, decided exactly.
 *
 * f = U / V has the sign of W = U V wherever V != 0. The distinct real roots of
 * W in (lo, hi) are those of its square-free part S; Sturm counts isolate them
 * by bisection into subintervals with at most one root each, split only at
 * rational points where S != 0. W keeps its sign between consecutive roots, and
 * every such stretch contains a split point, so the signs of W at the split
 * points (plus one point inside each end stretch) are all the signs W takes.
 * An unbounded end is replaced by the Cauchy root bound of S (no root lies
 * beyond it). An end that is itself a root of S is divided out first (the
 * interval is open).
 */
import { Fraction, ratString, type Rational } from '../core/rational.ts';
import { mulInt, trim, type IntPoly } from './polynomial.ts';
import { evaluate, type RationalFunction } from './rational-function.ts';
import { divideExact, rootBound, signAt, signVariations, squareFree, sturmSequence } from './sturm.ts';

/** (lo, hi); null ends are -infinity / +infinity. */
export interface OpenInterval {
  lo: Rational | null;
  hi: Rational | null;
}

export type SignClaim = 'nonnegative' | 'positive' | 'zero';

export interface SignDecision {
  verdict: 'proved' | 'refuted';
  /** refuted: a rational x in the interval where the claim fails, with f(x); or, for a zero of f at an irrational point, an isolating interval. */
  witness?: { x: string; value: string } | { zeroBetween: [string, string] };
  /** Distinct real roots of numerator times denominator in the interval. */
  roots: number;
  /** Rational points where the sign was evaluated. */
  samples: number;
  method: string;
}

function describeInterval(i: OpenInterval): string {
  return `(${i.lo ? ratString(i.lo) : '-inf'}, ${i.hi ? ratString(i.hi) : 'inf'})`;
}

/** Divides out the linear factor (b x - a) of p at a root x = a/b. */
function withoutRoot(p: IntPoly, x: Rational): IntPoly {
  let q = p;
  while (q.length > 1 && signAt(q, x) === 0) q = divideExact(q, [-(x.s * x.n), x.d]);
  return q;
}

/** Split points and end samples of (lo, hi) with each root of S isolated; S has no root at lo or hi. */
function samplePoints(S: IntPoly, lo: Rational, hi: Rational): { points: Rational[]; roots: number; zeroIntervals: [Rational, Rational][] } {
  const seq = sturmSequence(S);
  const count = (a: Rational, b: Rational): number => signVariations(seq, a) - signVariations(seq, b);
  const points: Rational[] = [];
  const zeroIntervals: [Rational, Rational][] = [];
  let roots = 0;
  // a split point strictly inside (a, b) where S != 0: the midpoint, else points nearer a
  const split = (a: Rational, b: Rational): Rational => {
    for (let k = 2; ; k++) {
      const m = a.add(b.sub(a).div(k));
      if (signAt(S, m) !== 0) return m;
    }
  };
  const visit = (a: Rational, b: Rational, touchesLo: boolean, touchesHi: boolean): void => {
    const c = count(a, b);
    if (c === 0) {
      if (touchesLo || touchesHi) points.push(a.add(b).div(2));
      return;
    }
    if (c === 1 && !touchesLo && !touchesHi) {
      roots++;
      zeroIntervals.push([a, b]);
      return;
    }
    const m = split(a, b);
    points.push(m);
    visit(a, m, touchesLo, false);
    visit(m, b, false, touchesHi);
  };
  visit(lo, hi, true, true);
  return { points, roots, zeroIntervals };
}

/**
 * Decides f >= 0 ('nonnegative'), f > 0 ('positive') or f = 0 ('zero') at
 * every x of the open interval where f is defined (its denominator nonzero).
 */
export function decideSign(f: RationalFunction, claim: SignClaim, interval: OpenInterval): SignDecision {
  const method = `Sturm sequences in Z[x] on ${describeInterval(interval)}`;
  const inside = (x: Rational): boolean => (!interval.lo || x.compare(interval.lo) > 0) && (!interval.hi || x.compare(interval.hi) < 0);
  if (interval.lo && interval.hi && interval.lo.compare(interval.hi) >= 0) throw new RangeError(`empty interval ${describeInterval(interval)}`);
  if (f.numerator.length === 0) {
    return claim === 'positive'
      ? {
          verdict: 'refuted',
          witness: { x: ratString(interval.lo?.add(1) ?? interval.hi?.sub(1) ?? new Fraction(0)), value: '0' },
          roots: 0,
          samples: 0,
          method,
        }
      : { verdict: 'proved', roots: 0, samples: 0, method };
  }
  const W = trim(mulInt(f.numerator, f.denominator));
  let S = squareFree(W);
  let U = squareFree(f.numerator);
  for (const end of [interval.lo, interval.hi]) {
    if (end) {
      S = withoutRoot(S, end);
      U = withoutRoot(U, end);
    }
  }
  const bound = new Fraction(rootBound(S));
  const lo = interval.lo ?? (interval.hi && interval.hi.compare(bound.neg()) <= 0 ? interval.hi.sub(1) : bound.neg());
  const hi = interval.hi ?? (interval.lo && interval.lo.compare(bound) >= 0 ? interval.lo.add(1) : bound);
  const { points, roots, zeroIntervals } = S.length > 1 ? samplePoints(S, lo, hi) : { points: [lo.add(hi).div(2)], roots: 0, zeroIntervals: [] };
  const samples = points.filter(inside);
  const witness = (x: Rational): SignDecision['witness'] => ({ x: ratString(x), value: ratString(evaluate(f, x)) });
  const bad = samples.find((x) => {
    const s = signAt(W, x);
    return claim === 'zero' ? s !== 0 : s < 0;
  });
  if (bad) return { verdict: 'refuted', witness: witness(bad), roots, samples: samples.length, method };
  if (claim === 'positive') {
    // f = 0 at a root of U: among the isolated roots of S (the ends a, b of each isolating interval are not roots)
    const zero = U.length > 1 ? zeroIntervals.find(([a, b]) => sturmCount(U, a, b) > 0) : undefined;
    if (zero) return { verdict: 'refuted', witness: { zeroBetween: [ratString(zero[0]), ratString(zero[1])] }, roots, samples: samples.length, method };
  }
  return { verdict: 'proved', roots, samples: samples.length, method };
}

function sturmCount(p: IntPoly, a: Rational, b: Rational): number {
  const seq = sturmSequence(p);
  return signVariations(seq, a) - signVariations(seq, b);
}
