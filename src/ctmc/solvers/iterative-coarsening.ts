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
import { codeSpace, decodeInto } from '../../core/mixed-radix.ts';
import { exitRates, takeIncoming, type Incoming, type SparseGenerator } from '../explore/generator.ts';
import type { BandMatrix } from './gth.ts';
import { lump } from './iterative-cycle.ts';
import { MaxHeap } from '../../core/max-heap.ts';

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
  /**
   * q_ij for the incoming transition i -> j at slot p of j. Absent on the finest
   * level of a hierarchy with coarse levels: its rates are read only while its
   * coarsening is built (whose feeds keep the ones lump reads), then the weights
   * are written over them (a vector of the transitions' size less per solve).
   */
  readonly inRate?: Float64Array;
  /** q_ij / q_j (Gauss-Seidel weights). */
  readonly inWeight: Float64Array;
  /** q_j, the exit rate. */
  readonly exit: Float64Array;
  readonly x: Float64Array;
}

/** A level whose rates are at hand: every coarse level, and the finest one while its coarsening is built. */
type RatedLevel = Omit<Level, 'inWeight'> & { readonly inRate: Float64Array };

/**
 * The feeds of the finest level, whose rates never change (it keeps none: its
 * weights are written over them): grouped by the coarse transition they feed
 * (ptr), in fine slot order within each, their sources and rates copied in that
 * order, so that lump sums each coarse rate in sequence.
 */
export interface CopiedFeeds {
  readonly kind: 'copied';
  readonly ptr: Int32Array;
  readonly src: Int32Array;
  readonly rate: Float64Array;
}

/**
 * The feeds of a coarse level, whose rates follow the iterate: in fine slot
 * order, the slot and the coarse transition of each; lump reads the level's
 * sources and rates in order and adds into the coarse rates (a gather of the
 * rates through the slots, grouped, cost more on these small levels).
 */
export interface SlotFeeds {
  readonly kind: 'slots';
  readonly slot: Int32Array;
  readonly edge: Int32Array;
}

/** How level l lumps into level l+1. */
export interface Coarsening {
  readonly coarse: Level & RatedLevel;
  /** Fine state -> coarse state. */
  readonly agg: Int32Array;
  /** The fine transitions between blocks, each feeding the coarse transition between their blocks. */
  readonly feeds: CopiedFeeds | SlotFeeds;
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

/** The chain by incoming transitions (its transpose, which the level owns: takeIncoming), before its weights. */
function finestRates(g: SparseGenerator<number>): RatedLevel {
  const { inPtr, inSrc, inRate } = takeIncoming(g) as Incoming<number> & { inRate: Float64Array };
  const x = new Float64Array(g.n).fill(1 / g.n);
  return { n: g.n, codes: g.codes, radices: g.radices, inPtr, inSrc, inRate, exit: exitRates(g), x };
}

/** The finest level: its weights q_ij / q_j, written over its rates when nothing reads them any more (overwrite). */
function weighted(L: RatedLevel, overwrite: boolean): Level {
  const { inPtr, inRate, exit } = L;
  const inWeight = overwrite ? inRate : new Float64Array(inRate.length);
  for (let j = 0; j < L.n; j++) {
    for (let p = inPtr[j]; p < inPtr[j + 1]; p++) inWeight[p] = inRate[p] / exit[j];
  }
  const { n, codes, radices, inSrc, x } = L;
  return { n, codes, radices, inPtr, inSrc, ...(overwrite ? {} : { inRate }), inWeight, exit, x };
}

/**
 * Total rate of the transitions that move each digit, over a sample of target
 * states (every state when there are few).
 */
function digitStrength(L: RatedLevel): Float64Array {
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

/**
 * Codes of the states after halving the chosen digits, in the halved radices, and
 * each state's parity class: bit b is the low bit of the b-th halved digit. The
 * digits are read off as the code is divided down, until it is 0 (the digits
 * above are 0: a queue profile's code ends long before its many digits do).
 */
function halvedCodes(
  codes: Float64Array,
  radices: readonly number[],
  halve: boolean[],
): { codes: Float64Array; radices: number[]; parity: Uint8Array; classes: number } {
  const coarseRadices = radices.map((r, k) => (halve[k] ? Math.ceil(r / 2) : r));
  const weight = new Float64Array(radices.length);
  for (let k = 0, w = 1; k < radices.length; w *= coarseRadices[k], k++) weight[k] = w;
  const shift = Int32Array.from(halve, (h) => (h ? 1 : 0));
  const bit = new Int32Array(radices.length); // 1 << b for the b-th halved digit, 0 for a digit kept whole
  let classes = 1;
  for (let k = 0; k < radices.length; k++) {
    if (!halve[k]) continue;
    bit[k] = classes;
    classes *= 2;
  }
  const out = new Float64Array(codes.length);
  const parity = new Uint8Array(codes.length);
  for (let i = 0; i < codes.length; i++) {
    let rest = codes[i];
    let c = 0;
    let odd = 0;
    for (let k = 0; rest > 0; k++) {
      const q = Math.floor(rest / radices[k]);
      const digit = rest - q * radices[k];
      rest = q;
      c += (digit >> shift[k]) * weight[k];
      if (digit & 1) odd |= bit[k];
    }
    out[i] = c;
    parity[i] = odd;
  }
  return { codes: out, radices: coarseRadices, parity, classes };
}

/** The states' blocks (fine state -> block) and each block's code, increasing. */
interface Blocks {
  readonly agg: Int32Array;
  readonly distinct: Float64Array;
}

/**
 * Numbers the distinct block codes in increasing order, for the halved codes of
 * states in increasing code order: a dense table when the code space is small,
 * else a merge. The merge rests on this: two states of the same parity class
 * (halvedCodes) whose codes differ first (from the most significant digit) in
 * digit k differ there by at least 2 if k is halved, so their halved codes keep
 * their order, strictly; every class's halved codes are thus increasing in state
 * order, and the blocks in order are the merge of the (at most 2^7) classes.
 */
function numberBlocks(halved: { codes: Float64Array; parity: Uint8Array; classes: number }, space: number): Blocks {
  const { codes, parity, classes } = halved;
  const n = codes.length;
  const agg = new Int32Array(n);
  if (space <= 4 * n) {
    const blockOf = new Int32Array(space); // 0: absent, else block index + 1
    for (let i = 0; i < n; i++) blockOf[codes[i]] = 1;
    const found: number[] = [];
    for (let c = 0; c < space; c++) if (blockOf[c] === 1) blockOf[c] = found.push(c);
    for (let i = 0; i < n; i++) agg[i] = blockOf[codes[i]] - 1;
    return { agg, distinct: Float64Array.from(found) };
  }
  // The states of each class in order (a counting sort by class), then a heap of the classes by their next halved code.
  const start = new Int32Array(classes + 1);
  for (let i = 0; i < n; i++) start[parity[i] + 1]++;
  for (let k = 0; k < classes; k++) start[k + 1] += start[k];
  const next = start.slice(0, classes);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[next[parity[i]]++] = i;
  const end = start.subarray(1);
  next.set(start.subarray(0, classes));
  // Classes by the halved code of their next state, smallest first (keys negated: a max-heap).
  const heap = new MaxHeap(classes);
  for (let k = 0; k < classes; k++) if (next[k] < end[k]) heap.push(-codes[order[next[k]]], k);
  const distinct = new Float64Array(n);
  let m = 0;
  while (heap.size > 0) {
    const k = heap.top();
    const i = order[next[k]++];
    const c = codes[i];
    if (m === 0 || distinct[m - 1] !== c) distinct[m++] = c;
    agg[i] = m - 1;
    if (next[k] < end[k]) heap.replaceTop(-codes[order[next[k]]], k);
    else heap.pop();
  }
  return { agg, distinct: distinct.slice(0, m) };
}

/**
 * The blocks of states with increasing codes (in `radices`) after halving the
 * chosen digits: each state's block, the blocks' codes (increasing) and radices.
 */
export function halvedBlocks(codes: Float64Array, radices: readonly number[], halve: boolean[]): Blocks & { radices: number[] } {
  const halved = halvedCodes(codes, radices, halve);
  return { ...numberBlocks(halved, codeSpace(halved.radices)), radices: halved.radices };
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
  /** The feeds of each coarse slot counted, shifted by one (a prefix sum makes it CopiedFeeds.ptr). */
  readonly feedCount: Int32Array;
}

/** The coarse transition pattern (incoming CSR), the map from fine slots to coarse slots, and the feeds per coarse slot. */
function coarsePattern(f: RatedLevel, agg: Int32Array, nc: number): Pattern {
  const { ptr, members } = blockMembers(agg, nc);
  const edgeMap = new Int32Array(f.inSrc.length);
  const lastTarget = new Int32Array(nc).fill(-1);
  const slotOf = new Int32Array(nc);
  const inPtr = new Int32Array(nc + 1);
  // At most one coarse transition per fine slot: sized so, trimmed below (pages never written are never mapped).
  const inSrc = new Int32Array(f.inSrc.length);
  const feedCount = new Int32Array(f.inSrc.length + 1);
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
        feedCount[slotOf[I] + 1]++;
      }
    }
    inPtr[J + 1] = m;
  }
  return { inPtr, inSrc: inSrc.slice(0, m), edgeMap, feedCount: feedCount.slice(0, m + 1) };
}

/** The feeds, copied (the finest level: fixedRates) or by slot. */
function feeds(f: RatedLevel, pattern: Pattern, fixedRates: boolean): CopiedFeeds | SlotFeeds {
  const { edgeMap, feedCount } = pattern;
  const edges = pattern.inSrc.length;
  for (let e = 0; e < edges; e++) feedCount[e + 1] += feedCount[e];
  const between = feedCount[edges];
  if (!fixedRates) {
    const slot = new Int32Array(between);
    const edge = new Int32Array(between);
    for (let p = 0, u = 0; p < edgeMap.length; p++) {
      if (edgeMap[p] < 0) continue;
      slot[u] = p;
      edge[u++] = edgeMap[p];
    }
    return { kind: 'slots', slot, edge };
  }
  // A counting sort: the fine slots in order, each written at its place in its coarse transition's group.
  const fill = feedCount.slice(0, edges);
  const src = new Int32Array(between);
  const rate = new Float64Array(between);
  for (let p = 0; p < edgeMap.length; p++) {
    if (edgeMap[p] < 0) continue;
    const t = fill[edgeMap[p]]++;
    src[t] = f.inSrc[p];
    rate[t] = f.inRate[p];
  }
  return { kind: 'copied', ptr: feedCount, src, rate };
}

/** Level f's coarsening; fixedRates when f's rates never change (the finest level). */
function coarsen(f: RatedLevel, fixedRates: boolean): Coarsening {
  // Halve until some states merge (codes may be sparse, e.g. only even digits occur);
  // a repeat halves the blocks' codes (increasing, as numberBlocks needs) and composes the maps.
  let codes = f.codes;
  let radices = f.radices;
  const strength = digitStrength(f);
  let isotropic = true;
  let agg: Int32Array | undefined;
  do {
    const halve = digitsToHalve(radices, strength);
    isotropic = radices.every((r, k) => halve[k] || r === 1 || strength[k] === 0);
    const blocks = halvedBlocks(codes, radices, halve);
    radices = blocks.radices;
    codes = blocks.distinct;
    agg = agg ? agg.map((b) => blocks.agg[b]) : blocks.agg;
  } while (codes.length === f.n);
  const nc = codes.length;
  const pattern = coarsePattern(f, agg, nc);
  const { inPtr, inSrc } = pattern;
  const coarse: Coarsening['coarse'] = {
    n: nc,
    codes,
    radices,
    inPtr,
    inSrc,
    inRate: new Float64Array(inSrc.length),
    inWeight: new Float64Array(inSrc.length),
    exit: new Float64Array(nc),
    x: new Float64Array(nc),
  };
  return {
    coarse,
    agg,
    feeds: feeds(f, pattern, fixedRates),
    scratch: new Float64Array(nc),
    omega: isotropic ? 2 : 1,
    visits: 3 * nc <= f.n ? 2 : 1,
  };
}

export function buildHierarchy(g: SparseGenerator<number>): Hierarchy {
  const finest = finestRates(g);
  const coarsenings: Coarsening[] = [];
  for (let fine = finest; fine.n > DIRECT_LIMIT; ) {
    const c = coarsen(fine, fine === finest);
    lump(fine, c); // coarse rates from the (uniform) start, for the next level's digit strengths
    coarsenings.push(c);
    fine = c.coarse;
  }
  const levels = [weighted(finest, coarsenings.length > 0), ...coarsenings.map((c) => c.coarse)];
  const n = levels[levels.length - 1].n;
  const dense = { n, lower: n - 1, upper: n - 1, width: 2 * n - 1, data: new Float64Array(n * (2 * n - 1)) };
  return { levels, coarsenings, dense };
}
