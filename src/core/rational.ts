/**
 * Exact rationals. Parsing and general arithmetic use fraction.js (bigint based);
 * hot loops elsewhere work on raw bigints.
 */
import Fraction from 'fraction.js';
import { UsageError } from './errors.ts';

export type Rational = Fraction;

export function isRational(v: unknown): v is Rational {
  return v instanceof Fraction;
}
export { Fraction };

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const FRACTION = /^[+-]?\d+\/\d+$/;

/** Parses "3", "0.1" (read as exactly 1/10) or "9/10"; `what` names the input in errors. */
export function parseRational(text: string, what: string): Rational {
  const t = text.trim();
  if (!DECIMAL.test(t) && !FRACTION.test(t)) {
    throw new UsageError(`${what}: "${text}" is not a number (use a decimal like 0.9 or a fraction like 9/10)`);
  }
  if (FRACTION.test(t) && /\/0+$/.test(t)) throw new UsageError(`${what}: "${text}" divides by zero`);
  return new Fraction(t);
}

export function rat(n: number | bigint | string, d: number | bigint = 1): Rational {
  return typeof n === 'string' ? new Fraction(n) : new Fraction(BigInt(n), BigInt(d));
}

/** "p/q" (or "p" when q = 1). */
export function ratString(r: Rational): string {
  return r.toFraction();
}

/**
 * Nearest double of num/den for bigints of any size (fraction.js's valueOf
 * overflows to Infinity past 1e308 even when the quotient is small).
 */
export function bigRatioToNumber(num: bigint, den: bigint): number {
  if (den === 0n) throw new RangeError('division by zero');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const neg = num < 0n;
  if (neg) num = -num;
  if (num === 0n) return 0;
  // Scale so the integer quotient carries 64 significant bits, then divide once.
  const shift = bitLength(num) - bitLength(den) - 64;
  const q = shift >= 0 ? (num >> BigInt(shift)) / den : (num << BigInt(-shift)) / den;
  const v = Number(q) * 2 ** shift;
  return neg ? -v : v;
}

export function ratToNumber(r: Rational): number {
  return bigRatioToNumber(r.s * r.n, r.d);
}

export function bitLength(x: bigint): number {
  return x === 0n ? 0 : (x < 0n ? -x : x).toString(2).length;
}

export function sumRationals(xs: readonly Rational[]): Rational {
  let s = new Fraction(0);
  for (const x of xs) s = s.add(x);
  return s;
}
