/**
 * Stationary law of a large float CTMC by multilevel aggregation /
 * disaggregation (Horton & Leutenegger 1994), with over-corrected coarse
 * corrections and iterant recombination on top (De Sterck, Miller & Sanders 2011).
 * Generic: it uses only the generator and the mixed-radix digits of its states.
 *
 * Levels. Level l+1 lumps the states of level l whose digits agree after halving
 * some digits (d -> floor(d/2)): blocks of 2 x 2 x ... neighbours. Normally every
 * digit is halved; digits moved by much weaker transitions than the strongest
 * are left whole (semi-coarsening, for anisotropic chains), and no level shrinks
 * the code space more than MAX_REDUCTION-fold (many digits of small radix).
 * Which fine transition feeds which coarse one is worked out once; the coarse
 * rates are refreshed from the current iterate in every cycle.
 *
 * Cycle at level l, iterate x (solving x Q = 0):
 *   1. Gauss-Seidel, a forward and a backward sweep of x_j <- sum_i x_i q_ij / q_j.
 *   2. Lump: coarse rate I -> J = sum_{i in I} (x_i / x_I) sum_{j in J} q_ij,
 *      coarse iterate y_I = x_I = sum_{i in I} x_i. (Exact if x is exact.)
 *   3. Solve the coarse chain for y approximately: one cycle (two when the level
 *      shrank at least threefold), dense GTH on the coarsest level.
 *   4. Disaggregate: x_i <- x_i (y_I / x_I)^omega.
 *   5. Gauss-Seidel as in 1.
 *
 * Why omega = 2: the lumping weights x_i / x_I carry the tilt of a smooth error
 * inside each block, so the coarse law fixes the error only across block
 * boundaries. Along a direction cut into blocks of 2 that is half of a smooth
 * log-error; smoothing then spreads the remaining staircase, leaving half the
 * slope. Doubling the correction in log space removes it (cf. over-correction in
 * unsmoothed aggregation AMG). The extra factor is capped at e^{+-2} so that the
 * huge corrections of early cycles are not doubled. A semi-coarsened level
 * resolves the whole digits exactly, where doubling would overshoot: omega = 1.
 *
 * Finest level (the chain itself): after each cycle, r = x Q is formed; the run stops when
 * max_j |r_j| <= tolerance (x normalised to sum 1). Otherwise the last few cycle
 * outputs are recombined, x = sum_k c_k x_k with sum_k c_k = 1 minimising
 * ||sum_k c_k r_k||_2 (r is linear in x), and the recombination is kept only if
 * its residual is certainly smaller than that of the plain cycle output.
 *
 * Probabilities below FLOOR are raised to it: they cannot affect the residual,
 * and it keeps the arithmetic clear of subnormal numbers (slow on x86).
 */
import { codeSpace, decodeInto } from '../core/mixed-radix.ts';
import { exitRates, incoming, type SparseGenerator } from './generator.ts';
import { bandedGth, floatField, type BandMatrix } from './gth.ts';

export interface IterativeOptions {
  /** Residual target max_j |(pi Q)_j| with pi summing to 1 (default 1e-12). */
  tolerance?: number;
  /** Cycles before giving up (default 1000, at least 1). */
  maxIterations?: number;
  onProgress?: (iteration: number, residual: number) => void;
  /** A starting law (e.g. the previous truncation's, warm start), > 0 where the chain's law is; default uniform. */
  initial?: Float64Array;
}

export interface IterativeResult {
  /** Sums to 1. */
  pi: Float64Array;
  /** max_j |(pi Q)_j|. */
  residual: number;
  iterations: number;
  converged: boolean;
  /**
   * Estimate of ||pi - pi*||_1 (not a bound). Iterative runs: from the last
   * cycles' steps ||x_k - x_{k-1}||_1, as the tail of a geometric series (see
   * errorEstimateFrom); it is at least the last step. Chains small enough for
   * a single dense GTH solve: n^3 * epsilon, the order of GTH's entrywise
   * relative error bound (O'Cinneide 1993).
   */
  errorEstimate: number;
}

const FLOOR = 1e-250;
/** Levels with at most this many states are solved by dense GTH. */
const DIRECT_LIMIT = 128;
/** Halve digits while the code space shrinks at most this much per level. */
const MAX_REDUCTION = 16;
/** Digits moved at least this fraction as strongly as the strongest one are halved together. */
const STRONG = 0.125;
/** Target states sampled to measure digit strengths. */
const STRENGTH_SAMPLE = 1 << 14;
/** The extra (omega - 1) part of a correction factor r is r' ^ (omega - 1), r' = r clamped to [e^-2, e^2]. */
const CAP_HIGH = Math.exp(2);
const CAP_LOW = Math.exp(-2);
/** Earlier cycle outputs kept for recombination. */
const HISTORY = 2;
const DEFAULT_MAX_ITERATIONS = 1000;

/** One level: the chain by incoming transitions, and its iterate. */
interface Level {
  readonly n: number;
  readonly codes: Float64Array;
  readonly radices: readonly number[];
  readonly inPtr: Int32Array;
  readonly inSrc: Int32Array;
  /** q_ij for the incoming transition i -> j at slot p of j. */
  readonly inRate: Float64Array;
  /** q_ij / q_j (Gauss-Seidel weights). */
  readonly inWeight: Float64Array;
  /** q_j, the exit rate. */
  readonly exit: Float64Array;
  readonly x: Float64Array;
}

/** How level l lumps into level l+1. */
interface Coarsening {
  readonly coarse: Level;
  /** Fine state -> coarse state. */
  readonly agg: Int32Array;
  /** The fine slots of transitions between blocks, grouped by the coarse transition they feed. */
  readonly feedPtr: Int32Array;
  readonly feedSlot: Int32Array;
  /** The source state of each of those transitions (inSrc[feedSlot[t]]). */
  readonly feedSrc: Int32Array;
  /** Per coarse state: block mass x_I, then the correction factor. */
  readonly scratch: Float64Array;
  readonly omega: number;
  /** Coarse cycles per visit: 1 (V-cycle) or 2 (W-cycle). */
  readonly visits: number;
}

interface Hierarchy {
  readonly levels: Level[];
  readonly coarsenings: Coarsening[];
  /** Scratch for the dense solve of the coarsest level (a full band). */
  readonly dense: BandMatrix;
}

// ---------------------------------------------------------------- setup

function finestLevel(g: SparseGenerator<number>): Level {
  const { inPtr, inSrc, inEdge } = incoming(g);
  const exit = exitRates(g);
  const inRate = new Float64Array(inEdge.length);
  const inWeight = new Float64Array(inEdge.length);
  for (let j = 0; j < g.n; j++) {
    for (let p = inPtr[j]; p < inPtr[j + 1]; p++) {
      inRate[p] = g.rate[inEdge[p]];
      inWeight[p] = inRate[p] / exit[j];
    }
  }
  const x = new Float64Array(g.n).fill(1 / g.n);
  return { n: g.n, codes: g.codes, radices: g.radices, inPtr, inSrc, inRate, inWeight, exit, x };
}

/**
 * Total rate of the transitions that move each digit, over a sample of target
 * states (every state when there are few).
 */
function digitStrength(L: Level): Float64Array {
  const width = L.radices.length;
  const strength = new Float64Array(width);
  const target = new Int32Array(width);
  const source = new Int32Array(width);
  const stride = Math.max(1, Math.floor(L.n / STRENGTH_SAMPLE));
  for (let j = 0; j < L.n; j += stride) {
    decodeInto(L.codes[j], L.radices, target);
    for (let p = L.inPtr[j]; p < L.inPtr[j + 1]; p++) {
      decodeInto(L.codes[L.inSrc[p]], L.radices, source);
      for (let k = 0; k < width; k++) if (source[k] !== target[k]) strength[k] += L.inRate[p];
    }
  }
  return strength;
}

/**
 * Which digits to halve: those moved by transitions at least STRONG times as
 * strong as the strongest digit's (semi-coarsening when one direction dominates),
 * strongest first while the code space shrinks at most MAX_REDUCTION-fold.
 */
function digitsToHalve(radices: readonly number[], strength: Float64Array): boolean[] {
  const live = radices.map((_, k) => k).filter((k) => radices[k] > 1);
  const strongest = Math.max(0, ...live.map((k) => strength[k]));
  const order = live.filter((k) => strength[k] >= STRONG * strongest).sort((a, b) => strength[b] - strength[a]);
  const halve = radices.map(() => false);
  let reduction = 1;
  for (const k of order) {
    const f = radices[k] / Math.ceil(radices[k] / 2);
    if (reduction > 1 && reduction * f > MAX_REDUCTION) break;
    halve[k] = true;
    reduction *= f;
  }
  return halve;
}

/** Codes of the states after halving the chosen digits, in the halved radices. */
function halvedCodes(codes: Float64Array, radices: readonly number[], halve: boolean[]): { codes: Float64Array; radices: number[] } {
  const coarseRadices = radices.map((r, k) => (halve[k] ? Math.ceil(r / 2) : r));
  const weight = new Float64Array(radices.length);
  for (let k = 0, w = 1; k < radices.length; w *= coarseRadices[k], k++) weight[k] = w;
  const digits = new Int32Array(radices.length);
  const out = new Float64Array(codes.length);
  for (let i = 0; i < codes.length; i++) {
    decodeInto(codes[i], radices, digits);
    let c = 0;
    for (let k = 0; k < digits.length; k++) c += (halve[k] ? digits[k] >> 1 : digits[k]) * weight[k];
    out[i] = c;
  }
  return { codes: out, radices: coarseRadices };
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

/**
 * Numbers the distinct block codes in increasing order: the block of each state
 * and the code of each block (a dense table when the code space is small).
 */
function numberBlocks(codes: Float64Array, space: number): { agg: Int32Array; distinct: Float64Array } {
  const agg = new Int32Array(codes.length);
  if (space <= 4 * codes.length) {
    const blockOf = new Int32Array(space); // 0: absent, else block index + 1
    for (let i = 0; i < codes.length; i++) blockOf[codes[i]] = 1;
    const found: number[] = [];
    for (let c = 0; c < space; c++) if (blockOf[c] === 1) blockOf[c] = found.push(c);
    for (let i = 0; i < codes.length; i++) agg[i] = blockOf[codes[i]] - 1;
    return { agg, distinct: Float64Array.from(found) };
  }
  const sorted = codes.slice().sort();
  let m = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[m - 1]) sorted[m++] = sorted[i];
  const distinct = sorted.slice(0, m);
  for (let i = 0; i < codes.length; i++) agg[i] = lowerBound(distinct, codes[i]);
  return { agg, distinct };
}

/** Fine states grouped by block (CSR). */
function blockMembers(agg: Int32Array, nc: number): { ptr: Int32Array; members: Int32Array } {
  const ptr = new Int32Array(nc + 1);
  for (let i = 0; i < agg.length; i++) ptr[agg[i] + 1]++;
  for (let c = 0; c < nc; c++) ptr[c + 1] += ptr[c];
  const fill = ptr.slice(0, nc);
  const members = new Int32Array(agg.length);
  for (let i = 0; i < agg.length; i++) members[fill[agg[i]]++] = i;
  return { ptr, members };
}

interface Pattern {
  readonly inPtr: Int32Array;
  readonly inSrc: Int32Array;
  /** Fine incoming slot -> coarse incoming slot, or -1 for a transition inside a block. */
  readonly edgeMap: Int32Array;
}

/** The coarse transition pattern (incoming CSR) and the map from fine slots to coarse slots. */
function coarsePattern(f: Level, agg: Int32Array, nc: number): Pattern {
  const { ptr, members } = blockMembers(agg, nc);
  const edgeMap = new Int32Array(f.inSrc.length);
  const lastTarget = new Int32Array(nc).fill(-1);
  const slotOf = new Int32Array(nc);
  const inPtr = new Int32Array(nc + 1);
  const inSrc = new Int32Array(f.inSrc.length);
  let m = 0;
  for (let J = 0; J < nc; J++) {
    for (let q = ptr[J]; q < ptr[J + 1]; q++) {
      const j = members[q];
      for (let p = f.inPtr[j]; p < f.inPtr[j + 1]; p++) {
        const I = agg[f.inSrc[p]];
        if (I === J) {
          edgeMap[p] = -1;
          continue;
        }
        if (lastTarget[I] !== J) {
          lastTarget[I] = J;
          slotOf[I] = m;
          inSrc[m++] = I;
        }
        edgeMap[p] = slotOf[I];
      }
    }
    inPtr[J + 1] = m;
  }
  return { inPtr, inSrc: inSrc.slice(0, m), edgeMap };
}

/** Groups the fine transitions between blocks by the coarse transition they feed (counting sort). */
function feeds(f: Level, pattern: Pattern): Pick<Coarsening, 'feedPtr' | 'feedSlot' | 'feedSrc'> {
  const { edgeMap } = pattern;
  const feedPtr = new Int32Array(pattern.inSrc.length + 1);
  for (let p = 0; p < edgeMap.length; p++) if (edgeMap[p] >= 0) feedPtr[edgeMap[p] + 1]++;
  for (let e = 0; e < pattern.inSrc.length; e++) feedPtr[e + 1] += feedPtr[e];
  const fill = feedPtr.slice(0, pattern.inSrc.length);
  const feedSlot = new Int32Array(feedPtr[pattern.inSrc.length]);
  for (let p = 0; p < edgeMap.length; p++) if (edgeMap[p] >= 0) feedSlot[fill[edgeMap[p]]++] = p;
  const feedSrc = feedSlot.map((p) => f.inSrc[p]);
  return { feedPtr, feedSlot, feedSrc };
}

function coarsen(f: Level): Coarsening {
  // Halve until some states merge (codes may be sparse, e.g. only even digits occur).
  let codes = f.codes;
  let radices = f.radices;
  const strength = digitStrength(f);
  let isotropic = true;
  let blocks: { agg: Int32Array; distinct: Float64Array };
  do {
    const halve = digitsToHalve(radices, strength);
    isotropic = radices.every((r, k) => halve[k] || r === 1 || strength[k] === 0);
    ({ codes, radices } = halvedCodes(codes, radices, halve));
    blocks = numberBlocks(codes, codeSpace(radices));
  } while (blocks.distinct.length === f.n);
  const { agg, distinct } = blocks;
  const nc = distinct.length;
  const pattern = coarsePattern(f, agg, nc);
  const { inPtr, inSrc } = pattern;
  const coarse: Level = {
    n: nc, codes: distinct, radices, inPtr, inSrc,
    inRate: new Float64Array(inSrc.length), inWeight: new Float64Array(inSrc.length), exit: new Float64Array(nc), x: new Float64Array(nc),
  };
  return {
    coarse, agg, ...feeds(f, pattern), scratch: new Float64Array(nc),
    omega: isotropic ? 2 : 1,
    visits: 3 * nc <= f.n ? 2 : 1,
  };
}

function buildHierarchy(g: SparseGenerator<number>): Hierarchy {
  const levels = [finestLevel(g)];
  const coarsenings: Coarsening[] = [];
  while (levels[levels.length - 1].n > DIRECT_LIMIT) {
    const fine = levels[levels.length - 1];
    const c = coarsen(fine);
    lump(fine, c); // coarse rates from the (uniform) start, for the next level's digit strengths
    coarsenings.push(c);
    levels.push(c.coarse);
  }
  const n = levels[levels.length - 1].n;
  const dense = { n, lower: n - 1, upper: n - 1, width: 2 * n - 1, data: new Float64Array(n * (2 * n - 1)) };
  return { levels, coarsenings, dense };
}

// ---------------------------------------------------------------- cycle

/** Gauss-Seidel update of state j. */
function relax(inPtr: Int32Array, inSrc: Int32Array, inWeight: Float64Array, x: Float64Array, j: number): void {
  let s = 0;
  for (let p = inPtr[j]; p < inPtr[j + 1]; p++) s += x[inSrc[p]] * inWeight[p];
  x[j] = s > FLOOR ? s : FLOOR;
}

/** A forward and a backward Gauss-Seidel sweep. */
function smooth(L: Level): void {
  const { n, inPtr, inSrc, inWeight, x } = L;
  for (let j = 0; j < n; j++) relax(inPtr, inSrc, inWeight, x, j);
  for (let j = n - 1; j >= 0; j--) relax(inPtr, inSrc, inWeight, x, j);
}

/** Step 2: coarse rates weighted by the fine iterate; the coarse iterate is the block mass. */
function lump(f: Level, c: Coarsening): void {
  const { coarse, agg, feedPtr, feedSlot, feedSrc, scratch: mass } = c;
  const { x, inRate } = f;
  mass.fill(0);
  for (let i = 0; i < f.n; i++) mass[agg[i]] += x[i];
  const rate = coarse.inRate;
  coarse.exit.fill(0);
  for (let e = 0; e < rate.length; e++) {
    let s = 0;
    for (let t = feedPtr[e]; t < feedPtr[e + 1]; t++) s += x[feedSrc[t]] * inRate[feedSlot[t]];
    const I = coarse.inSrc[e];
    rate[e] = s / mass[I];
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
    const capped = ratio > CAP_HIGH ? CAP_HIGH : ratio < CAP_LOW ? CAP_LOW : ratio;
    factor[I] = ratio * (extra === 1 ? capped : Math.pow(capped, extra));
  }
  for (let i = 0; i < f.n; i++) {
    const v = f.x[i] * factor[agg[i]];
    f.x[i] = v > FLOOR ? v : FLOOR;
  }
}

/**
 * Dense GTH (eliminate the last state first, pivots are rates to lower states),
 * keeping the level's mass; `a` is n x n scratch.
 */
function solveDirect(L: Level, a: BandMatrix): void {
  const n = L.n;
  a.data.fill(0);
  for (let j = 0; j < n; j++) {
    for (let p = L.inPtr[j]; p < L.inPtr[j + 1]; p++) {
      const i = L.inSrc[p];
      a.data[i * a.width + (j - i + a.lower)] += L.inRate[p];
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
    L.x[i] = v > FLOOR ? v : FLOOR;
  }
}

function cycle(h: Hierarchy, l: number): void {
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

// ---------------------------------------------------------------- driver (finest level)

function normalize(x: Float64Array): void {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  for (let i = 0; i < x.length; i++) x[i] /= s;
}

/** r = x Q into `out`; returns max_j |r_j|. */
function residualInto(L: Level, out: Float64Array): number {
  const { n, inPtr, inSrc, inWeight, x, exit } = L;
  let max = 0;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let p = inPtr[j]; p < inPtr[j + 1]; p++) s += x[inSrc[p]] * inWeight[p];
    const r = (s - x[j]) * exit[j];
    out[j] = r;
    max = Math.max(max, Math.abs(r));
  }
  return max;
}

function distance1(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** c minimising c^T G c subject to sum c = 1: c = G^{-1} 1 / (1^T G^{-1} 1); null if G is singular. */
function affineMinimizer(G: number[][]): number[] | null {
  const m = G.length;
  const a = G.map((row, i) => [...row.map((v, j) => (i === j ? v * (1 + 1e-13) : v)), 1]);
  for (let k = 0; k < m; k++) {
    let piv = k;
    for (let i = k + 1; i < m; i++) if (Math.abs(a[i][k]) > Math.abs(a[piv][k])) piv = i;
    [a[k], a[piv]] = [a[piv], a[k]];
    if (a[k][k] === 0) return null;
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
  const total = c.reduce((p, q) => p + q, 0);
  return Number.isFinite(total) && total !== 0 ? c.map((v) => v / total) : null;
}

/** The last few cycle outputs with their residual vectors and Gram matrix, for recombination. */
class History {
  private readonly xs: Float64Array[] = [];
  private readonly rs: Float64Array[] = [];
  private gram: number[][] = [];
  private readonly spare: [Float64Array, Float64Array][] = [];

  constructor(private readonly n: number, private readonly capacity: number) {}

  push(x: Float64Array, r: Float64Array): void {
    if (this.xs.length === this.capacity) this.drop(1);
    const [bx, br] = this.spare.pop() ?? [new Float64Array(this.n), new Float64Array(this.n)];
    bx.set(x);
    br.set(r);
    this.xs.push(bx);
    this.rs.push(br);
    const dots = this.rs.map((ri) => dot(ri, br));
    this.gram.forEach((row, i) => row.push(dots[i]));
    this.gram.push(dots);
  }

  /** Keeps only the newest entry. */
  reset(): void {
    this.drop(this.xs.length - 1);
  }

  /**
   * Writes the recombination into `out` and returns true when its residual is
   * certainly below `current`: r is linear in x, so sum c_k r_k is its residual,
   * up to the entries raised to FLOOR (raising x_j by d changes any (x Q)_k by
   * at most d q_j) and the renormalisation (a division by the sum).
   */
  recombine(out: Float64Array, exit: Float64Array, current: number): boolean {
    if (this.xs.length < 2) return false;
    const c = affineMinimizer(this.gram);
    if (c === null) return false;
    let predicted = 0;
    let raised = 0;
    let sum = 0;
    for (let j = 0; j < this.n; j++) {
      let x = 0;
      let r = 0;
      for (let k = 0; k < c.length; k++) {
        x += c[k] * this.xs[k][j];
        r += c[k] * this.rs[k][j];
      }
      if (!(x > FLOOR)) {
        raised += (FLOOR - x) * exit[j];
        x = FLOOR;
      }
      out[j] = x;
      sum += x;
      predicted = Math.max(predicted, Math.abs(r));
    }
    if (!((predicted + raised) / sum < current)) return false;
    for (let j = 0; j < this.n; j++) out[j] /= sum;
    return true;
  }

  private drop(count: number): void {
    for (let k = 0; k < count; k++) this.spare.push([this.xs.shift()!, this.rs.shift()!]);
    this.gram = this.gram.slice(count).map((row) => row.slice(count));
  }
}

/**
 * Estimate of the remaining error ||x_k - x*||_1 from the steps s_i = ||x_i - x_{i-1}||_1:
 * the tail s_k (rho + rho^2 + ...) of a geometric series, rho the largest step ratio
 * over the last three cycles (capped at 0.99), and never less than s_k itself.
 */
function errorEstimateFrom(steps: number[]): number {
  const k = steps.length - 1;
  let rho = 0;
  for (let i = Math.max(1, k - 2); i <= k; i++) if (steps[i - 1] > 0) rho = Math.max(rho, steps[i] / steps[i - 1]);
  rho = Math.min(rho, 0.99);
  return steps[k] * Math.max(1, rho / (1 - rho));
}

/** A chain small enough for one dense solve. */
function singleSolve(L: Level, dense: BandMatrix, tolerance: number): IterativeResult {
  solveDirect(L, dense);
  normalize(L.x);
  const residual = residualInto(L, new Float64Array(L.n));
  return { pi: L.x, residual, iterations: 1, converged: residual <= tolerance, errorEstimate: L.n ** 3 * Number.EPSILON };
}

export function solveIterative(g: SparseGenerator<number>, opts: IterativeOptions = {}): IterativeResult {
  const tolerance = opts.tolerance ?? 1e-12;
  const maxIterations = Math.max(1, opts.maxIterations ?? DEFAULT_MAX_ITERATIONS);
  const h = buildHierarchy(g);
  const top = h.levels[0];
  if (opts.initial) {
    top.x.set(opts.initial);
    normalize(top.x);
  }
  if (h.coarsenings.length === 0) {
    const single = singleSolve(top, h.dense, tolerance);
    opts.onProgress?.(1, single.residual);
    return single;
  }
  const r = new Float64Array(top.n);
  const before = new Float64Array(top.n);
  const history = new History(top.n, HISTORY + 1);
  const steps: number[] = [];
  let residual = Infinity;
  let iterations = 0;
  while (iterations < maxIterations) {
    before.set(top.x);
    cycle(h, 0);
    normalize(top.x);
    iterations++;
    steps.push(distance1(top.x, before));
    residual = residualInto(top, r);
    opts.onProgress?.(iterations, residual);
    if (!(residual > tolerance) || iterations === maxIterations) break; // also stops on NaN
    history.push(top.x, r);
    if (history.recombine(before, top.exit, residual)) top.x.set(before);
    else history.reset();
  }
  return { pi: top.x, residual, iterations, converged: residual <= tolerance, errorEstimate: errorEstimateFrom(steps) };
}
