/**
 * The iterative solver's levels (see iterative.ts for the method). Level l+1 lumps
 * the states of level l whose digits agree after halving some digits
 * (d -> floor(d/2)): blocks of 2 x 2 x ... neighbours. Normally every digit is
 * halved; digits moved by much weaker transitions than the strongest are left
 * whole (semi-coarsening, for anisotropic chains), and no level shrinks the code
 * space more than MAX_REDUCTION-fold (many digits of small radix). Which fine
 * transition feeds which coarse one is worked out once here; the coarse rates
 * are refreshed from the current iterate in every cycle (iterative-cycle.ts).
 */
import { codeSpace, decodeInto } from '../core/mixed-radix.ts';
import { exitRates, incoming, type Incoming, type SparseGenerator } from './generator.ts';
import type { BandMatrix } from './gth.ts';
import { lump } from './iterative-cycle.ts';
import { lowerBound } from './state-index.ts';

/** Levels with at most this many states are solved by dense GTH (about n^3/3 = 0.7 M multiply-adds at 128 per visit). */
const DIRECT_LIMIT = 128;
/** Halve digits while the code space shrinks at most this much per level (four digits halved at once). */
const MAX_REDUCTION = 16;
/**
 * Digits moved at least this fraction as strongly as the strongest one are halved
 * together: digits within a factor 8 of the strongest coarsen isotropically, those
 * 20-50x weaker (the anisotropic chains of test/iterative.test.ts) are left whole.
 */
const STRONG = 0.125;
/** Target states sampled to measure digit strengths: a fixed cost per level however large the chain. */
const STRENGTH_SAMPLE = 1 << 14;

/** One level: the chain by incoming transitions, and its iterate. */
export interface Level {
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
export interface Coarsening {
  readonly coarse: Level;
  /** Fine state -> coarse state. */
  readonly agg: Int32Array;
  /** The fine slots of transitions between blocks, grouped by the coarse transition they feed. */
  readonly feedPtr: Int32Array;
  /** The source state of each of those transitions. */
  readonly feedSrc: Int32Array;
  /**
   * Their rates, one of two ways: copied once in feed order where the fine
   * rates never change (the finest level, the chain itself: lump then reads
   * them in sequence, not scattered over the level's slots), else the fine slot
   * whose rate lump reads in each cycle (a coarse level's rates follow the iterate).
   */
  readonly feedRate?: Float64Array;
  readonly feedSlot?: Int32Array;
  /** Per coarse state: block mass x_I, then the correction factor. */
  readonly scratch: Float64Array;
  readonly omega: number;
  /** Coarse cycles per visit: 1 (V-cycle) or 2 (W-cycle). */
  readonly visits: number;
}

export interface Hierarchy {
  readonly levels: Level[];
  readonly coarsenings: Coarsening[];
  /** Scratch for the dense solve of the coarsest level (a full band). */
  readonly dense: BandMatrix;
}

// ---------------------------------------------------------------- setup

export function finestLevel(g: SparseGenerator<number>): Level {
  const { inPtr, inSrc, inRate } = incoming(g) as Incoming<number> & { inRate: Float64Array };
  const exit = exitRates(g);
  const inWeight = new Float64Array(inSrc.length);
  for (let j = 0; j < g.n; j++) {
    for (let p = inPtr[j]; p < inPtr[j + 1]; p++) inWeight[p] = inRate[p] / exit[j];
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
function feeds(f: Level, pattern: Pattern, fixedRates: boolean): Pick<Coarsening, 'feedPtr' | 'feedSrc' | 'feedRate' | 'feedSlot'> {
  const { edgeMap } = pattern;
  const feedPtr = new Int32Array(pattern.inSrc.length + 1);
  for (let p = 0; p < edgeMap.length; p++) if (edgeMap[p] >= 0) feedPtr[edgeMap[p] + 1]++;
  for (let e = 0; e < pattern.inSrc.length; e++) feedPtr[e + 1] += feedPtr[e];
  const fill = feedPtr.slice(0, pattern.inSrc.length);
  const m = feedPtr[pattern.inSrc.length];
  // Loops over the fine slots in order, each written at its feed's place.
  const feedSrc = new Int32Array(m);
  const feedRate = fixedRates ? new Float64Array(m) : undefined;
  const feedSlot = fixedRates ? undefined : new Int32Array(m);
  for (let p = 0; p < edgeMap.length; p++) {
    if (edgeMap[p] < 0) continue;
    const t = fill[edgeMap[p]]++;
    feedSrc[t] = f.inSrc[p];
    if (feedRate) feedRate[t] = f.inRate[p];
    else feedSlot![t] = p;
  }
  return { feedPtr, feedSrc, ...(feedRate ? { feedRate } : { feedSlot }) };
}

/** Level f's coarsening; fixedRates when f's rates never change (the finest level). */
function coarsen(f: Level, fixedRates: boolean): Coarsening {
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
    coarse, agg, ...feeds(f, pattern, fixedRates), scratch: new Float64Array(nc),
    omega: isotropic ? 2 : 1,
    visits: 3 * nc <= f.n ? 2 : 1,
  };
}

export function buildHierarchy(g: SparseGenerator<number>): Hierarchy {
  const levels = [finestLevel(g)];
  const coarsenings: Coarsening[] = [];
  while (levels[levels.length - 1].n > DIRECT_LIMIT) {
    const fine = levels[levels.length - 1];
    const c = coarsen(fine, levels.length === 1);
    lump(fine, c); // coarse rates from the (uniform) start, for the next level's digit strengths
    coarsenings.push(c);
    levels.push(c.coarse);
  }
  const n = levels[levels.length - 1].n;
  const dense = { n, lower: n - 1, upper: n - 1, width: 2 * n - 1, data: new Float64Array(n * (2 * n - 1)) };
  return { levels, coarsenings, dense };
}
