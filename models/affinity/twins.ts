/**
 * Twin groups of the affinity chain: groups of equal size and equal arrival
 * rate (mu1, mu2, d1 and d2 are common to all groups), so that swapping two of
 * them maps the chain onto itself. The lumped chain then keeps one state per
 * orbit: the blocks of twins in non-increasing lexicographic order. Rates into
 * an orbit add up (strong lumpability under a symmetry of the generator), and
 * the stationary law of the chain is symmetric, so a group's metric is the mean
 * over its twins. With servers 2,2 and equal lambdas this halves the states.
 */
import { binomial, decodeInto, encode, type Rational } from 'lbcheck';
import type { ClassBlock } from '../support/server-multiset.ts';

export interface Twins {
  /** Whether any two groups are twins (else every code is canonical). */
  readonly any: boolean;
  /** For each group, its twins (itself included), in group order. */
  readonly of: readonly (readonly number[])[];
  /** The code of the orbit's representative of the state `code`. */
  canonical(code: number): number;
  /** Number of lumped states, given each group's number of multisets. */
  count(perGroup: readonly number[]): number;
}

export function twinGroups(
  servers: readonly number[],
  lambda: readonly Rational[],
  blocks: readonly ClassBlock[],
  radices: readonly number[],
  w: Float64Array,
): Twins {
  const R = servers.length;
  const of = servers.map((c, g) => servers.flatMap((d, h) => (d === c && lambda[h].compare(lambda[g]) === 0 ? [h] : [])));
  const classes = of.filter((c, g) => c[0] === g && c.length > 1);
  const digits = new Int32Array(radices.length);
  const block = new Int32Array(Math.max(...servers));
  /** Block h's digits compared with block g's: > 0 when h's come first lexicographically. */
  const compare = (h: number, g: number): number => {
    const a = blocks[h].offset;
    const b = blocks[g].offset;
    for (let k = 0; k < blocks[g].size; k++) if (digits[a + k] !== digits[b + k]) return digits[a + k] - digits[b + k];
    return 0;
  };
  const swap = (h: number, g: number): void => {
    const a = blocks[h].offset;
    const b = blocks[g].offset;
    const size = blocks[g].size;
    block.set(digits.subarray(a, a + size));
    digits.copyWithin(a, b, b + size);
    digits.set(block.subarray(0, size), b);
  };
  return {
    any: classes.length > 0,
    of,
    canonical(code) {
      decodeInto(code, radices, digits);
      let moved = false;
      // Insertion sort of each class's blocks, non-increasing.
      for (const c of classes) {
        for (let i = 1; i < c.length; i++) {
          for (let j = i; j > 0 && compare(c[j], c[j - 1]) > 0; j--) {
            swap(c[j], c[j - 1]);
            moved = true;
          }
        }
      }
      return moved ? encode(digits, w) : code;
    },
    count(perGroup) {
      let n = 1;
      for (let g = 0; g < R; g++) if (of[g][0] === g) n *= Number(binomial(perGroup[g] + of[g].length - 1, of[g].length));
      return n;
    },
  };
}
