/**
 * Rational functions p(x) / q(x) with integer coefficients, in lowest terms.
 *
 * Reduction of A / S (both known exactly in Z[x]): modulo primes p, u = A / g
 * and v = S / g with g = gcd(A, S) mod p and v made monic; the coefficient
 * vectors (u, v) of primes with the largest degrees (a prime dividing a leading
 * coefficient or a resultant gives smaller ones) are Chinese-remaindered and
 * rationally reconstructed. The candidate U / V is accepted only if
 * U S = V A exactly in Z[x]; it is in lowest terms because for one prime p not
 * dividing lc(V), U and V stay coprime mod p (any common factor over Q would
 * keep its degree mod p by Gauss's lemma).
 */
import { gcd } from '../core/combinatorics.ts';
import { invMod, mulMod, primesBelow } from '../core/modular.ts';
import type { Rational } from '../core/rational.ts';
import { CrtVector, reconstructVector } from '../ctmc/solvers/rational-reconstruction.ts';
import { addInt, content, derivative, divModP, evalInt, formatPoly, gcdModP, mulInt, subInt, toMod, type IntPoly } from './polynomial.ts';

export interface RationalFunction {
  /** Integer coefficients, lowest degree first; gcd(numerator, denominator) = 1, denominator's leading coefficient > 0, jointly primitive. */
  readonly numerator: IntPoly;
  readonly denominator: IntPoly;
}

export function evaluate(f: RationalFunction, x: Rational): Rational {
  return evalInt(f.numerator, x).div(evalInt(f.denominator, x));
}

/** U / V equals A / S as rational functions: U S = V A. */
export function sameFunction(U: IntPoly, V: IntPoly, A: IntPoly, S: IntPoly): boolean {
  return subInt(mulInt(U, S), mulInt(V, A)).length === 0;
}

/** Divides both by their joint content and makes the denominator's leading coefficient positive. */
function normalised(U: IntPoly, V: IntPoly): RationalFunction {
  let c = gcd(content(U), content(V));
  if (V[V.length - 1] < 0n) c = -c;
  return { numerator: U.map((a) => a / c), denominator: V.map((a) => a / c) };
}

/** Coprime mod a prime that divides neither leading coefficient (see the module comment). */
function coprime(U: IntPoly, V: IntPoly): boolean {
  for (const p of primesBelow()) {
    const P = BigInt(p);
    if (V[V.length - 1] % P === 0n || U[U.length - 1] % P === 0n) continue;
    return gcdModP(toMod(U, p), toMod(V, p), p).length <= 1;
  }
  return false;
}

/** A / S in lowest terms (S nonzero). */
export function reduce(A: IntPoly, S: IntPoly): RationalFunction {
  if (A.length === 0) return { numerator: [], denominator: [1n] };
  let best: { du: number; dv: number } | null = null;
  let crt: CrtVector | null = null;
  let nextAttempt = 1;
  let used = 0;
  for (const p of primesBelow()) {
    const P = BigInt(p);
    if (A[A.length - 1] % P === 0n || S[S.length - 1] % P === 0n) continue;
    const a = toMod(A, p);
    const s = toMod(S, p);
    const g = gcdModP(a, s, p);
    const u = divModP(a, g, p).q;
    const v = divModP(s, g, p).q;
    const lcInv = invMod(v[v.length - 1], p);
    const image = Float64Array.from([...u, ...v], (c) => mulMod(c, lcInv, p));
    const du = u.length - 1;
    const dv = v.length - 1;
    if (best && (du < best.du || dv < best.dv)) continue; // unlucky prime
    if (!best || du > best.du || dv > best.dv) {
      best = { du, dv };
      crt = new CrtVector(image.length);
      used = 0;
      nextAttempt = 1;
    }
    crt!.add(image, p);
    used++;
    if (used < nextAttempt) continue;
    nextAttempt = Math.ceil(used * 1.25);
    const r = reconstructVector(crt!);
    if (!r) continue;
    const U = r.numerators.slice(0, du + 1);
    const V = r.numerators.slice(du + 1);
    if (sameFunction(U, V, A, S) && coprime(U, V)) return normalised(U, V);
  }
  throw new Error('ran out of 26-bit primes');
}

/** The constant c. */
export function constant(c: Rational): RationalFunction {
  return c.n === 0n ? { numerator: [], denominator: [1n] } : { numerator: [c.s * c.n], denominator: [c.d] };
}

/** The parameter itself, x. */
export const identity: RationalFunction = { numerator: [0n, 1n], denominator: [1n] };

export function add(f: RationalFunction, g: RationalFunction): RationalFunction {
  return reduce(addInt(mulInt(f.numerator, g.denominator), mulInt(g.numerator, f.denominator)), mulInt(f.denominator, g.denominator));
}

/** f - g in lowest terms. */
export function difference(f: RationalFunction, g: RationalFunction): RationalFunction {
  return reduce(subInt(mulInt(f.numerator, g.denominator), mulInt(g.numerator, f.denominator)), mulInt(f.denominator, g.denominator));
}

export function product(f: RationalFunction, g: RationalFunction): RationalFunction {
  return reduce(mulInt(f.numerator, g.numerator), mulInt(f.denominator, g.denominator));
}

export function quotient(f: RationalFunction, g: RationalFunction): RationalFunction {
  if (g.numerator.length === 0) throw new RangeError('division by the zero function');
  return reduce(mulInt(f.numerator, g.denominator), mulInt(f.denominator, g.numerator));
}

/** f' = (U' V - U V') / V^2. */
export function derivativeOf(f: RationalFunction): RationalFunction {
  const { numerator: U, denominator: V } = f;
  return reduce(subInt(mulInt(derivative(U), V), mulInt(U, derivative(V))), mulInt(V, V));
}

/** "(12 λ + 13) / (12 λ + 25)". */
export function formatFunction(f: RationalFunction, v: string): string {
  const num = formatPoly(f.numerator, v);
  if (f.denominator.length === 1 && f.denominator[0] === 1n) return num;
  return `(${num}) / (${formatPoly(f.denominator, v)})`;
}

/** Coefficients as decimal strings, lowest degree first (the JSON shape). */
export function functionJson(f: RationalFunction): { numerator: string[]; denominator: string[] } {
  return { numerator: f.numerator.map(String), denominator: f.denominator.map(String) };
}
