/**
 * The refined mean field at a fixed point pi of the drift (Gast & Van Houdt
 * 2017; Gast, Bortolussi & Tribastone 2019, section 4, steady state):
 *   E[X^N] = pi + V/N + A2/N^2 + O(1/N^3),
 * from the moment equations of Y = X^N - pi expanded in 1/N, with
 * F = Df(pi), F2, F3, F4 the higher derivatives of f = sum_l l beta_l,
 * Q = sum_l l l^T beta_l, Qp, Qpp its derivatives, R = sum_l l l l beta_l, and
 * the finite-N rate terms beta^N = beta + c/N + e/N^2 + ...: g = sum_l l c_l,
 * Dg, G2 its derivatives, G = sum_l l l^T c_l, h = sum_l l e_l:
 *   W:  F W + W F^T + Q = 0                                     (E[YY] = W/N + B/N^2)
 *   V:  F V + 1/2 F2:W + g = 0                                  (E[Y]  = V/N + A2/N^2)
 *   D = 3 sym(W W) (Gaussian fourth moment: it solves (F+F+F+F) D + 6 sym(Q W) = 0)
 *   C:  (F+F+F) C + sym(3/2 F2:D + 3 Q V + 3 Qp W + R + 3 g W) = 0       (E[YYY] = C/N^2)
 *   B:  F B + B F^T + sym2(F2:C) + sym2(F3:D)/3 + Qp V + 1/2 Qpp:W
 *         + g V^T + V g^T + Dg W + W Dg^T + G = 0
 *   A2: F A2 + 1/2 F2:B + 1/6 F3:C + 1/24 F4:D + Dg V + 1/2 G2:W + h = 0
 * (sym: the mean over the index permutations; sym2(X) = (X + X^T)/2). Without
 * the rate terms these are rmf_tool's equations; the rate terms enter where
 * f^N = f + g/N + h/N^2 and Q^N = Q + G/N replace f and Q.
 * Every derivative is exact (jets, ./local-jet.ts); every linear solve is
 * Bartels-Stewart (./kron-sum.ts) with its residual as evidence.
 */
import { UsageError } from '../core/errors.ts';
import { kronSolver } from './kron-sum.ts';
import { contract2, driftParts, hessianContraction, along, termsAt, type Term } from './drift-parts.ts';
import { structuralDegree } from './local-jet.ts';
import type { DensityModel } from '../core/density-model.ts';

export type Order = 1 | 2;

export interface Moments {
  readonly n: number;
  readonly pi: Float64Array;
  readonly V: Float64Array;
  readonly W: Float64Array;
  /** Order 2 only. */
  readonly A2?: Float64Array;
  readonly B?: Float64Array;
  /** Absent when no second or third derivative needs it (a linear drift). */
  readonly C?: Float64Array;
}

export interface ExpansionEvidence {
  /** max_i |f_i(pi)|: how far pi is from a fixed point. */
  readonly drift: number;
  /** Smallest |eigenvalue| of the Jacobian (0: singular, a conserved quantity left in). */
  readonly smallestEigenvalue: number;
  /** Largest eigenvalue real part: < 0 for an exponentially stable fixed point. */
  readonly largestRealPart: number;
  /** Residuals of the linear solves (max abs), by unknown. */
  readonly residuals: Readonly<Record<string, number>>;
  readonly method: string;
}

/** Sum_{a,b,c} T_abc X[deps_a][deps_b][deps_c] for an n^3 tensor X. */
export function contract3(T: Float64Array, deps: Int32Array, X: Float64Array, n: number): number {
  if (T.length === 0) return 0;
  const k = deps.length;
  let s = 0;
  for (let a = 0; a < k; a++)
    for (let b = 0; b < k; b++)
      for (let c = 0; c < k; c++) {
        const t = T[(a * k + b) * k + c];
        if (t !== 0) s += t * X[(deps[a] * n + deps[b]) * n + deps[c]];
      }
  return s;
}

/** Sum T_abcd D_abcd with D = 3 sym(W W): 3 Sum T_abcd W_ab W_cd for a symmetric T. */
export function contract4Gaussian(T: Float64Array, deps: Int32Array, W: Float64Array, n: number): number {
  if (T.length === 0) return 0;
  const k = deps.length;
  let s = 0;
  for (let a = 0; a < k; a++)
    for (let b = 0; b < k; b++)
      for (let c = 0; c < k; c++)
        for (let d = 0; d < k; d++) {
          const t = T[((a * k + b) * k + c) * k + d];
          if (t !== 0) s += t * W[deps[a] * n + deps[b]] * W[deps[c] * n + deps[d]];
        }
  return 3 * s;
}

/** The mean over the 6 index permutations of an n^3 tensor. */
function symmetrise3(X: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n ** 3);
  const at = (i: number, j: number, k: number): number => X[(i * n + j) * n + k];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      for (let k = 0; k < n; k++) {
        out[(i * n + j) * n + k] = (at(i, j, k) + at(i, k, j) + at(j, i, k) + at(j, k, i) + at(k, i, j) + at(k, j, i)) / 6;
      }
  return out;
}

const nonzero = (x: Float64Array): boolean => x.some((v) => v !== 0);

export function expandMoments(model: DensityModel, order: Order): { moments: Moments; evidence: ExpansionEvidence } {
  const pi = model.fixedPoint;
  const n = pi.length;
  if (n !== model.names.length) throw new Error(`fixed point has ${n} coordinates, the model ${model.names.length}`);
  if (pi.some((v) => !Number.isFinite(v))) throw new UsageError('the fixed point is not determined (NaN), so the expansion has no point to expand at');
  const degree = order === 1 ? 2 : 4;
  const terms: Term[] = termsAt(model, pi, degree);
  const { f, F, g, Dg, Q } = driftParts(terms, n);
  const drift = f.reduce((a, v) => Math.max(a, Math.abs(v)), 0);
  const solver = kronSolver(F, n);
  let largestRealPart = -Infinity;
  for (let i = 0; i < n; i++) largestRealPart = Math.max(largestRealPart, solver.schur.T.re[i * n + i]);
  if (!(solver.smallestEigenvalue > 1e-12)) {
    throw new UsageError(
      `the Jacobian at the fixed point is singular (smallest |eigenvalue| ${solver.smallestEigenvalue.toExponential(2)}): ` +
        `a conserved quantity is left among the coordinates, or the fixed point is not hyperbolic`,
    );
  }
  const residuals: Record<string, number> = {};
  const solve = (name: string, rhs: Float64Array, p: number): Float64Array => {
    const X = solver.solve(rhs, p);
    residuals[name] = solver.residual(X, rhs, p);
    return X;
  };

  const W = solve(
    'W',
    Q.map((v) => -v),
    2,
  );
  const F2W = hessianContraction(terms, W, n);
  const V = solve(
    'V',
    F2W.map((v, i) => -(v / 2 + g[i])),
    1,
  );
  const evidence = (): ExpansionEvidence => ({
    drift,
    smallestEigenvalue: solver.smallestEigenvalue,
    largestRealPart,
    residuals,
    method:
      `exact derivatives by jets (forward-mode automatic differentiation); Lyapunov and Kronecker-sum ` +
      `equations by Bartels-Stewart on a complex Schur form (${solver.schur.iterations} QR iterations, n = ${n})`,
  });
  if (order === 1) return { moments: { n, pi, V, W }, evidence: evidence() };

  // C, only where a second or third derivative of the drift, or a metric's third, reads it.
  const cubicMetric = model.metrics.some((m) => [m.value, m.per].some((fn) => fn && structuralDegree((z, _e, A) => fn(z, A), pi) >= 3));
  const needC = cubicMetric || terms.some((t) => nonzero(t.jet.hess) || nonzero(t.jet.third));
  let C: Float64Array | undefined;
  if (needC) {
    const raw = new Float64Array(n ** 3);
    const Wrow = (i: number, m: number): number => W[i * n + m];
    for (let i = 0; i < n; i++)
      for (let l = 0; l < n; l++)
        for (let m = 0; m < n; m++) {
          // 3/2 F2W_i W_lm (one of F2:D's three pairings; the other two are added per transition below), 3 Q_il V_m, 3 g_i W_lm.
          raw[(i * n + l) * n + m] += 1.5 * F2W[i] * W[l * n + m] + 3 * Q[i * n + l] * V[m] + 3 * g[i] * W[l * n + m];
        }
    for (const t of terms) {
      const { deps, hess, grad, b } = t.jet;
      const k = deps.length;
      // (W H W)_lm over deps, times 3/2 * 2 for F2:D's other two pairings.
      const curved = nonzero(hess);
      const WH = new Float64Array(curved ? n * k : 0);
      if (curved)
        for (let l = 0; l < n; l++)
          for (let c = 0; c < k; c++) {
            let s = 0;
            for (let a = 0; a < k; a++) s += Wrow(l, deps[a]) * hess[a * k + c];
            WH[l * k + c] = s;
          }
      const gW = new Float64Array(n); // Sum_a grad_a W[deps_a][m]
      for (let m = 0; m < n; m++) for (let a = 0; a < k; a++) gW[m] += grad[a] * W[deps[a] * n + m];
      t.index.forEach((i, p) => {
        const li = t.delta[p];
        if (curved) {
          for (let l = 0; l < n; l++)
            for (let m = 0; m < n; m++) {
              let s = 0;
              for (let c = 0; c < k; c++) s += WH[l * k + c] * W[deps[c] * n + m];
              raw[(i * n + l) * n + m] += 3 * li * s;
            }
        }
        t.index.forEach((j, q) => {
          const lij = li * t.delta[q];
          for (let m = 0; m < n; m++) raw[(i * n + j) * n + m] += 3 * lij * gW[m];
          t.index.forEach((m, r) => (raw[(i * n + j) * n + m] += lij * t.delta[r] * b));
        });
      });
    }
    C = solve(
      'C',
      symmetrise3(raw, n).map((v) => -v),
      3,
    );
  }

  // B's right-hand side.
  const rhs = new Float64Array(n * n);
  const Cn = C;
  for (const t of terms) {
    const { deps, hess, third, grad, c } = t.jet;
    const k = deps.length;
    // F2:C and F3:D rows, Sum_c (F3:W)_c W[deps_c][m] with (F3:W)_c = Sum_ab T_abc W_ab.
    const row = new Float64Array(n);
    if (Cn && nonzero(hess)) {
      for (let m = 0; m < n; m++) {
        let s = 0;
        for (let a = 0; a < k; a++) for (let b2 = 0; b2 < k; b2++) if (hess[a * k + b2] !== 0) s += hess[a * k + b2] * Cn[(deps[a] * n + deps[b2]) * n + m];
        row[m] += s;
      }
    }
    if (nonzero(third)) {
      for (let cc = 0; cc < k; cc++) {
        let s = 0;
        for (let a = 0; a < k; a++) for (let b2 = 0; b2 < k; b2++) s += third[(a * k + b2) * k + cc] * W[deps[a] * n + deps[b2]];
        // sym2(F3:D)/3 with F3:D = 3 (F3:W) W.
        for (let m = 0; m < n; m++) row[m] += s * W[deps[cc] * n + m];
      }
    }
    const gV = grad.length === 0 ? 0 : deps.reduce((s, j, a) => s + grad[a] * V[j], 0);
    const hW = contract2(hess, deps, W, n);
    t.index.forEach((i, p) => {
      const li = t.delta[p];
      for (let m = 0; m < n; m++) {
        rhs[i * n + m] += (li * row[m]) / 2;
        rhs[m * n + i] += (li * row[m]) / 2;
      }
      t.index.forEach((j, q) => (rhs[i * n + j] += li * t.delta[q] * (gV + hW / 2 + c)));
    });
  }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let dgw = 0;
      for (let k = 0; k < n; k++) dgw += Dg[i * n + k] * W[k * n + j] + W[i * n + k] * Dg[j * n + k];
      rhs[i * n + j] += g[i] * V[j] + V[i] * g[j] + dgw;
    }
  const B = solve(
    'B',
    rhs.map((v) => -v),
    2,
  );

  const a2rhs = along(n, terms, (t) => {
    const { deps, hess, third, fourth, cHess, e } = t.jet;
    return (
      contract2(hess, deps, B, n) / 2 +
      (Cn ? contract3(third, deps, Cn, n) / 6 : 0) +
      contract4Gaussian(fourth, deps, W, n) / 24 +
      contract2(cHess, deps, W, n) / 2 +
      e
    );
  });
  for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) a2rhs[i] += Dg[i * n + k] * V[k];
  const A2 = solve(
    'A2',
    a2rhs.map((v) => -v),
    1,
  );
  return { moments: { n, pi, V, W, A2, B, ...(C ? { C } : {}) }, evidence: evidence() };
}
