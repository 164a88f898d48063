/**
 * The small arithmetic interface through which models build rates and rewards,
 * so one chain definition is instantiated in float64 or in exact rationals.
 */
import { Fraction, ratToNumber, type Rational } from './rational.ts';

/** Indexable, writable storage of T (a Float64Array for numbers). */
export interface Store<T> {
  [i: number]: T;
  readonly length: number;
}

export interface Arith<T> {
  readonly kind: 'float' | 'exact' | 'jet';
  readonly zero: T;
  readonly one: T;
  fromRational(r: Rational): T;
  fromInt(n: number): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T;
  isZero(a: T): boolean;
  toNumber(a: T): number;
  store(n: number): Store<T>;
}

export const floatArith: Arith<number> = {
  kind: 'float',
  zero: 0,
  one: 1,
  fromRational: (r) => ratToNumber(r),
  fromInt: (n) => n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  isZero: (a) => a === 0,
  toNumber: (a) => a,
  store: (n) => new Float64Array(n),
};

export const exactArith: Arith<Rational> = {
  kind: 'exact',
  zero: new Fraction(0),
  one: new Fraction(1),
  fromRational: (r) => r,
  fromInt: (n) => new Fraction(n),
  add: (a, b) => a.add(b),
  sub: (a, b) => a.sub(b),
  mul: (a, b) => a.mul(b),
  div: (a, b) => a.div(b),
  isZero: (a) => a.n === 0n,
  toNumber: (a) => ratToNumber(a),
  store: (n) => new Array<Rational>(n).fill(new Fraction(0)),
};
