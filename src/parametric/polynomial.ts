/**
 * Univariate polynomials, coefficients lowest degree first: over Z (bigint[],
 * exact) and over F_p (number[], residues below 2^26, see core/modular.ts).
 * An empty array is the zero polynomial; results are trimmed (no leading zeros).
 */
import { gcd } from '../core/combinatorics.ts';
import { fmaMod, invMod, mulMod } from '../core/modular.ts';
import { Fraction, type Rational } from '../core/rational.ts';

export type IntPoly = bigint[];
export type ModPoly = number[];

export function trim<T extends bigint | number>(a: T[]): T[] {
  let n = a.length;
  while (n > 0 && (a[n - 1] === 0n || a[n - 1] === 0)) n--;
  return n === a.length ? a : a.slice(0, n);
}

export function degree(a: readonly unknown[]): number {
  return a.length - 1;
}

export function addInt(a: IntPoly, b: IntPoly): IntPoly {
  const out = new Array<bigint>(Math.max(a.length, b.length)).fill(0n);
  for (let i = 0; i < a.length; i++) out[i] += a[i];
  for (let i = 0; i < b.length; i++) out[i] += b[i];
  return trim(out);
}

export function subInt(a: IntPoly, b: IntPoly): IntPoly {
  return addInt(
    a,
    b.map((c) => -c),
  );
}

export function mulInt(a: IntPoly, b: IntPoly): IntPoly {
  if (a.length === 0 || b.length === 0) return [];
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    if (ai === 0n) continue;
    for (let j = 0; j < b.length; j++) out[i + j] += ai * b[j];
  }
  return trim(out);
}

/** acc += c * a in place (acc long enough). */
export function addScaledInto(acc: bigint[], a: IntPoly, c: IntPoly): void {
  for (let j = 0; j < c.length; j++) {
    const cj = c[j];
    if (cj === 0n) continue;
    for (let i = 0; i < a.length; i++) acc[i + j] += cj * a[i];
  }
}

export function derivative(a: IntPoly): IntPoly {
  return trim(a.slice(1).map((c, i) => c * BigInt(i + 1)));
}

/** gcd of the coefficients (0 for the zero polynomial), always >= 0. */
export function content(a: IntPoly): bigint {
  let g = 0n;
  for (const c of a) g = gcd(g, c < 0n ? -c : c);
  return g;
}

export function evalInt(a: IntPoly, x: Rational): Rational {
  let acc = new Fraction(0);
  for (let i = a.length - 1; i >= 0; i--) acc = acc.mul(x).add(new Fraction(a[i]));
  return acc;
}

/** Coefficients reduced mod p. */
export function toMod(a: IntPoly, p: number): ModPoly {
  const P = BigInt(p);
  return trim(a.map((c) => Number(((c % P) + P) % P)));
}

export function evalMod(a: readonly number[], x: number, p: number): number {
  let acc = 0;
  for (let i = a.length - 1; i >= 0; i--) acc = fmaMod(a[i], acc, x, p);
  return acc;
}

/** Quotient and remainder over F_p (b nonzero). */
export function divModP(a: ModPoly, b: ModPoly, p: number): { q: ModPoly; r: ModPoly } {
  const r = a.slice();
  const db = b.length - 1;
  const lcInv = invMod(b[db], p);
  const q = new Array<number>(Math.max(0, a.length - db)).fill(0);
  for (let k = a.length - 1; k >= db; k--) {
    const c = mulMod(r[k], lcInv, p);
    q[k - db] = c;
    if (c === 0) continue;
    const neg = p - c;
    for (let j = 0; j <= db; j++) r[k - db + j] = fmaMod(r[k - db + j], neg, b[j], p);
  }
  return { q: trim(q), r: trim(r.slice(0, db)) };
}

export function mulModP(a: ModPoly, b: ModPoly, p: number): ModPoly {
  if (a.length === 0 || b.length === 0) return [];
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = fmaMod(out[i + j], a[i], b[j], p);
  }
  return trim(out);
}

/** a - b over F_p. */
export function subModP(a: ModPoly, b: ModPoly, p: number): ModPoly {
  const out = new Array<number>(Math.max(a.length, b.length)).fill(0);
  for (let i = 0; i < out.length; i++) {
    const v = (a[i] ?? 0) - (b[i] ?? 0);
    out[i] = v < 0 ? v + p : v;
  }
  return trim(out);
}

/** prod_j (x - xs[j]) over F_p. */
export function vanishingModP(xs: readonly number[], p: number): ModPoly {
  let m: ModPoly = [1];
  for (const x of xs) m = mulModP(m, [(p - x) % p, 1], p);
  return m;
}

/**
 * Rational function reconstruction over F_p (extended Euclid on m and f, the
 * polynomial analogue of Wang's method): r / t with t f = r mod m,
 * deg r <= maxNumDegree and t monic, or null when t would be zero.
 */
export function reconstructModP(f: ModPoly, m: ModPoly, maxNumDegree: number, p: number): { num: ModPoly; den: ModPoly } | null {
  let [r0, r1] = [m, trim(f.slice())];
  let [t0, t1]: ModPoly[] = [[], [1]];
  while (r1.length - 1 > maxNumDegree) {
    const { q, r } = divModP(r0, r1, p);
    [r0, r1] = [r1, r];
    [t0, t1] = [t1, subModP(t0, mulModP(q, t1, p), p)];
  }
  if (t1.length === 0) return null;
  const inv = invMod(t1[t1.length - 1], p);
  return { num: r1.map((c) => mulMod(c, inv, p)), den: t1.map((c) => mulMod(c, inv, p)) };
}

/** Monic gcd over F_p (the zero polynomial when both are zero). */
export function gcdModP(a: ModPoly, b: ModPoly, p: number): ModPoly {
  let [x, y] = [trim(a.slice()), trim(b.slice())];
  while (y.length > 0) [x, y] = [y, divModP(x, y, p).r];
  if (x.length === 0) return x;
  const inv = invMod(x[x.length - 1], p);
  return x.map((c) => mulMod(c, inv, p));
}

/**
 * Newton interpolation over F_p at distinct points xs: the polynomial of degree
 * < xs.length through (xs[j], ys[j]), for many value vectors at once (the
 * inverses 1 / (x_j - x_{j-k}) are shared).
 */
export class ModInterpolator {
  private readonly inv: Float64Array[];

  constructor(
    private readonly xs: readonly number[],
    private readonly p: number,
  ) {
    const m = xs.length;
    this.inv = [];
    for (let k = 1; k < m; k++) {
      const row = new Float64Array(m);
      for (let j = k; j < m; j++) row[j] = invMod((xs[j] - xs[j - k] + p) % p, p);
      this.inv.push(row);
    }
  }

  /** Coefficients (lowest first, length xs.length, not trimmed) of the interpolant of ys; ys is overwritten. */
  interpolate(ys: Float64Array, out: Float64Array = new Float64Array(ys.length)): Float64Array {
    const { xs, p, inv } = this;
    const m = xs.length;
    // divided differences in place: ys[j] becomes f[x_0..x_j]
    for (let k = 1; k < m; k++) {
      const row = inv[k - 1];
      for (let j = m - 1; j >= k; j--) ys[j] = mulMod((ys[j] - ys[j - 1] + p) % p, row[j], p);
    }
    // Newton form to monomials (Horner): c = f[x_0..x_{m-1}]; c = c (x - x_k) + f[x_0..x_k]
    out.fill(0);
    for (let k = m - 1; k >= 0; k--) {
      const negX = (p - xs[k]) % p;
      for (let i = m - 1 - k; i >= 1; i--) out[i] = fmaMod(out[i - 1], out[i], negX, p);
      out[0] = fmaMod(ys[k], out[0], negX, p);
    }
    return out;
  }
}

/** The polynomial with rational coefficients (lowest first) through the points (xs[j], ys[j]). */
export function interpolateRational(xs: readonly Rational[], ys: readonly Rational[]): Rational[] {
  const m = xs.length;
  const d = ys.slice();
  for (let k = 1; k < m; k++) for (let j = m - 1; j >= k; j--) d[j] = d[j].sub(d[j - 1]).div(xs[j].sub(xs[j - k]));
  let c: Rational[] = [];
  for (let k = m - 1; k >= 0; k--) {
    // c <- c * (x - x_k) + d_k
    const next = new Array<Rational>(c.length + 1).fill(new Fraction(0));
    for (let i = 0; i < c.length; i++) {
      next[i + 1] = next[i + 1].add(c[i]);
      next[i] = next[i].sub(c[i].mul(xs[k]));
    }
    next[0] = next[0].add(d[k]);
    c = next;
  }
  let n = c.length;
  while (n > 0 && c[n - 1].n === 0n) n--;
  return c.slice(0, n);
}

/** Integer coefficients of L * a for rational a and L = lcm of the denominators, and L. */
export function clearDenominators(a: readonly Rational[]): { poly: IntPoly; scale: bigint } {
  let L = 1n;
  for (const c of a) L = (L / gcd(L, c.d)) * c.d;
  return { poly: a.map((c) => (c.s * c.n * L) / c.d), scale: L };
}

const SUPERSCRIPT: Record<string, string> = { 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** "3 x² - x + 12" (highest degree first), in the variable `v`. */
export function formatPoly(a: IntPoly, v: string): string {
  if (a.length === 0) return '0';
  const terms: string[] = [];
  for (let i = a.length - 1; i >= 0; i--) {
    const c = a[i];
    if (c === 0n) continue;
    const abs = c < 0n ? -c : c;
    const power =
      i === 0
        ? ''
        : i === 1
          ? v
          : v +
            String(i)
              .split('')
              .map((ch) => SUPERSCRIPT[ch])
              .join('');
    const body = i === 0 ? abs.toString() : abs === 1n ? power : `${abs} ${power}`;
    terms.push(terms.length === 0 ? (c < 0n ? `-${body}` : body) : `${c < 0n ? '-' : '+'} ${body}`);
  }
  return terms.join(' ');
}
