/**
 * Stationary distribution of a large float CTMC by multilevel aggregation /
 * disaggregation (Horton & Leutenegger 1994), prototype.
 */
import { decodeInto } from '../core/mixed-radix.ts';
import { incoming, type Generator } from './generator.ts';

export interface IterativeOptions {
  /** Residual target max_j |(pi Q)_j| with pi summing to 1 (default 1e-12). */
  tolerance?: number;
  maxIterations?: number;
  onProgress?: (iteration: number, residual: number) => void;
}

export interface IterativeResult {
  pi: Float64Array;
  residual: number;
  iterations: number;
  converged: boolean;
  errorEstimate: number;
}

const FLOOR = 1e-250;
const DIRECT_LIMIT = 128;
export const tune = { pre: 1, post: 1, gamma: 1, window: 0, alt: 0, omega: 1, clampL: Infinity };

interface Level {
  readonly n: number;
  readonly inPtr: Int32Array;
  readonly inSrc: Int32Array;
  readonly inRate: Float64Array;
  readonly exit: Float64Array;
  readonly x: Float64Array;
  readonly codes: Float64Array;
  readonly radices: readonly number[];
}

interface Link {
  readonly agg: Int32Array;
  readonly edgeMap: Int32Array;
  readonly mass: Float64Array;
}

function fineLevel(g: Generator<number>): Level {
  const { inPtr, inSrc, inEdge } = incoming(g);
  const inRate = new Float64Array(inEdge.length);
  for (let p = 0; p < inEdge.length; p++) inRate[p] = g.rate[inEdge[p]];
  const exit = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) {
    let s = 0;
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) s += g.rate[k];
    exit[i] = s;
  }
  return { n: g.n, inPtr, inSrc, inRate, exit, x: new Float64Array(g.n).fill(1 / g.n), codes: g.codes, radices: g.radices };
}

function lowerBound(a: Float64Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function coarsen(f: Level, shift: number): { level: Level; link: Link } | null {
  const radices = f.radices.map((r) => Math.floor((r - 1 + shift) / 2) + 1);
  const d = new Int32Array(radices.length);
  const cw = new Float64Array(radices.length);
  let acc = 1;
  for (let i = 0; i < radices.length; i++) {
    cw[i] = acc;
    acc *= radices[i];
  }
  const cc = new Float64Array(f.n);
  for (let i = 0; i < f.n; i++) {
    decodeInto(f.codes[i], f.radices, d);
    let c = 0;
    for (let k = 0; k < d.length; k++) c += ((d[k] + shift) >> 1) * cw[k];
    cc[i] = c;
  }
  const sorted = cc.slice().sort();
  let nc = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[nc++] = sorted[i];
  if (nc === f.n) return null;
  const codes = sorted.slice(0, nc);
  const agg = new Int32Array(f.n);
  for (let i = 0; i < f.n; i++) agg[i] = lowerBound(codes, cc[i]);
  // members of each aggregate
  const mPtr = new Int32Array(nc + 1);
  for (let i = 0; i < f.n; i++) mPtr[agg[i] + 1]++;
  for (let c = 0; c < nc; c++) mPtr[c + 1] += mPtr[c];
  const fill = mPtr.slice(0, nc);
  const members = new Int32Array(f.n);
  for (let i = 0; i < f.n; i++) members[fill[agg[i]]++] = i;
  const edgeMap = new Int32Array(f.inSrc.length);
  const mark = new Int32Array(nc).fill(-1);
  const slot = new Int32Array(nc);
  const inPtr = new Int32Array(nc + 1);
  let inSrc = new Int32Array(f.inSrc.length);
  let m = 0;
  for (let J = 0; J < nc; J++) {
    for (let q = mPtr[J]; q < mPtr[J + 1]; q++) {
      const j = members[q];
      for (let p = f.inPtr[j]; p < f.inPtr[j + 1]; p++) {
        const I = agg[f.inSrc[p]];
        if (I === J) {
          edgeMap[p] = -1;
          continue;
        }
        if (mark[I] !== J) {
          mark[I] = J;
          slot[I] = m;
          inSrc[m++] = I;
        }
        edgeMap[p] = slot[I];
      }
    }
    inPtr[J + 1] = m;
  }
  inSrc = inSrc.slice(0, m);
  const level: Level = {
    n: nc, inPtr, inSrc, inRate: new Float64Array(m), exit: new Float64Array(nc), x: new Float64Array(nc), codes, radices,
  };
  return { level, link: { agg, edgeMap, mass: new Float64Array(nc) } };
}

function restrict(f: Level, link: Link, c: Level): void {
  const { agg, edgeMap, mass } = link;
  mass.fill(0);
  for (let i = 0; i < f.n; i++) mass[agg[i]] += f.x[i];
  c.inRate.fill(0);
  const x = f.x;
  const fSrc = f.inSrc;
  const fRate = f.inRate;
  const cRate = c.inRate;
  for (let p = 0; p < fSrc.length; p++) {
    const e = edgeMap[p];
    if (e >= 0) cRate[e] += x[fSrc[p]] * fRate[p];
  }
  c.exit.fill(0);
  for (let e = 0; e < cRate.length; e++) {
    const I = c.inSrc[e];
    const r = cRate[e] / mass[I];
    cRate[e] = r;
    c.exit[I] += r;
  }
  c.x.set(mass);
}

export const omegaLog: number[][] = [];
function lineSearchOmega(L: Level, link: Link, c: Level, level: number): number {
  // x_a = x ⊙ f, d = x_a ⊙ log f; residuals via incoming CSR
  const { agg, mass } = link;
  const n = L.n;
  const xa = new Float64Array(n), d = new Float64Array(n);
  for (let i = 0; i < n; i++) { const f = c.x[agg[i]] / mass[agg[i]]; xa[i] = L.x[i] * f; d[i] = xa[i] * Math.log(f); }
  let ad = 0, dd = 0;
  for (let j = 0; j < n; j++) {
    let ra = -xa[j] * L.exit[j], rd = -d[j] * L.exit[j];
    for (let p = L.inPtr[j]; p < L.inPtr[j + 1]; p++) { ra += xa[L.inSrc[p]] * L.inRate[p]; rd += d[L.inSrc[p]] * L.inRate[p]; }
    ad += ra * rd; dd += rd * rd;
  }
  const w = dd > 0 ? 1 - ad / dd : 1;
  (omegaLog[level] ??= []).push(w);
  return Math.min(3, Math.max(1, w));
}
function prolong(f: Level, link: Link, c: Level, level = 0): void {
  const { agg, mass } = link;
  const omega = process.env.LS ? lineSearchOmega(f, link, c, level) : tune.omega;
  for (let I = 0; I < c.n; I++) {
    const f = c.x[I] / mass[I];
    const lf = Math.log(f);
    const L = tune.clampL;
    mass[I] = f * Math.exp((omega - 1) * (lf > L ? L : lf < -L ? -L : lf));
  }
  for (let i = 0; i < f.n; i++) {
    const v = f.x[i] * mass[agg[i]];
    f.x[i] = v > FLOOR ? v : FLOOR;
  }
}

function relax(L: Level, j: number): void {
  const { inPtr, inSrc, inRate, x } = L;
  let s = 0;
  for (let p = inPtr[j]; p < inPtr[j + 1]; p++) s += x[inSrc[p]] * inRate[p];
  const v = s / L.exit[j];
  x[j] = v > FLOOR ? v : FLOOR;
}

function smooth(L: Level, sweeps: number): void {
  for (let s = 0; s < sweeps; s++) {
    for (let j = 0; j < L.n; j++) relax(L, j);
    for (let j = L.n - 1; j >= 0; j--) relax(L, j);
  }
}

function solveDirect(L: Level): void {
  const n = L.n;
  const a = new Float64Array(n * n);
  for (let j = 0; j < n; j++) for (let p = L.inPtr[j]; p < L.inPtr[j + 1]; p++) a[L.inSrc[p] * n + j] += L.inRate[p];
  for (let k = n - 1; k > 0; k--) {
    let s = 0;
    for (let j = 0; j < k; j++) s += a[k * n + j];
    for (let i = 0; i < k; i++) {
      const f = a[i * n + k] / s;
      if (f === 0) continue;
      for (let j = 0; j < k; j++) a[i * n + j] += f * a[k * n + j];
    }
    a[k * n + k] = s;
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += L.x[i];
  const pi = new Float64Array(n);
  pi[0] = 1;
  let sum = 1;
  for (let k = 1; k < n; k++) {
    let t = 0;
    for (let i = 0; i < k; i++) t += pi[i] * a[i * n + k];
    pi[k] = t / a[k * n + k];
    sum += pi[k];
  }
  for (let i = 0; i < n; i++) L.x[i] = Math.max(FLOOR, (pi[i] / sum) * total);
}

function cycle(levels: Level[], links: Link[], l: number): void {
  const L = levels[l];
  if (l === levels.length - 1) {
    solveDirect(L);
    return;
  }
  smooth(L, tune.pre);
  restrict(L, links[l], levels[l + 1]);
  const reps = l + 1 === levels.length - 1 ? 1 : l === 0 ? (Number(process.env.G0) || tune.gamma) : tune.gamma;
  for (let k = 0; k < reps; k++) cycle(levels, links, l + 1);
  prolong(L, links[l], levels[l + 1], l);
  smooth(L, tune.post);
}

function normalize(x: Float64Array): void {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  for (let i = 0; i < x.length; i++) x[i] /= s;
}

function residualOf(L: Level, out: Float64Array): number {
  let r = 0;
  const { inPtr, inSrc, inRate, x } = L;
  for (let j = 0; j < L.n; j++) {
    let s = -x[j] * L.exit[j];
    for (let p = inPtr[j]; p < inPtr[j + 1]; p++) s += x[inSrc[p]] * inRate[p];
    out[j] = s;
    r = Math.max(r, Math.abs(s));
  }
  return r;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Solves the small symmetric system G c = 1 (Gaussian elimination with partial pivoting), then scales c to sum 1. */
function affineWeights(G: number[][]): number[] {
  const m = G.length;
  const a = G.map((row) => [...row, 1]);
  let tr = 0;
  for (let i = 0; i < m; i++) tr += a[i][i];
  for (let i = 0; i < m; i++) a[i][i] += 1e-14 * tr;
  for (let k = 0; k < m; k++) {
    let piv = k;
    for (let i = k + 1; i < m; i++) if (Math.abs(a[i][k]) > Math.abs(a[piv][k])) piv = i;
    [a[k], a[piv]] = [a[piv], a[k]];
    for (let i = k + 1; i < m; i++) {
      const f = a[i][k] / a[k][k];
      for (let j = k; j <= m; j++) a[i][j] -= f * a[k][j];
    }
  }
  const c = new Array<number>(m).fill(0);
  for (let i = m - 1; i >= 0; i--) {
    let s = a[i][m];
    for (let j = i + 1; j < m; j++) s -= a[i][j] * c[j];
    c[i] = s / a[i][i];
  }
  const sum = c.reduce((p, q) => p + q, 0);
  return c.map((v) => v / sum);
}

export function solveIterative(g: Generator<number>, opts: IterativeOptions = {}): IterativeResult {
  const tol = opts.tolerance ?? 1e-12;
  const maxIt = opts.maxIterations ?? 1000;
  const top = fineLevel(g);
  const hier = [0, 1].map((h) => {
    const levels: Level[] = [top];
    const links: Link[] = [];
    while (levels[levels.length - 1].n > DIRECT_LIMIT) {
      const c = coarsen(levels[levels.length - 1], levels.length === 1 ? h : 0);
      if (c === null) break;
      levels.push(c.level);
      links.push(c.link);
    }
    return { levels, links };
  });
  let res = Infinity;
  let it = 0;
  const W = tune.window;
  const xs: Float64Array[] = [];
  const rs: Float64Array[] = [];
  const G: number[][] = [];
  const rcur = new Float64Array(top.n);
  while (it < maxIt) {
    const hh = hier[tune.alt ? it % 2 : 0];
    cycle(hh.levels, hh.links, 0);
    normalize(top.x);
    it++;
    res = residualOf(top, rcur);
    opts.onProgress?.(it, res);
    if (res <= tol) break;
    if (W > 0) {
      if (xs.length > W) { xs.shift(); rs.shift(); G.shift(); G.forEach((row) => row.shift()); }
      xs.push(top.x.slice());
      rs.push(rcur.slice());
      const k = rs.length - 1;
      G.push(new Array<number>(k + 1).fill(0));
      for (let i = 0; i <= k; i++) { const d = dot(rs[i], rs[k]); G[k][i] = d; G[i][k] = d; }
      if (xs.length >= 2) {
        const c = affineWeights(G);
        const x = top.x;
        x.fill(0);
        for (let i = 0; i < c.length; i++) { const ci = c[i]; const xi = xs[i]; for (let j = 0; j < x.length; j++) x[j] += ci * xi[j]; }
        for (let j = 0; j < x.length; j++) if (!(x[j] > FLOOR)) x[j] = FLOOR;
        normalize(x);
        const scratch = new Float64Array(top.n);
        const rr = residualOf(top, scratch);
        if (process.env.V) console.error('  recombined', rr.toExponential(2), c.map((v) => v.toFixed(2)).join(','));
        if (!(rr < res)) {
          x.set(xs[xs.length - 1]);
          xs.length = 0; rs.length = 0; G.length = 0;
        }
      }
    }
  }
  return { pi: top.x, residual: res, iterations: it, converged: res <= tol, errorEstimate: NaN };
}
