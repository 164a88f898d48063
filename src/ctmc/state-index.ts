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

class HashIndex implements StateIndex {
  private keys = new Float64Array(1 << 16).fill(-1);
  private vals = new Int32Array(1 << 16);
  private size = 0;

  private slot(code: number, keys: Float64Array): number {
    const mask = keys.length - 1;
    const hi = Math.floor(code / 4294967296);
    let h = (Math.imul(code | 0, 0x9e3779b1) ^ Math.imul(hi, 0x85ebca6b)) >>> 0;
    h ^= h >>> 15;
    let i = h & mask;
    while (keys[i] !== -1 && keys[i] !== code) i = (i + 1) & mask;
    return i;
  }

  get(code: number): number {
    const i = this.slot(code, this.keys);
    return this.keys[i] === code ? this.vals[i] : -1;
  }

  set(code: number, index: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const i = this.slot(code, this.keys);
    if (this.keys[i] === -1) this.size++;
    this.keys[i] = code;
    this.vals[i] = index;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    this.keys = new Float64Array(oldKeys.length * 2).fill(-1);
    this.vals = new Int32Array(oldKeys.length * 2);
    for (let j = 0; j < oldKeys.length; j++) {
      if (oldKeys[j] === -1) continue;
      const i = this.slot(oldKeys[j], this.keys);
      this.keys[i] = oldKeys[j];
      this.vals[i] = oldVals[j];
    }
  }
}

export function createStateIndex(radices: readonly number[]): StateIndex {
  const space = codeSpace(radices);
  return space <= DENSE_LIMIT ? new DenseIndex(space) : new HashIndex();
}

/** The index of each code in `codes` (state i has code codes[i]). */
export function indexStates(codes: Float64Array, radices: readonly number[]): StateIndex {
  const index = createStateIndex(radices);
  for (let i = 0; i < codes.length; i++) index.set(codes[i], i);
  return index;
}
