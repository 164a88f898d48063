/**
 * The common random numbers of a trace. A uniform is stored as an integer cell
 * k in [0, UNIFORM_CELLS) and stands for the cell's midpoint (k + 1/2)/UNIFORM_CELLS,
 * so it never sits on a probability boundary, prints short, and shrinks towards 0.
 * Every coupled system reads the same uniforms through its own inverse transform.
 */
import fc from 'fast-check';
import { pick } from '../sim/discrete.ts';

export type Uniform = number;

export const UNIFORM_CELLS = 1000;

export function uniformArbitrary(): fc.Arbitrary<Uniform> {
  return fc.integer({ min: 0, max: UNIFORM_CELLS - 1 });
}

export function uniformValue(u: Uniform): number {
  return (u + 0.5) / UNIFORM_CELLS;
}

/** "0.4235": the uniform's value, for people. */
export function formatUniform(u: Uniform): string {
  return String(uniformValue(u));
}

/** Inverse transform on cumulative sums from sim/discrete.ts `cumulative` (their last entry is +Infinity): the category of u. */
export function categorical(u: Uniform, cdf: Float64Array): number {
  return pick(cdf, uniformValue(u));
}

/** A uniform choice among n items (0-based): floor(u n). */
export function uniformIndex(u: Uniform, n: number): number {
  return Math.min(n - 1, Math.floor(uniformValue(u) * n));
}
