/**
 * The common random numbers of a trace. A uniform is stored as an integer cell
 * k in [0, UNIFORM_CELLS) and stands for the cell's midpoint (k + 1/2)/UNIFORM_CELLS,
 * so it never sits on a probability boundary, prints short, and shrinks towards 0.
 * Every coupled system reads the same uniforms through its own inverse transform.
 */
import fc from 'fast-check';

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

/**
 * Inverse transform on cumulative sums (sim/discrete.ts cumulative): the first index i with u < cdf[i] (0-based; the
 * last index if rounding leaves u above).
 */
export function categorical(u: Uniform, cdf: Float64Array): number {
  const x = uniformValue(u);
  for (let i = 0; i < cdf.length - 1; i++) if (x < cdf[i]) return i;
  return cdf.length - 1;
}

/** A uniform choice among n items (0-based): floor(u n). */
export function uniformIndex(u: Uniform, n: number): number {
  return Math.min(n - 1, Math.floor(uniformValue(u) * n));
}
