/**
 * Truncated multivariate Taylor polynomials ("jets"): forward-mode automatic
 * differentiation to any order, exact up to float rounding (no finite
 * differences). A jet in v variables to total degree D holds the Taylor
 * coefficients c_alpha = (d^alpha f)(x0) / alpha! for |alpha| <= D; sums and
 * products of jets are those of the polynomials, cut at degree D, so running a
 * rate definition on jets through Arith yields all its derivatives at x0.
 */
import type { Arith } from '../core/arith.ts';
import { ratToNumber } from '../core/rational.ts';

/** The monomials x^alpha (|alpha| <= degree) in a fixed order, and the product table. */
export interface JetSpace {
  readonly vars: number;
  readonly degree: number;
  readonly size: number;
  /** exps[m * vars + i]: the exponent of variable i in monomial m (monomial 0 is 1). */
  readonly exps: Uint8Array;
  /** The index of the monomial with these exponents. */
  indexOf(alpha: ArrayLike<number>): number;
  /** Triples (a, b, a*b) over every pair of monomials whose product has degree <= degree. */
  readonly products: Int32Array;
}

export type Jet = Float64Array;

export function jetSpace(vars: number, degree: number): JetSpace {
  const list: number[][] = [];
  const grow = (prefix: number[], left: number): void => {
    if (prefix.length === vars) {
      list.push(prefix);
      return;
    }
    for (let e = 0; e <= left; e++) grow([...prefix, e], left - e);
  };
  grow([], degree);
  const deg = (a: number[]): number => a.reduce((s, e) => s + e, 0);
  list.sort((a, b) => deg(a) - deg(b));
  const key = (a: ArrayLike<number>): string => Array.from(a).join(',');
  const at = new Map(list.map((a, m) => [key(a), m]));
  const exps = new Uint8Array(list.length * vars);
  list.forEach((a, m) => exps.set(a, m * vars));
  const triples: number[] = [];
  list.forEach((a, i) =>
    list.forEach((b, j) => {
      if (deg(a) + deg(b) <= degree) triples.push(i, j, at.get(key(a.map((e, k) => e + b[k])))!);
    }),
  );
  return {
    vars,
    degree,
    size: list.length,
    exps,
    indexOf: (alpha) => at.get(key(alpha)) ?? -1,
    products: Int32Array.from(triples),
  };
}

/** Jet arithmetic over a space, with `variable(i, x0)`: the jet of x_i at x0. */
export interface JetArith extends Arith<Jet> {
  readonly space: JetSpace;
  variable(i: number, x0: number): Jet;
  constant(c: number): Jet;
}

export function jetArith(space: JetSpace): JetArith {
  const { size, products, degree } = space;
  const constant = (c: number): Jet => {
    const j = new Float64Array(size);
    j[0] = c;
    return j;
  };
  const mul = (a: Jet, b: Jet): Jet => {
    const out = new Float64Array(size);
    for (let t = 0; t < products.length; t += 3) out[products[t + 2]] += a[products[t]] * b[products[t + 1]];
    return out;
  };
  /** 1/b = (1/b0) sum_k (-(b - b0)/b0)^k, k <= degree (the series ends: (b - b0) has no constant term). */
  const inverse = (b: Jet): Jet => {
    const b0 = b[0];
    const step = Float64Array.from(b, (v, m) => (m === 0 ? 0 : -v / b0));
    let term = constant(1 / b0);
    const out = Float64Array.from(term);
    for (let k = 1; k <= degree; k++) {
      term = mul(term, step);
      for (let m = 0; m < size; m++) out[m] += term[m];
    }
    return out;
  };
  return {
    kind: 'jet',
    space,
    zero: constant(0),
    one: constant(1),
    constant,
    variable(i, x0) {
      const j = constant(x0);
      const unit = new Uint8Array(space.vars);
      unit[i] = 1;
      if (degree >= 1) j[space.indexOf(unit)] = 1;
      return j;
    },
    fromRational: (r) => constant(ratToNumber(r)),
    fromInt: (n) => constant(n),
    add(a, b) {
      const out = new Float64Array(size);
      for (let m = 0; m < size; m++) out[m] = a[m] + b[m];
      return out;
    },
    sub(a, b) {
      const out = new Float64Array(size);
      for (let m = 0; m < size; m++) out[m] = a[m] - b[m];
      return out;
    },
    mul,
    div: (a, b) => mul(a, inverse(b)),
    isZero: (a) => a.every((v) => v === 0),
    toNumber: (a) => a[0],
    store: (n) => Array.from({ length: n }, () => constant(0)),
  };
}

/**
 * The derivative tensor of order `order` in the first `k` variables (times
 * epsPower derivatives in variable k, the expansion parameter, when the space
 * has it), as a dense k^order array: entry (j1..jm) = d^m f / dx_j1..dx_jm
 * = alpha! c_alpha, alpha the exponents of the multi-index. Beyond the
 * space's degree (a polynomial of lower degree) the tensor is zero and
 * returned empty.
 */
/** Per space: for each (k, order, epsPower), the monomial and factor alpha! of every tensor entry. */
const layouts = new WeakMap<JetSpace, Map<string, { at: Int32Array; factor: Float64Array }>>();

function tensorLayout(space: JetSpace, k: number, order: number, epsPower: number): { at: Int32Array; factor: Float64Array } {
  let bySpace = layouts.get(space);
  if (!bySpace) layouts.set(space, (bySpace = new Map()));
  const key = `${k}:${order}:${epsPower}`;
  let layout = bySpace.get(key);
  if (layout) return layout;
  const size = k ** order;
  const at = new Int32Array(size);
  const factor = new Float64Array(size);
  const alpha = new Uint8Array(space.vars);
  const fact = [1, 1, 2, 6, 24, 120];
  for (let flat = 0; flat < size; flat++) {
    alpha.fill(0);
    for (let p = 0, r = flat; p < order; p++, r = Math.floor(r / k)) alpha[r % k]++;
    if (epsPower > 0) alpha[k] = epsPower;
    let f = 1;
    for (let i = 0; i < space.vars; i++) f *= fact[alpha[i]];
    at[flat] = space.indexOf(alpha);
    factor[flat] = f;
  }
  bySpace.set(key, (layout = { at, factor }));
  return layout;
}

/**
 * The derivative tensor of order `order` in the first `k` variables (times
 * epsPower derivatives in variable k, the expansion parameter, when the space
 * has it), as a dense k^order array: entry (j1..jm) = d^m f / dx_j1..dx_jm
 * = alpha! c_alpha, alpha the exponents of the multi-index. Beyond the
 * space's degree (a polynomial of lower degree) the tensor is zero and
 * returned empty.
 */
export function derivativeTensor(space: JetSpace, jet: Jet, k: number, order: number, epsPower = 0): Float64Array {
  if (order + epsPower > space.degree) return new Float64Array(0);
  const { at, factor } = tensorLayout(space, k, order, epsPower);
  return Float64Array.from(at, (m, flat) => jet[m] * factor[flat]);
}
