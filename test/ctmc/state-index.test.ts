/** The state index: the dense table and the open-addressing hash (code spaces past 2^25) agree with a Map. */
import { describe, expect, it } from 'vitest';
import { createStateIndex, indexStates, SortedLookup, sortedIndexOf } from '../../src/ctmc/explore/state-index.ts';

/** Deterministic codes in [0, space): two 32-bit LCG draws as one 64-bit number (codes past 2^32 exercise the hash's high word). */
function codes(count: number, space: number, seed: number): number[] {
  let x = seed >>> 0;
  const next = (): number => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((next() * 4294967296 + next()) % space);
  return out;
}

describe.each([
  ['dense (code space 2^20)', [1024, 1024]],
  ['hash (code space 2^34)', [65536, 65536, 4]],
])('%s', (_name, radices) => {
  const space = radices.reduce((a, b) => a * b, 1);

  it('returns what was stored, -1 for codes never stored, the last index for a code stored twice', () => {
    const index = createStateIndex(radices);
    const reference = new Map<number, number>();
    // 200,000 codes: the hash grows from 2^16 slots several times.
    const cs = codes(200_000, space, 7);
    cs.forEach((c, i) => {
      index.set(c, i);
      reference.set(c, i);
    });
    // Counted, not asserted one by one (200,000 expect calls would dominate the test).
    let wrong = 0;
    for (const [c, i] of reference) if (index.get(c) !== i) wrong++;
    expect(wrong).toBe(0);
    let misses = 0;
    let falseHits = 0;
    for (const c of codes(20_000, space, 99)) {
      if (reference.has(c)) continue;
      misses++;
      if (index.get(c) !== -1) falseHits++;
    }
    expect(misses).toBeGreaterThan(0);
    expect(falseHits).toBe(0);
    index.set(cs[0], 12345);
    expect(index.get(cs[0])).toBe(12345);
  });

  it('indexStates maps code i to i, including code 0 and the largest code', () => {
    const cs = Float64Array.from([0, space - 1, 1, space - 2, 4294967296 % space, 4294967297 % space].filter((c, i, a) => a.indexOf(c) === i));
    const index = indexStates(cs, radices);
    cs.forEach((c, i) => expect(index.get(c)).toBe(i));
  });
});

describe('SortedLookup', () => {
  /** Sorted distinct codes below 2^40 (past 2^32: the offset hash's high word). */
  const sorted = Float64Array.from(new Set(codes(50_000, 2 ** 40, 3))).sort();
  const position = new Map(Array.from(sorted, (c, i) => [c, i]));

  it.each([
    ['a few offsets (one cursor each)', [1, -1, 4096, -4096, 2 ** 33, -(2 ** 33)]],
    ['more offsets than it keeps cursors for (the rest searched from the start)', Array.from({ length: 1500 }, (_, k) => (k % 2 ? -1 : 1) * (k * 7919 + 1))],
  ])('finds successors of sources visited in increasing order like a Map: %s', (_name, offsets) => {
    const lookup = new SortedLookup(sorted);
    let wrong = 0;
    let hits = 0;
    for (let i = 0; i < sorted.length; i++) {
      // each source asks for a rotating handful of offsets, and for its own neighbours in the set
      for (let k = 0; k < 4; k++) {
        const target = sorted[i] + offsets[(i + k) % offsets.length];
        const want = position.get(target) ?? -1;
        if (lookup.get(sorted[i], target) !== want) wrong++;
      }
      for (const j of [i - 1, i + 1, i + 7]) {
        if (j < 0 || j >= sorted.length) continue;
        hits++;
        if (lookup.get(sorted[i], sorted[j]) !== j) wrong++;
      }
    }
    expect(hits).toBeGreaterThan(100_000);
    expect(wrong).toBe(0);
  });

  it('answers -1 past either end and finds the first and last code', () => {
    const lookup = new SortedLookup(sorted);
    expect(lookup.get(sorted[0], sorted[0] - 1)).toBe(-1);
    expect(lookup.get(sorted[0], sorted[0])).toBe(0);
    const last = sorted.length - 1;
    expect(lookup.get(sorted[last], sorted[last])).toBe(last);
    expect(lookup.get(sorted[last], sorted[last] + 1)).toBe(-1);
  });
});

describe('sortedIndexOf', () => {
  it('finds every code of an increasing list and answers -1 between, below and above them, and on an empty list', () => {
    for (const length of [1, 2, 3, 1000, 1025]) {
      const sorted = Float64Array.from(new Set(codes(length, 2 ** 40, length))).sort();
      let wrong = 0;
      sorted.forEach((c, i) => {
        if (sortedIndexOf(sorted, c) !== i) wrong++;
        if (sortedIndexOf(sorted, c + 0.5) !== -1) wrong++; // between c and the next code
      });
      expect(wrong).toBe(0);
      expect(sortedIndexOf(sorted, sorted[0] - 1)).toBe(-1);
      expect(sortedIndexOf(sorted, sorted[sorted.length - 1] + 1)).toBe(-1);
    }
    expect(sortedIndexOf(new Float64Array(0), 0)).toBe(-1);
  });
});
