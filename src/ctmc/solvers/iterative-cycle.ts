/**
 * One multilevel cycle at level l (iterative.ts gives the method and why omega = 2):
 * Gauss-Seidel, lump, solve the coarse chain (recursively; dense GTH on the
 * coarsest level), disaggregate x_i <- x_i (y_I / x_I)^omega, Gauss-Seidel.
 */
import { bandedGth, floatField, type BandMatrix } from './gth.ts';
import type { Coarsening, Hierarchy, Level } from './iterative-coarsening.ts';

/**
 * Probabilities below FLOOR are raised to it: they cannot affect the residual,
 * and it keeps the arithmetic clear of subnormal numbers (slow on x86).
 */
export const FLOOR = 1e-250;
/** The extra (omega - 1) part of a correction factor r is r' ^ (omega - 1), r' = r clamped to [e^-2, e^2] (early cycles' huge corrections are not doubled). */
const CAP_HIGH = Math.exp(2);
const CAP_LOW = Math.exp(-2);

/**
 * A forward and a backward Gauss-Seidel sweep, x_j <- sum_i x_i w_ij. The
 * update is written out in each loop, not called per state (V8 did not inline
 * the call): the whole jsq-d N = 8 search at 1e-10 took 65.0 and 65.8 CPU s so,
 * 70.4 and 69.7 with the call, the same law bit for bit.
 */
function smooth(L: Level): void {
  const { n, inPtr, inSrc, inWeight, x } = L;
  for (let j = 0, p = inPtr[0]; j < n; j++) {
    const end = inPtr[j + 1];
    let s = 0;
    for (; p < end; p++) s += x[inSrc[p]] * inWeight[p];
    x[j] = Math.max(s, FLOOR);
  }
  for (let j = n - 1; j >= 0; j--) {
    const end = inPtr[j + 1];
    let s = 0;
    for (let p = inPtr[j]; p < end; p++) s += x[inSrc[p]] * inWeight[p];
    x[j] = Math.max(s, FLOOR);
  }
}

/** Step 2: coarse rates weighted by the fine iterate (each a sum over its feeds in fine slot order); the coarse iterate is the block mass. */
export function lump(f: Omit<Level, 'inWeight'>, c: Coarsening): void {
  const { coarse, agg, feeds, scratch: mass } = c;
  const { x } = f;
  mass.fill(0);
  for (let i = 0; i < f.n; i++) mass[agg[i]] += x[i];
  const rate = coarse.inRate;
  if (feeds.kind === 'copied') {
    const { ptr, src, rate: feedRate } = feeds;
    for (let e = 0; e < rate.length; e++) {
      let s = 0;
      for (let t = ptr[e]; t < ptr[e + 1]; t++) s += x[src[t]] * feedRate[t];
      rate[e] = s;
    }
  } else {
    const { slot, edge } = feeds;
    const { inSrc } = f;
    const inRate = f.inRate!; // slot feeds belong to coarse levels, which keep their rates
    rate.fill(0);
    for (let u = 0; u < slot.length; u++) rate[edge[u]] += x[inSrc[slot[u]]] * inRate[slot[u]];
  }
  coarse.exit.fill(0);
  for (let e = 0; e < rate.length; e++) {
    const I = coarse.inSrc[e];
    rate[e] /= mass[I];
    coarse.exit[I] += rate[e];
  }
  for (let J = 0; J < coarse.n; J++) {
    for (let e = coarse.inPtr[J]; e < coarse.inPtr[J + 1]; e++) coarse.inWeight[e] = rate[e] / coarse.exit[J];
  }
  coarse.x.set(mass);
}

/** Step 4: x_i <- x_i (y_I / x_I)^omega, the part beyond omega = 1 capped. */
function disaggregate(f: Level, c: Coarsening): void {
  const { coarse, agg, scratch: factor } = c;
  const extra = c.omega - 1;
  for (let I = 0; I < coarse.n; I++) {
    const ratio = coarse.x[I] / factor[I];
    const capped = ratio > CAP_HIGH ? CAP_HIGH : Math.max(ratio, CAP_LOW);
    factor[I] = ratio * (extra === 1 ? capped : capped ** extra);
  }
  for (let i = 0; i < f.n; i++) {
    const v = f.x[i] * factor[agg[i]];
    f.x[i] = Math.max(v, FLOOR);
  }
}

/**
 * Dense GTH (eliminate the last state first, pivots are rates to lower states),
 * keeping the level's mass; `a` is n x n scratch.
 */
export function solveDirect(L: Level, a: BandMatrix): void {
  const n = L.n;
  const rate = L.inRate!; // the coarsest level keeps its rates (iterative-coarsening.ts weighted)
  a.data.fill(0);
  for (let j = 0; j < n; j++) {
    for (let p = L.inPtr[j]; p < L.inPtr[j + 1]; p++) {
      const i = L.inSrc[p];
      a.data[i * a.width + (j - i + a.lower)] += rate[p];
    }
  }
  const pi = bandedGth(a, floatField);
  if (!pi) throw new Error('the coarsest aggregated chain is reducible');
  let sum = 0;
  for (let i = 0; i < n; i++) sum += pi[i];
  let mass = 0;
  for (let i = 0; i < n; i++) mass += L.x[i];
  for (let i = 0; i < n; i++) {
    const v = (pi[i] / sum) * mass;
    L.x[i] = Math.max(v, FLOOR);
  }
}

export function cycle(h: Hierarchy, l: number): void {
  const L = h.levels[l];
  if (l === h.coarsenings.length) {
    solveDirect(L, h.dense);
    return;
  }
  const c = h.coarsenings[l];
  smooth(L);
  lump(L, c);
  for (let v = 0; v < c.visits; v++) cycle(h, l + 1);
  disaggregate(L, c);
  smooth(L);
}
