/**
 * Real roots of integer polynomials, exactly: primitive pseudo-remainder
 * sequences in Z[x] (gcd, square-free part), Sturm sequences, and signs at
 * rational points evaluated in integers (p(a/b) b^deg has the sign of p(a/b)).
 *
 * Sturm's theorem: for square-free p with Sturm sequence p_0 = p, p_1 = p',
 * p_{k+1} = -rem(p_{k-1}, p_k), the number of distinct real roots in (a, b]
 * is V(a) - V(b), V = sign changes of the sequence (zeros dropped). Positive
 * multiples of the remainders do as well, which keeps everything in Z[x].
 */
import type { Rational } from '../core/rational.ts';
import { content, derivative, trim, type IntPoly } from './polynomial.ts';

const lc = (a: IntPoly): bigint => a[a.length - 1];
const abs = (v: bigint): bigint => (v < 0n ? -v : v);

function primitive(a: IntPoly): IntPoly {
  const c = content(a);
  return c <= 1n ? a : a.map((v) => v / c);
}

/** A positive multiple of the remainder of a by b (b nonzero): |lc(b)|^(deg a - deg b + 1) a mod b. */
function positiveRemainder(a: IntPoly, b: IntPoly): IntPoly {
  const r = a.slice();
  const db = b.length - 1;
  const l = lc(b);
  const sign = l < 0n ? -1n : 1n;
  for (let k = r.length - 1; k >= db; k--) {
    // r <- |l| r - sign * r_k x^(k - db) b: kills the x^k term, multiplies r by |l| > 0
    const rk = r[k];
    for (let i = 0; i < r.length; i++) r[i] *= sign * l;
    if (rk !== 0n) for (let j = 0; j <= db; j++) r[k - db + j] -= sign * rk * b[j];
  }
  return trim(r.slice(0, db));
}

/** gcd in Z[x], primitive, positive leading coefficient (0 when both are 0). */
export function gcdInt(a: IntPoly, b: IntPoly): IntPoly {
  let [x, y] = [primitive(trim(a)), primitive(trim(b))];
  if (x.length < y.length) [x, y] = [y, x];
  while (y.length > 0) [x, y] = [y, primitive(positiveRemainder(x, y))];
  return x.length > 0 && lc(x) < 0n ? x.map((c) => -c) : x;
}

/** a / b for b dividing a exactly in Z[x] (throws otherwise). */
export function divideExact(a: IntPoly, b: IntPoly): IntPoly {
  const r = a.slice();
  const db = b.length - 1;
  const q = new Array<bigint>(Math.max(0, a.length - db)).fill(0n);
  for (let k = r.length - 1; k >= db; k--) {
    if (r[k] % lc(b) !== 0n) throw new Error('not an exact division');
    const c = r[k] / lc(b);
    q[k - db] = c;
    if (c !== 0n) for (let j = 0; j <= db; j++) r[k - db + j] -= c * b[j];
  }
  if (trim(r).length > 0) throw new Error('not an exact division');
  return trim(q);
}

/** The product of the distinct irreducible factors of a (same real roots, each simple). */
export function squareFree(a: IntPoly): IntPoly {
  const g = gcdInt(a, derivative(a));
  return primitive(g.length <= 1 ? a : divideExact(a, g));
}

/** Sign of p at the rational a/b (b > 0), exactly. */
export function signAt(p: IntPoly, x: Rational): number {
  const a = x.s * x.n;
  const b = x.d;
  let acc = 0n;
  let bPower = 1n;
  // p(a/b) b^d = sum_i c_i a^i b^(d - i), accumulated by Horner from the top
  for (let i = p.length - 1; i >= 0; i--) {
    acc = acc * a + p[i] * bPower;
    bPower *= b;
  }
  return acc === 0n ? 0 : acc > 0n ? 1 : -1;
}

export function sturmSequence(p: IntPoly): IntPoly[] {
  const seq = [primitive(p), primitive(derivative(p))];
  while (seq[seq.length - 1].length > 1) {
    const r = positiveRemainder(seq[seq.length - 2], seq[seq.length - 1]);
    if (r.length === 0) break;
    seq.push(primitive(r.map((c) => -c)));
  }
  return seq.filter((q) => q.length > 0);
}

function variations(signs: number[]): number {
  let v = 0;
  let last = 0;
  for (const s of signs) {
    if (s === 0) continue;
    if (last !== 0 && s !== last) v++;
    last = s;
  }
  return v;
}

/** V at a rational point, or at +infinity (x = null: signs of the leading coefficients). */
export function signVariations(seq: IntPoly[], x: Rational | null): number {
  return variations(seq.map((q) => (x === null ? (lc(q) > 0n ? 1 : -1) : signAt(q, x))));
}

/** A bound B > |root| for every complex root of a (Cauchy: 1 + max |a_i / a_n|), as an integer. */
export function rootBound(a: IntPoly): bigint {
  let m = 0n;
  for (let i = 0; i < a.length - 1; i++) {
    const q = (abs(a[i]) + abs(lc(a)) - 1n) / abs(lc(a));
    if (q > m) m = q;
  }
  return m + 1n;
}
