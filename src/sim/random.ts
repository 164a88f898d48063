/**
 * Seeded random streams for simulators (pure-rand's xoroshiro128+). A seed
 * reproduces a run bit for bit; each purpose (clock, routing, tokens, ...) draws
 * from its own substream, 2^64 draws apart from every other, so changing how
 * often one purpose draws never shifts another's numbers.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import { UsageError } from '../core/errors.ts';

/** Seeds are 32-bit unsigned integers (the generator's seed width). */
export const MAX_SEED = 0xffff_ffff;

export class RandomStream {
  constructor(private readonly g: JumpableRandomGenerator) {}

  /** Uniform on [0, 1), a multiple of 2^-53. */
  uniform(): number {
    return uniformFloat64(this.g);
  }

  /** Uniform integer in [0, n) (floor(U n) < n for every double U < 1). */
  below(n: number): number {
    return Math.floor(uniformFloat64(this.g) * n);
  }
}

/** Substream k of a seed: the seed's generator jumped k + 1 times (the jump also mixes a low-entropy seed). */
export function substream(seed: number, k: number): RandomStream {
  checkSeed(seed, 'seed');
  const g = xoroshiro128plus(seed);
  for (let j = 0; j <= k; j++) g.jump();
  return new RandomStream(g);
}

/** One substream per purpose, in the order the purposes are listed. */
export function streams<K extends string>(seed: number, purposes: readonly K[]): Record<K, RandomStream> {
  return Object.fromEntries(purposes.map((p, k) => [p, substream(seed, k)])) as Record<K, RandomStream>;
}

export function checkSeed(seed: number, what: string): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new UsageError(`${what} must be an integer in [0, ${MAX_SEED}], got ${JSON.stringify(seed)}`);
  }
  return seed;
}

/** Reads a seed from option text ("--seed 17"). */
export function parseSeed(text: string, what = '--seed'): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${what} must be an integer in [0, ${MAX_SEED}], got "${text}"`);
  return checkSeed(Number(text.trim()), what);
}
