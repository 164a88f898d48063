/**
 * Complex Schur decomposition A = U T U^H of a real n x n matrix (U unitary,
 * T upper triangular): Householder reduction to Hessenberg form, then the
 * shifted QR algorithm with Wilkinson shifts and Givens rotations in complex
 * arithmetic (Golub & Van Loan, Matrix Computations, 4th ed., 7.4 and 7.5).
 * Complex, not real quasi-triangular, so the Kronecker-sum solves
 * (./kron-sum.ts) back-substitute on a triangle with no 2 x 2 blocks.
 * Matrices are row-major Float64Arrays; complex ones as (re, im) pairs.
 */

export interface ComplexMatrix {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

export interface Schur {
  readonly n: number;
  readonly T: ComplexMatrix;
  readonly U: ComplexMatrix;
  /** QR iterations used. */
  readonly iterations: number;
}

const MAX_ITERATIONS_PER_EIGENVALUE = 60;

export function complexSchur(A: Float64Array, n: number): Schur {
  const Tr = Float64Array.from(A);
  const Ti = new Float64Array(n * n);
  const Ur = new Float64Array(n * n);
  const Ui = new Float64Array(n * n);
  for (let i = 0; i < n; i++) Ur[i * n + i] = 1;
  hessenberg(Tr, Ur, n);
  const eps = Number.EPSILON;
  let hi = n - 1;
  let iterations = 0;
  let sinceDeflation = 0;
  while (hi > 0) {
    // Deflate: find the lowest negligible subdiagonal entry in the active block.
    let lo = hi;
    while (lo > 0) {
      const s = Math.hypot(Tr[lo * n + lo], Ti[lo * n + lo]) + Math.hypot(Tr[(lo - 1) * n + lo - 1], Ti[(lo - 1) * n + lo - 1]);
      const sub = Math.hypot(Tr[lo * n + lo - 1], Ti[lo * n + lo - 1]);
      if (sub <= eps * (s === 0 ? 1 : s)) {
        Tr[lo * n + lo - 1] = 0;
        Ti[lo * n + lo - 1] = 0;
        break;
      }
      lo--;
    }
    if (lo === hi) {
      hi--;
      sinceDeflation = 0;
      continue;
    }
    if (++sinceDeflation > MAX_ITERATIONS_PER_EIGENVALUE) throw new Error(`complex Schur: QR iteration did not converge at row ${hi} (n = ${n})`);
    iterations++;
    const [mr, mi] = sinceDeflation % 11 === 10 ? exceptionalShift(Tr, Ti, n, hi) : wilkinsonShift(Tr, Ti, n, hi);
    qrStep(Tr, Ti, Ur, Ui, n, lo, hi, mr, mi);
  }
  return { n, T: { re: Tr, im: Ti }, U: { re: Ur, im: Ui }, iterations };
}

/** Householder reduction of H (real, in place) to upper Hessenberg form, accumulating U <- U P. */
function hessenberg(H: Float64Array, U: Float64Array, n: number): void {
  const v = new Float64Array(n);
  for (let k = 0; k < n - 2; k++) {
    let norm = 0;
    for (let i = k + 1; i < n; i++) norm = Math.hypot(norm, H[i * n + k]);
    if (norm === 0) continue;
    const alpha = H[(k + 1) * n + k] > 0 ? -norm : norm;
    v.fill(0);
    for (let i = k + 1; i < n; i++) v[i] = H[i * n + k];
    v[k + 1] -= alpha;
    let vv = 0;
    for (let i = k + 1; i < n; i++) vv += v[i] * v[i];
    if (vv === 0) continue;
    // H <- P H P with P = I - 2 v v^T / v^T v.
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let i = k + 1; i < n; i++) s += v[i] * H[i * n + j];
      s = (2 * s) / vv;
      for (let i = k + 1; i < n; i++) H[i * n + j] -= s * v[i];
    }
    for (const M of [H, U]) {
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = k + 1; j < n; j++) s += M[i * n + j] * v[j];
        s = (2 * s) / vv;
        for (let j = k + 1; j < n; j++) M[i * n + j] -= s * v[j];
      }
    }
    for (let i = k + 2; i < n; i++) H[i * n + k] = 0;
  }
}

/** The eigenvalue of the trailing 2 x 2 block of the active window nearer its last diagonal entry. */
function wilkinsonShift(Tr: Float64Array, Ti: Float64Array, n: number, hi: number): [number, number] {
  const a = hi - 1;
  const [ar, ai, br, bi, cr, ci, dr, di] = [
    Tr[a * n + a],
    Ti[a * n + a],
    Tr[a * n + hi],
    Ti[a * n + hi],
    Tr[hi * n + a],
    Ti[hi * n + a],
    Tr[hi * n + hi],
    Ti[hi * n + hi],
  ];
  // Eigenvalues of [[a, b], [c, d]]: m +- sqrt(h^2 + b c) with m = (a + d)/2, h = (a - d)/2.
  const mr = (ar + dr) / 2;
  const mi = (ai + di) / 2;
  const hr = (ar - dr) / 2;
  const hi2 = (ai - di) / 2;
  const qr = hr * hr - hi2 * hi2 + (br * cr - bi * ci);
  const qi = 2 * hr * hi2 + (br * ci + bi * cr);
  const [sr, si] = csqrt(qr, qi);
  const e1 = [mr + sr, mi + si];
  const e2 = [mr - sr, mi - si];
  const d1 = Math.hypot(e1[0] - dr, e1[1] - di);
  const d2 = Math.hypot(e2[0] - dr, e2[1] - di);
  return (d1 <= d2 ? e1 : e2) as [number, number];
}

/** An ad hoc shift that breaks a cycle of the Wilkinson shifts. */
function exceptionalShift(Tr: Float64Array, Ti: Float64Array, n: number, hi: number): [number, number] {
  const s = Math.abs(Tr[hi * n + hi - 1]) + Math.abs(Ti[hi * n + hi - 1]);
  return [Tr[hi * n + hi] + 0.75 * s, Ti[hi * n + hi]];
}

function csqrt(re: number, im: number): [number, number] {
  const r = Math.hypot(re, im);
  if (r === 0) return [0, 0];
  const a = Math.sqrt((r + Math.abs(re)) / 2);
  if (re >= 0) return [a, im / (2 * a)];
  return [Math.abs(im) / (2 * a), im >= 0 ? a : -a];
}

/**
 * One explicitly shifted QR step on the active window lo..hi of the
 * Hessenberg T: T - mu I = Q R, T <- R Q + mu I, with Q a product of Givens
 * rotations, applied to the whole rows and columns so that T stays the Schur
 * form of A, and accumulated into U.
 */
function qrStep(Tr: Float64Array, Ti: Float64Array, Ur: Float64Array, Ui: Float64Array, n: number, lo: number, hi: number, mr: number, mi: number): void {
  for (let k = lo; k <= hi; k++) {
    Tr[k * n + k] -= mr;
    Ti[k * n + k] -= mi;
  }
  const m = hi - lo;
  const cs = new Float64Array(m);
  const sr = new Float64Array(m);
  const si = new Float64Array(m);
  for (let k = lo; k < hi; k++) {
    // G = [[c, s], [-conj(s), c]] zeroes T[k+1][k] against T[k][k].
    const ar = Tr[k * n + k];
    const ai = Ti[k * n + k];
    const br = Tr[(k + 1) * n + k];
    const bi = Ti[(k + 1) * n + k];
    const na = Math.hypot(ar, ai);
    const nrm = Math.hypot(na, Math.hypot(br, bi));
    let c: number;
    let s_r: number;
    let s_i: number;
    if (nrm === 0) [c, s_r, s_i] = [1, 0, 0];
    else if (na === 0) [c, s_r, s_i] = [0, 1, 0];
    else {
      c = na / nrm;
      // s = (a/|a|) conj(b) / nrm
      const ur = ar / na;
      const ui = ai / na;
      s_r = (ur * br + ui * bi) / nrm;
      s_i = (ui * br - ur * bi) / nrm;
    }
    cs[k - lo] = c;
    sr[k - lo] = s_r;
    si[k - lo] = s_i;
    // Rows k, k+1 over columns k..n-1.
    for (let j = k; j < n; j++) {
      const xr = Tr[k * n + j];
      const xi = Ti[k * n + j];
      const yr = Tr[(k + 1) * n + j];
      const yi = Ti[(k + 1) * n + j];
      Tr[k * n + j] = c * xr + (s_r * yr - s_i * yi);
      Ti[k * n + j] = c * xi + (s_r * yi + s_i * yr);
      // -conj(s) x + c y
      Tr[(k + 1) * n + j] = -(s_r * xr + s_i * xi) + c * yr;
      Ti[(k + 1) * n + j] = -(s_r * xi - s_i * xr) + c * yi;
    }
  }
  for (let k = lo; k < hi; k++) {
    const c = cs[k - lo];
    const s_r = sr[k - lo];
    const s_i = si[k - lo];
    // Columns k, k+1 times G^H = [[c, -s], [conj(s), c]]: col_k' = c col_k + conj(s) col_{k+1}, col_{k+1}' = -s col_k + c col_{k+1}.
    const rotate = (Mr: Float64Array, Mi: Float64Array, rows: number): void => {
      for (let i = 0; i < rows; i++) {
        const xr = Mr[i * n + k];
        const xi = Mi[i * n + k];
        const yr = Mr[i * n + k + 1];
        const yi = Mi[i * n + k + 1];
        Mr[i * n + k] = c * xr + (s_r * yr + s_i * yi);
        Mi[i * n + k] = c * xi + (s_r * yi - s_i * yr);
        Mr[i * n + k + 1] = -(s_r * xr - s_i * xi) + c * yr;
        Mi[i * n + k + 1] = -(s_r * xi + s_i * xr) + c * yi;
      }
    };
    rotate(Tr, Ti, Math.min(k + 2, hi) + 1);
    rotate(Ur, Ui, n);
  }
  for (let k = lo; k <= hi; k++) {
    Tr[k * n + k] += mr;
    Ti[k * n + k] += mi;
  }
}
