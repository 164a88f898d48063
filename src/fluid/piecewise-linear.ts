/**
 * Exact roots of the piecewise-linear fixed-point equations of THEORY section 3,
 *   sum_r [a_r + b_r t]^+ = c + d t,
 * on an interval [lo, hi]. The left side is linear between its breakpoints
 * -a_r/b_r, so the root is found segment by segment in exact rationals.
 */
import { Fraction, type Rational } from '../core/rational.ts';

export interface PositivePartEquation {
  /** The terms [a_r + b_r t]^+. */
  terms: readonly { a: Rational; b: Rational }[];
  c: Rational;
  d: Rational;
}

const ZERO = new Fraction(0);

function residual(e: PositivePartEquation, t: Rational): Rational {
  let s = ZERO;
  for (const { a, b } of e.terms) {
    const v = a.add(b.mul(t));
    if (v.compare(0) > 0) s = s.add(v);
  }
  return s.sub(e.c.add(e.d.mul(t)));
}

/**
 * The smallest root in [lo, hi] of sum_r [a_r + b_r t]^+ - (c + d t), or null
 * when the residual does not vanish or change sign on the interval.
 */
export function positivePartRoot(e: PositivePartEquation, lo: Rational, hi: Rational): Rational | null {
  const knots = [lo, hi];
  for (const { a, b } of e.terms) {
    if (b.n === 0n) continue;
    const t = a.neg().div(b);
    if (t.compare(lo) > 0 && t.compare(hi) < 0) knots.push(t);
  }
  knots.sort((x, y) => x.compare(y));
  let left = knots[0];
  let gl = residual(e, left);
  if (gl.n === 0n) return left;
  for (const right of knots.slice(1)) {
    const gr = residual(e, right);
    if (gr.n === 0n) return right;
    if (gl.s !== gr.s) return left.sub(gl.mul(right.sub(left)).div(gr.sub(gl))); // linear on [left, right]
    left = right;
    gl = gr;
  }
  return null;
}
