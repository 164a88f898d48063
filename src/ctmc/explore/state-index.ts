/**
 * Maps packed state codes to indices without allocating per state: a dense table
 * when the code space is small, otherwise open addressing on a Float64Array.
 */
import { codeSpace } from '../../core/mixed-radix.ts';

const DENSE_LIMIT = 1 << 25;

export interface StateIndex {
  /** The index stored for `code`, or -1. */
  get(code: number): number;
  set(code: number, index: number): void;
}

class DenseIndex implements StateIndex {
  private readonly table: Int32Array;
  constructor(space: number) {
    this.table = new Int32Array(space).fill(-1);
  }
  get(code: number): number {
    return this.table[code];
  }
  set(code: number, index: number): void {
    this.table[code] = index;
  }
}

/**
 * Linear probing at load <= 1/2 over one Float64Array of (code, index) pairs:
 * a lookup in a table far larger than the cache costs one miss, not one for the
 * key and another for the value.
 */
class HashIndex implements StateIndex {
  private table: Float64Array;
  private size = 0;

  constructor(expected: number) {
    this.table = HashIndex.empty(Math.max(1 << 16, 2 ** Math.ceil(Math.log2(2 * expected + 2))));
  }

  /** A table of `slots` (code, index) pairs, every code -1 (empty). */
  private static empty(slots: number): Float64Array {
    const t = new Float64Array(2 * slots);
    for (let i = 0; i < t.length; i += 2) t[i] = -1;
    return t;
  }

  /** The position (even) of `code`'s pair in `table`, or of the empty slot where it would go. */
  private static slot(code: number, table: Float64Array): number {
    const mask = table.length / 2 - 1;
    const hi = Math.floor(code / 4294967296);
    let h = (Math.imul(code | 0, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca6b)) >>> 0;
    h ^= h >>> 15;
    let i = h & mask;
    while (table[2 * i] !== -1 && table[2 * i] !== code) i = (i + 1) & mask;
    return 2 * i;
  }

  get(code: number): number {
    const i = HashIndex.slot(code, this.table);
    return this.table[i] === code ? this.table[i + 1] : -1;
  }

  set(code: number, index: number): void {
    if (4 * (this.size + 1) > this.table.length) this.grow();
    const i = HashIndex.slot(code, this.table);
    if (this.table[i] === -1) this.size++;
    this.table[i] = code;
    this.table[i + 1] = index;
  }

  private grow(): void {
    const old = this.table;
    this.table = HashIndex.empty(old.length);
    for (let j = 0; j < old.length; j += 2) {
      if (old[j] === -1) continue;
      const i = HashIndex.slot(old[j], this.table);
      this.table[i] = old[j];
      this.table[i + 1] = old[j + 1];
    }
  }
}

/** An empty index for codes in these radices; `expected` (how many codes it will hold, if known) sizes a hash table once. */
export function createStateIndex(radices: readonly number[], expected = 0): StateIndex {
  const space = codeSpace(radices);
  return space <= DENSE_LIMIT ? new DenseIndex(space) : new HashIndex(expected);
}

/** The index of each code in `codes` (state i has code codes[i]). */
export function indexStates(codes: Float64Array, radices: readonly number[]): StateIndex {
  const index = createStateIndex(radices, codes.length);
  for (let i = 0; i < codes.length; i++) index.set(codes[i], i);
  return index;
}

/** Distinct successor offsets (target code - source code) a SortedLookup keeps a cursor for; past that it searches the whole list. */
const OFFSET_SLOTS = 1024;

/**
 * The index in `codes` (increasing) of a successor of a state, for sources
 * visited in increasing code order (an explorer emitting the rows of a sorted
 * state set). Targets at one offset from their sources then increase with the
 * source, so each offset keeps a cursor that only moves forward (galloping):
 * a merge join of the sorted codes with each offset's targets. The lookups stay
 * near the last ones, in cache, where a hash table of a large set misses the
 * cache on almost every lookup. A chain has few offsets (one per digit change
 * an event makes: jsq-d, 2N).
 */
export class SortedLookup {
  private readonly offsets = new Float64Array(OFFSET_SLOTS).fill(NaN);
  private readonly cursors = new Int32Array(OFFSET_SLOTS);
  private used = 0;

  constructor(private readonly codes: Float64Array) {}

  /** The index of `target` (a successor of the state with code `source`), or -1 when it is not in the set. */
  get(source: number, target: number): number {
    const offset = target - source;
    const mask = OFFSET_SLOTS - 1;
    let i = (Math.imul((offset | 0) ^ (Math.floor(offset / 4294967296) | 0), 0x9e3779b1) >>> 20) & mask;
    while (!Number.isNaN(this.offsets[i]) && this.offsets[i] !== offset) i = (i + 1) & mask; // NaN marks an empty slot
    if (this.offsets[i] !== offset) {
      if (2 * this.used >= OFFSET_SLOTS) return this.found(lowerBound(this.codes, target, 0), target);
      this.offsets[i] = offset;
      this.cursors[i] = 0;
      this.used++;
    }
    const at = lowerBound(this.codes, target, this.cursors[i]);
    this.cursors[i] = at;
    return this.found(at, target);
  }

  private found(at: number, target: number): number {
    return at < this.codes.length && this.codes[at] === target ? at : -1;
  }
}

/** The first position >= from of a value >= v in the increasing array a (a.length if none), galloping from `from`. */
export function lowerBound(a: Float64Array, v: number, from = 0): number {
  const n = a.length;
  if (from >= n || a[from] >= v) return from;
  // a[lo] < v: double the step until a[hi] >= v, then bisect (lo, hi].
  let lo = from;
  let step = 1;
  let hi = lo + step;
  while (hi < n && a[hi] < v) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > n) hi = n;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The position of v in the increasing array a, or -1. A plain bisection, about
 * log2(n) reads: galloping from 0 (lowerBound) takes twice that for a value
 * near the end (grow checks one offered state per added one this way).
 */
export function sortedIndexOf(a: Float64Array, v: number): number {
  let lo = 0; // the answer lies in [lo, hi)
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo < a.length && a[lo] === v ? lo : -1;
}
