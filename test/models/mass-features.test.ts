/**
 * queueGapFeatures (models/support/mass-features.ts): the total, the gaps of
 * every pair of servers, and only the positive side of a pair that one sorted
 * block orders (the other side is always 0).
 */
import { describe, expect, it } from 'vitest';
import { queueGapFeatures } from '../../models/support/mass-features.ts';
import { classBlocks } from '../../models/support/server-multiset.ts';

const copy = (s: Int32Array, q: Int32Array): void => q.set(s);

function features(f: ReturnType<typeof queueGapFeatures>, lengths: number[]): number[] {
  const out = new Float64Array(f.count);
  f.fill(Int32Array.from(lengths), out);
  return Array.from(out);
}

describe('queueGapFeatures', () => {
  it('one sorted block of 3: the total and (q_i - q_j)+ for i < j, then the extra digits', () => {
    const f = queueGapFeatures(3, classBlocks([3]), copy, 1, (_s, out, offset) => {
      out[offset] = 7;
    });
    expect(f.count).toBe(1 + 3 + 1);
    expect(features(f, [5, 2, 2])).toEqual([9, 3, 3, 0, 7]);
  });

  it('two blocks of 2: a pair across the blocks keeps both sides', () => {
    const f = queueGapFeatures(4, classBlocks([2, 2]), copy);
    // pairs (0,1) and (2,3) inside a block: one feature each; the 4 across: two each
    expect(f.count).toBe(1 + 2 + 8);
    // q = (3, 1 | 4, 0): (0,1) 2; (0,2) 0,1; (0,3) 3,0; (1,2) 0,3; (1,3) 1,0; (2,3) 4
    expect(features(f, [3, 1, 4, 0])).toEqual([8, 2, 0, 1, 3, 0, 0, 3, 1, 0, 4]);
  });

  it('blocks of one server each: every pair keeps both sides', () => {
    const f = queueGapFeatures(3, classBlocks([1, 1, 1]), copy);
    expect(f.count).toBe(1 + 6);
    expect(features(f, [1, 4, 2])).toEqual([7, 0, 3, 0, 1, 2, 0]);
  });
});
