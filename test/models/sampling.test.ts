/** models/support/sampling.ts: the shortest-sample rates against their closed forms, and the draws. */
import { describe, expect, it } from 'vitest';
import { exactArith } from '../../src/core/arith.ts';
import { Fraction, ratString } from '../../src/core/rational.ts';
import { drawServers, shortestSampleRates } from '../../models/support/sampling.ts';

describe('shortestSampleRates', () => {
  const lambda = new Fraction(1, 2);
  it('without replacement: lambda N [C(a, d) - C(b, d)] / C(N, d)', () => {
    const rate = shortestSampleRates('without', 4, 2, lambda, exactArith);
    expect(ratString(rate(4, 0))).toBe('2'); // every arrival: lambda N
    expect(ratString(rate(2, 0))).toBe('1/3'); // 2 (1 - 0) / 6
    expect(ratString(rate(3, 1))).toBe('1'); // 2 (3 - 0) / 6
    expect(ratString(rate(1, 0))).toBe('0'); // one server cannot hold both distinct samples
  });
  it('with replacement: lambda N (a^d - b^d) / N^d = lambda N (x_a^d - x_b^d)', () => {
    const rate = shortestSampleRates('with', 4, 2, lambda, exactArith);
    expect(ratString(rate(4, 0))).toBe('2');
    expect(ratString(rate(2, 0))).toBe('1/2'); // 2 (4 - 0) / 16
    expect(ratString(rate(3, 1))).toBe('1'); // 2 (9 - 1) / 16
    expect(ratString(rate(1, 0))).toBe('1/8'); // both samples on the same server: 2 / 16
    expect(ratString(shortestSampleRates('with', 2, 5, lambda, exactArith)(1, 0))).toBe('1/32'); // d > N: 1 (1/2)^5
  });
  it('d = 1: both samplings give lambda (a - b)', () => {
    const without = shortestSampleRates('without', 5, 1, lambda, exactArith);
    const withReplacement = shortestSampleRates('with', 5, 1, lambda, exactArith);
    for (let a = 0; a <= 5; a++) for (let b = 0; b <= a; b++) expect(ratString(withReplacement(a, b))).toBe(ratString(without(a, b)));
    expect(ratString(without(4, 1))).toBe('3/2');
  });
});

describe('drawServers', () => {
  it('without replacement draws distinct servers by a partial Fisher-Yates shuffle and leaves the pool a permutation', () => {
    const pool = Int32Array.from([0, 1, 2, 3, 4]);
    const out = new Int32Array(3);
    const offsets = [4, 3, 0]; // k-th draw: index k + offset in the pool
    const below = (m: number, k: number): number => {
      expect(m).toBe(5 - k);
      return offsets[k];
    };
    drawServers('without', 5, 3, below, pool, out);
    expect(Array.from(out)).toEqual([4, 0, 2]);
    expect(Array.from(pool)).toEqual([4, 0, 2, 3, 1]);
  });
  it('with replacement draws each server from the whole set, repeats allowed, pool untouched', () => {
    const pool = Int32Array.from([0, 1, 2]);
    const out = new Int32Array(4);
    const below = (m: number, k: number): number => {
      expect(m).toBe(3);
      return [2, 2, 0, 1][k];
    };
    drawServers('with', 3, 4, below, pool, out);
    expect(Array.from(out)).toEqual([2, 2, 0, 1]);
    expect(Array.from(pool)).toEqual([0, 1, 2]);
  });
});
