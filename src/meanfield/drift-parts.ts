/**
 * The pieces of the drift and noise that the expansions read, at one point,
 * from the transitions' local jets (./local-jet.ts): f = sum_l l b_l, its
 * Jacobian F, the rate term g = sum_l l c_l and its Jacobian Dg, and the
 * noise Q = sum_l l l^T b_l. Shared by the stationary and the transient
 * expansion.
 */
import type { DensityModel } from '../core/density-model.ts';
import { localJet, type LocalJet } from './local-jet.ts';

export interface Term {
  readonly index: readonly number[];
  readonly delta: readonly number[];
  readonly jet: LocalJet;
}

/** A dense n x n matrix (row-major) with Sum_t l_i l_j w_t. */
export function outer(n: number, terms: readonly Term[], w: (t: Term) => number): Float64Array {
  const M = new Float64Array(n * n);
  for (const t of terms) {
    const v = w(t);
    if (v === 0) continue;
    t.index.forEach((i, a) => t.index.forEach((j, b) => (M[i * n + j] += t.delta[a] * t.delta[b] * v)));
  }
  return M;
}

/** Sum_t l_i w_t as a vector. */
export function along(n: number, terms: readonly Term[], w: (t: Term) => number): Float64Array {
  const v = new Float64Array(n);
  for (const t of terms) {
    const x = w(t);
    if (x !== 0) t.index.forEach((i, a) => (v[i] += t.delta[a] * x));
  }
  return v;
}

/** The transitions with their jets at `point`, to total degree `degree`. */
export function termsAt(model: Pick<DensityModel, 'transitions'>, point: Float64Array, degree: number): Term[] {
  return model.transitions.map((t) => ({ index: t.index, delta: t.delta, jet: localJet(`transition "${t.name}"`, t.intensity, point, degree) }));
}

export interface DriftParts {
  readonly f: Float64Array;
  readonly F: Float64Array;
  readonly g: Float64Array;
  readonly Dg: Float64Array;
  readonly Q: Float64Array;
}

export function driftParts(terms: readonly Term[], n: number): DriftParts {
  const F = new Float64Array(n * n);
  const Dg = new Float64Array(n * n);
  for (const t of terms)
    t.index.forEach((i, a) =>
      t.jet.deps.forEach((j, b) => {
        if (t.jet.grad.length > 0) F[i * n + j] += t.delta[a] * t.jet.grad[b];
        if (t.jet.cGrad.length > 0) Dg[i * n + j] += t.delta[a] * t.jet.cGrad[b];
      }),
    );
  return { f: along(n, terms, (t) => t.jet.b), F, g: along(n, terms, (t) => t.jet.c), Dg, Q: outer(n, terms, (t) => t.jet.b) };
}

/** (F2:W)_i = Sum_l l_i Sum_ab (d^2 b_l)_ab W_ab. */
export function hessianContraction(terms: readonly Term[], W: Float64Array, n: number): Float64Array {
  return along(n, terms, (t) => contract2(t.jet.hess, t.jet.deps, W, n));
}

/** Sum_{a,b} H_ab M[deps_a][deps_b] for a local k x k tensor H and an n x n matrix M. */
export function contract2(H: Float64Array, deps: Int32Array, M: Float64Array, n: number): number {
  if (H.length === 0) return 0; // an empty tensor is zero (jet.ts)
  const k = deps.length;
  let s = 0;
  for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) if (H[a * k + b] !== 0) s += H[a * k + b] * M[deps[a] * n + deps[b]];
  return s;
}
