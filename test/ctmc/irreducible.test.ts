/**
 * returningStates: the states that can reach the initial one, by reverse
 * search; given states already known to return (a projection round's last
 * set), the search over the rest finds the same states.
 */
import { describe, expect, it } from 'vitest';
import type { SparseGenerator } from '../../src/ctmc/explore/generator.ts';
import { returningStates } from '../../src/ctmc/explore/irreducible.ts';

/** A generator from adjacency lists (rates 1). */
function generator(rows: number[][], initial = 0): SparseGenerator<number> {
  const rowPtr = new Int32Array(rows.length + 1);
  rows.forEach((r, i) => (rowPtr[i + 1] = rowPtr[i] + r.length));
  return {
    n: rows.length,
    codes: Float64Array.from(rows.keys()),
    radices: [rows.length],
    rowPtr,
    col: Int32Array.from(rows.flat()),
    rate: new Float64Array(rowPtr[rows.length]).fill(1),
    initial,
  };
}

/**
 * A random sparse digraph: every sixth state is a dead end (its one out-edge leads to the next dead end); the others point at i >> 1 and at up to two
 * random states.
 */
function randomRows(n: number, seed: number): number[][] {
  let x = seed >>> 0;
  const next = (m: number): number => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) % m;
  const dead = (i: number): boolean => i > 0 && i % 6 === 0;
  return Array.from({ length: n }, (_, i) => {
    if (dead(i)) return i + 6 < n ? [i + 6] : [];
    const out = Array.from({ length: next(3) }, () => next(n));
    out.push(i >> 1); // toward 0, unless a dead end lies on the way
    return out.filter((j) => j !== i);
  });
}

describe('returningStates', () => {
  it('marks the states with a path back to the initial state', () => {
    // 0 -> 1 -> 2, 1 -> 0, 2 -> 3, 3 a dead end; 4 -> 1
    const g = generator([[1], [2, 0], [3], [], [1]]);
    expect(Array.from(returningStates(g))).toEqual([1, 1, 0, 0, 1]);
  });

  it('gives the same states when some of them are known to return (none, some, all, the initial one left out)', () => {
    for (const seed of [1, 2, 3]) {
      const g = generator(randomRows(600, seed));
      const plain = returningStates(g);
      const returning = Array.from(plain.keys()).filter((i) => plain[i]);
      expect(returning.length).toBeGreaterThan(50);
      expect(returning.length).toBeLessThan(600);
      const subsets = [[], returning, returning.filter((_, k) => k % 3 === 0), returning.filter((i) => i !== 0 && i % 2 === 1)];
      for (const subset of subsets) {
        const known = new Uint8Array(g.n);
        for (const i of subset) known[i] = 1;
        expect(Array.from(returningStates(g, known))).toEqual(Array.from(plain));
      }
    }
  });
});
