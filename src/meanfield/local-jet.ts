/**
 * The derivatives of one intensity b(z, eps) at (pi, 0), on the coordinates
 * it reads: a structural pass (./dependencies.ts) finds them, then one jet
 * evaluation in those k coordinates and eps (./jet.ts) gives every derivative
 * up to the order the expansion needs, as dense local tensors over k.
 */
import type { Arith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import { trackingArith, maskIndices } from './dependencies.ts';
import { derivativeTensor, jetArith, jetSpace, type JetArith } from './jet.ts';

export type Intensity = <U>(z: readonly U[], eps: U, A: Arith<U>) => U;

/** Derivatives of b at (pi, 0) over its coordinates deps (local tensors, row-major over k). */
export interface LocalJet {
  readonly deps: Int32Array;
  /** b(pi, 0), its gradient, Hessian, third and fourth derivatives in z. */
  readonly b: number;
  readonly grad: Float64Array;
  readonly hess: Float64Array;
  readonly third: Float64Array;
  readonly fourth: Float64Array;
  /** c = db/deps (the 1/N rate term), its gradient and Hessian in z; e = (1/2) d^2 b / deps^2. */
  readonly c: number;
  readonly cGrad: Float64Array;
  readonly cHess: Float64Array;
  readonly e: number;
}

/** Taylor coefficients one jet may hold: C(k + 1 + degree, degree) for k coordinates. */
const MAX_MONOMIALS = 5000;

/** C(vars + degree, degree): the monomials of degree <= degree in vars variables. */
function monomials(vars: number, degree: number): number {
  let c = 1;
  for (let i = 1; i <= degree; i++) c = (c * (vars + i)) / i;
  return Math.round(c);
}

const spaces = new Map<string, JetArith>();
function arith(vars: number, degree: number): JetArith {
  const key = `${vars}:${degree}`;
  let a = spaces.get(key);
  if (!a) spaces.set(key, (a = jetArith(jetSpace(vars, degree))));
  return a;
}

/** Derivatives to total degree `degree` (2 for the 1/N term, 4 for 1/N^2). */
export function localJet(name: string, b: Intensity, pi: Float64Array, degree: number): LocalJet {
  const n = pi.length;
  const T = trackingArith;
  const probe = b(
    Array.from(pi, (v, i) => T.variable(i, v)),
    T.variable(n, 0),
    T,
  );
  const deps = Int32Array.from(maskIndices(probe.deps).filter((i) => i < n));
  const k = deps.length;
  // A polynomial of lower degree needs no higher terms (a linear metric of every level stays cheap).
  const deg = Math.min(degree, probe.degree);
  const size = monomials(k + 1, deg);
  if (size > MAX_MONOMIALS)
    throw new UsageError(`${name}: reads ${k} coordinates at degree ${deg}: ${size} Taylor coefficients, over the limit of ${MAX_MONOMIALS}`);
  const J = arith(k + 1, deg);
  const z = Array.from(pi, (v) => J.constant(v));
  deps.forEach((i, a) => (z[i] = J.variable(a, pi[i])));
  const jet = b(z, J.variable(k, 0), J);
  const d = (order: number, epsPower = 0): Float64Array => derivativeTensor(J.space, jet, k, order, epsPower);
  return {
    deps,
    b: jet[0],
    grad: d(1),
    hess: d(2),
    third: d(3),
    fourth: d(4),
    c: d(0, 1)[0] ?? 0,
    cGrad: d(1, 1),
    cHess: d(2, 1),
    e: (d(0, 2)[0] ?? 0) / 2,
  };
}

/** The structural polynomial degree of a function of the coordinates (Infinity: not a polynomial). */
export function structuralDegree(b: Intensity, pi: Float64Array): number {
  const T = trackingArith;
  return b(
    Array.from(pi, (v, i) => T.variable(i, v)),
    T.zero,
    T,
  ).degree;
}
