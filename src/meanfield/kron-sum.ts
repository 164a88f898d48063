/**
 * Equations in the Kronecker sum of a real matrix A with itself p times:
 *   sum over the p modes of A applied to that mode of X = B,
 * for p = 1 (A x = b), p = 2 (the Lyapunov equation A X + X A^T = B) and p = 3
 * (the third-moment equation of the 1/N^2 expansion), X and B real tensors of
 * n^p entries. Bartels-Stewart generalised to p modes: with A = U T U^H
 * (./complex-schur.ts), X' = B x_m U^H on every mode solves the triangular
 * system (T + ... + T) X' = B', back-substituted entry by entry in decreasing
 * index order (O(p n^(p+1))), and X = X' x_m U. One Schur form serves every
 * solve. The vectorised (Kronecker) system would cost (n^p)^3; dense
 * Lyapunov solvers of mathjs rest on its `schur`, an unshifted QR iteration
 * stopped at a change below 1e-4 (not accurate enough here).
 */
import { complexSchur, type Schur } from './complex-schur.ts';

export interface KronSolver {
  readonly n: number;
  readonly schur: Schur;
  /** X with (A + ... + A) X = B over p modes. */
  solve(B: Float64Array, p: number): Float64Array;
  /** max |(A + ... + A) X - B| of a solution. */
  residual(X: Float64Array, B: Float64Array, p: number): number;
  /** Smallest |eigenvalue| of A. */
  readonly smallestEigenvalue: number;
}

export function kronSolver(A: Float64Array, n: number): KronSolver {
  const schur = complexSchur(A, n);
  const { T, U } = schur;
  let smallest = Infinity;
  for (let i = 0; i < n; i++) smallest = Math.min(smallest, Math.hypot(T.re[i * n + i], T.im[i * n + i]));
  return {
    n,
    schur,
    smallestEigenvalue: smallest,
    solve(B, p) {
      const size = n ** p;
      let re: Float64Array = Float64Array.from(B);
      let im: Float64Array = new Float64Array(size);
      for (let m = 0; m < p; m++) [re, im] = modeProduct(re, im, n, p, m, U.re, U.im, true);
      backSubstitute(re, im, T.re, T.im, n, p);
      for (let m = 0; m < p; m++) [re, im] = modeProduct(re, im, n, p, m, U.re, U.im, false);
      return re;
    },
    residual(X, B, p) {
      let worst = 0;
      const size = n ** p;
      for (let flat = 0; flat < size; flat++) {
        let s = -B[flat];
        for (let m = 0, stride = n ** (p - 1); m < p; m++, stride /= n) {
          const i = Math.floor(flat / stride) % n;
          const base = flat - i * stride;
          for (let a = 0; a < n; a++) s += A[i * n + a] * X[base + a * stride];
        }
        worst = Math.max(worst, Math.abs(s));
      }
      return worst;
    },
  };
}

/**
 * Y = X x_mode M (M = U, or U^H when `adjoint`): Y[..i..] = sum_a M_ia X[..a..].
 * The tensor is read as (outer, n, inner) around the mode; M is copied once
 * into row-major (re, im) so the inner loops run over contiguous memory.
 */
function modeProduct(
  re: Float64Array,
  im: Float64Array,
  n: number,
  p: number,
  mode: number,
  Mr: Float64Array,
  Mi: Float64Array,
  adjoint: boolean,
): [Float64Array, Float64Array] {
  const inner = n ** (p - 1 - mode);
  const outer = n ** mode;
  const mr = new Float64Array(n * n);
  const mi = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let a = 0; a < n; a++) {
      mr[i * n + a] = adjoint ? Mr[a * n + i] : Mr[i * n + a];
      mi[i * n + a] = adjoint ? -Mi[a * n + i] : Mi[i * n + a];
    }
  const outR = new Float64Array(re.length);
  const outI = new Float64Array(re.length);
  for (let o = 0; o < outer; o++) {
    const base = o * n * inner;
    for (let i = 0; i < n; i++) {
      const row = base + i * inner;
      for (let a = 0; a < n; a++) {
        const cr = mr[i * n + a];
        const ci = mi[i * n + a];
        if (cr === 0 && ci === 0) continue;
        const src = base + a * inner;
        for (let q = 0; q < inner; q++) {
          const xr = re[src + q];
          const xi = im[src + q];
          outR[row + q] += cr * xr - ci * xi;
          outI[row + q] += cr * xi + ci * xr;
        }
      }
    }
  }
  return [outR, outI];
}

/** Solves (T + ... + T) X = X's current contents in place, T upper triangular: entries in decreasing index order. */
function backSubstitute(re: Float64Array, im: Float64Array, Tr: Float64Array, Ti: Float64Array, n: number, p: number): void {
  const strides = Array.from({ length: p }, (_, m) => n ** (p - 1 - m));
  const idx = new Int32Array(p).fill(n - 1); // the multi-index of `flat`, counted down with it
  for (let flat = n ** p - 1; flat >= 0; flat--) {
    let sr = re[flat];
    let si = im[flat];
    let dr = 0;
    let di = 0;
    for (let m = 0; m < p; m++) {
      const i = idx[m];
      const stride = strides[m];
      dr += Tr[i * n + i];
      di += Ti[i * n + i];
      for (let a = i + 1, at = flat + stride; a < n; a++, at += stride) {
        const tr = Tr[i * n + a];
        const ti = Ti[i * n + a];
        sr -= tr * re[at] - ti * im[at];
        si -= tr * im[at] + ti * re[at];
      }
    }
    const q = dr * dr + di * di;
    re[flat] = (sr * dr + si * di) / q;
    im[flat] = (si * dr - sr * di) / q;
    for (let m = p - 1; m >= 0; m--) {
      if (idx[m] > 0) {
        idx[m]--;
        break;
      }
      idx[m] = n - 1;
    }
  }
}
