import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { checkSeed, parseSeed, streams, substream } from '../../src/sim/random.ts';

const draw = (n: number, f: () => number): number[] => Array.from({ length: n }, f);

describe('seeded random streams', () => {
  it('a seed and substream reproduce the sequence bit for bit', () => {
    const a = substream(17, 2);
    const b = substream(17, 2);
    expect(draw(1000, () => a.uniform())).toEqual(draw(1000, () => b.uniform()));
  });

  it('substream k is the seed generator jumped k+1 times, 53 bits per uniform', () => {
    // Independent recomputation from the raw generator: 26 high bits then 27 low bits.
    const g = xoroshiro128plus(17);
    g.jump();
    g.jump();
    const hi = g.next() & (2 ** 26 - 1);
    const lo = g.next() & (2 ** 27 - 1);
    expect(substream(17, 1).uniform()).toBe(hi * 2 ** -26 + lo * 2 ** -53);
  });

  it('substreams and seeds give different sequences', () => {
    const s = streams(5, ['a', 'b'] as const);
    expect(draw(8, () => s.a.uniform())).not.toEqual(draw(8, () => s.b.uniform()));
    const x = substream(5, 0);
    const y = substream(6, 0);
    expect(draw(8, () => x.uniform())).not.toEqual(draw(8, () => y.uniform()));
  });

  it('uniforms have mean 1/2 and variance 1/12 (within 4 standard errors)', () => {
    const s = substream(123, 0);
    const n = 200_000;
    let sum = 0,
      sq = 0;
    for (let i = 0; i < n; i++) {
      const u = s.uniform();
      sum += u;
      sq += u * u;
    }
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(4 * Math.sqrt(1 / 12 / n));
    // Var(U^2) = 1/5 - 1/9 = 4/45.
    expect(Math.abs(sq / n - 1 / 3)).toBeLessThan(4 * Math.sqrt(4 / 45 / n));
  });

  it('below(n) hits every value in [0, n) and nothing else', () => {
    const s = substream(9, 0);
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 7000; i++) counts[s.below(7)]++;
    expect(counts.length).toBe(7);
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });

  it.each([
    [() => checkSeed(-1, 'seed'), 'seed must be an integer in [0, 4294967295], got -1'],
    [() => checkSeed(1.5, 'seed'), 'got 1.5'],
    [() => checkSeed(2 ** 32, 'seed'), 'got 4294967296'],
    [() => parseSeed('abc'), '--seed must be an integer in [0, 4294967295], got "abc"'],
    [() => parseSeed('-3'), 'got "-3"'],
  ])('rejects bad seeds in one line (%#)', (f, message) => {
    expect(f).toThrow(message);
  });
});
