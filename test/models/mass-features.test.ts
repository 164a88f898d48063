/**
 * queueGapFeatures (models/support/mass-features.ts): the total, the gaps of
 * every pair of servers, and only the positive side of a pair that one sorted
 * block orders (the other side is always 0). sortedLengthFeatures: the lengths
 * longest first and whether each adjacent pair differs, as jsq-d's chain
 * gives them in both of its packings.
 */
import { describe, expect, it } from 'vitest';
import { queueGapFeatures, sortedLengthFeatures } from '../../models/support/mass-features.ts';
import { queueProfile } from '../../models/support/queue-packings.ts';
import { ctmc } from '../../models/jsq-d/ctmc.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { floatArith } from '../../src/core/arith.ts';
import { classBlocks } from '../../models/support/server-multiset.ts';

const copy = (s: Int32Array, q: Int32Array): void => q.set(s);

function features(f: { count: number; fill: (s: Int32Array, out: Float64Array) => void }, lengths: number[]): number[] {
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

describe('sortedLengthFeatures', () => {
  it('the lengths, then [q_k > q_{k+1}] for each adjacent pair', () => {
    const f = sortedLengthFeatures(4, copy);
    expect(f.count).toBe(4 + 3);
    expect(features(f, [5, 2, 2, 0])).toEqual([5, 2, 2, 0, 1, 0, 1]);
    expect(features(f, [1, 1, 1, 1])).toEqual([1, 1, 1, 1, 0, 0, 0]);
  });

  // N = 3, K = 20 packs lengths (21^3 codes), N = 4, K = 2 levels (5^2): the chain's features read both.
  it.each([
    [3, 20, [2, 2, 0], 'lengths'],
    [4, 2, [2, 1, 1, 0], 'levels'],
  ])('are what jsq-d N = %i, K = %i fits at lengths %j (%s packing)', (N, K, lengths, layout) => {
    const profile = queueProfile(N, K, 0);
    expect(profile.layout).toBe(layout);
    const levels = new Int32Array(K + 2);
    for (let i = 0; i <= K; i++) levels[i] = lengths.filter((q) => q >= i).length;
    const digits = new Int32Array(profile.radices.length);
    profile.write(levels, digits);
    const def = ctmc(jsqD.parse({ N: String(N), d: '2', lambda: '1/2', sampling: 'with', K: String(K) }), floatArith);
    const gaps = lengths.slice(1).map((q, k) => (lengths[k] > q ? 1 : 0));
    expect(features(def.massFeatures!, Array.from(digits))).toEqual([...lengths, ...gaps]);
  });
});
