/**
 * Maps packed state codes to indices without allocating per state: a dense table
 * when the code space is small, otherwise open addressing on a Float64Array.
 */
import { codeSpace } from '../core/mixed-radix.ts';

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

/** A packed code (an integer below 2^53) mixed to 32 bits, both words: the start of its open-addressing probe. */
function hashCode(code: number): number {
  const hi = Math.floor(code / 4294967296);
  const h = (Math.imul(code | 0, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca6b)) >>> 0;
  return h ^ (h >>> 15);
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
    let i = hashCode(code) & mask;
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

/** Doubles per CodeRecords record: the code, then RECORD_FIELDS - 1 numbers. */
export const RECORD_FIELDS = 4;

/**
 * Records keyed by code, stored in the hash table itself: linear probing at
 * load <= 1/2 over one Float64Array of 4-double records, the record at
 * position r (a multiple of 4) being its code (stored + 1: a fresh, zeroed
 * table is empty without a pass over it) and its numbers table[r + 1 .. r + 3].
 * A probe that finds a code has its numbers in the same 32-byte record, one
 * cache miss, where a StateIndex's slot then indexes further arrays (grow:
 * table -> slot -> estimates -> kind, three misses on tables of hundreds of MB).
 * Positions change only when the table grows: reserve() first, then the
 * positions find() returns stay valid through that many inserts.
 */
export class CodeRecords {
  /** The records (read and write their numbers in place; re-read after reserve(), which may replace it). */
  table: Float64Array;
  size = 0;

  constructor(expected = 0) {
    this.table = new Float64Array(RECORD_FIELDS * Math.max(1 << 10, 2 ** Math.ceil(Math.log2(2 * expected + 2))));
  }

  /** The position of `code`'s record, or of the empty record where insert() would put it. */
  find(code: number): number {
    const t = this.table;
    const mask = t.length / RECORD_FIELDS - 1;
    const stored = code + 1;
    let i = hashCode(code) & mask;
    while (t[RECORD_FIELDS * i] !== 0 && t[RECORD_FIELDS * i] !== stored) i = (i + 1) & mask;
    return RECORD_FIELDS * i;
  }

  /** Whether the record at `at` is `code`'s. */
  holds(at: number, code: number): boolean {
    return this.table[at] === code + 1;
  }

  /** Whether the record at `at` is empty. */
  isEmpty(at: number): boolean {
    return this.table[at] === 0;
  }

  /** Makes room for `extra` more records, so that positions found after this stay valid through `extra` inserts. */
  reserve(extra: number): void {
    if (2 * RECORD_FIELDS * (this.size + extra) <= this.table.length) return;
    const old = this.table;
    let records = old.length / RECORD_FIELDS;
    while (2 * (this.size + extra) > records) records *= 2;
    this.table = new Float64Array(RECORD_FIELDS * records);
    for (let r = 0; r < old.length; r += RECORD_FIELDS) {
      if (old[r] === 0) continue;
      const at = this.find(old[r] - 1);
      for (let k = 0; k < RECORD_FIELDS; k++) this.table[at + k] = old[r + k];
    }
  }

  /** Stores `code` at `at`, the empty position find(code) returned since the last reserve(); its numbers are left to the caller (0 until set). */
  insert(at: number, code: number): void {
    this.table[at] = code + 1;
    this.size++;
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
    while (this.offsets[i] === this.offsets[i] && this.offsets[i] !== offset) i = (i + 1) & mask; // NaN marks an empty slot
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

/** Entries per node of a SortedSearch: 8 doubles, one 64-byte cache line. */
const FANOUT = 8;

/**
 * Repeated random lookups in one large increasing list, as sortedIndexOf
 * answers them: a static search tree over it (a B+-tree without pointers),
 * level j + 1 holding every FANOUT-th entry of level j, level 0 the list. A
 * lookup reads one node (one cache line) per level, the upper levels staying in
 * cache; a bisection of the whole list misses the cache at each of its last
 * levels, one line per level.
 */
export class SortedSearch {
  /** levels[0] is the list, levels[j + 1][i] = levels[j][FANOUT i]; the last has at most FANOUT entries. */
  private readonly levels: Float64Array[];

  constructor(codes: Float64Array) {
    this.levels = [codes];
    for (let level = codes; level.length > FANOUT; ) {
      const up = new Float64Array(Math.ceil(level.length / FANOUT));
      for (let i = 0; i < up.length; i++) up[i] = level[i * FANOUT];
      this.levels.push(up);
      level = up;
    }
  }

  /** The position of v in the list, or -1. */
  indexOf(v: number): number {
    const levels = this.levels;
    // at: the last entry <= v of the current level's node [from, to); in the top level, of all of it.
    let from = 0;
    let at = -1;
    for (let j = levels.length - 1; j >= 0; j--) {
      const level = levels[j];
      const to = Math.min(level.length, from + FANOUT);
      at = from - 1;
      while (at + 1 < to && level[at + 1] <= v) at++;
      if (at < from) return -1; // v below the node's first entry: below the whole list (every node's first entry is its parent's)
      from = at * FANOUT;
    }
    return levels[0][at] === v ? at : -1;
  }
}
