/**
 * Which coordinates a function reads, structurally: an Arith whose values
 * carry, beside their float value, the set of variables (a bit mask) they
 * were computed from and a bound on their polynomial degree in them
 * (Infinity after dividing by a non-constant). Structural, so a derivative
 * that happens to vanish at the fixed point (s^2 at s = 0) still counts.
 */
import type { Arith } from '../core/arith.ts';
import { ratToNumber } from '../core/rational.ts';

export interface Tracked {
  readonly v: number;
  readonly deps: bigint;
  readonly degree: number;
}

const constant = (v: number): Tracked => ({ v, deps: 0n, degree: 0 });

export const trackingArith: Arith<Tracked> & { variable(i: number, v: number): Tracked } = {
  kind: 'float',
  zero: constant(0),
  one: constant(1),
  variable: (i, v) => ({ v, deps: 1n << BigInt(i), degree: 1 }),
  fromRational: (r) => constant(ratToNumber(r)),
  fromInt: constant,
  add: (a, b) => ({ v: a.v + b.v, deps: a.deps | b.deps, degree: Math.max(a.degree, b.degree) }),
  sub: (a, b) => ({ v: a.v - b.v, deps: a.deps | b.deps, degree: Math.max(a.degree, b.degree) }),
  mul: (a, b) => ({ v: a.v * b.v, deps: a.deps | b.deps, degree: a.degree + b.degree }),
  div: (a, b) => ({ v: a.v / b.v, deps: a.deps | b.deps, degree: b.degree === 0 ? a.degree : Infinity }),
  isZero: (a) => a.v === 0 && a.deps === 0n,
  toNumber: (a) => a.v,
  store: (n) => Array.from({ length: n }, () => constant(0)),
};

/** The indices set in a mask, ascending. */
export function maskIndices(mask: bigint): number[] {
  const out: number[] = [];
  for (let i = 0; mask > 0n; i++, mask >>= 1n) if (mask & 1n) out.push(i);
  return out;
}
