/**
 * Band structure of a generator in its state order: lower bandwidth (transitions
 * to lower indices) and upper bandwidth. Direct methods cost n * lower * upper.
 */
import type { SparseGenerator } from '../explore/generator.ts';

export interface Band {
  readonly lower: number;
  readonly upper: number;
}

export function bandOf(g: SparseGenerator<unknown>): Band {
  let lower = 0;
  let upper = 0;
  for (let i = 0; i < g.n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      const d = g.col[k] - i;
      if (d < 0) lower = Math.max(lower, -d);
      else upper = Math.max(upper, d);
    }
  }
  return { lower, upper };
}

/** Multiply-adds of a banded elimination (GTH) on this generator. */
export function eliminationCost(n: number, band: Band): number {
  return n * Math.max(1, band.lower) * Math.max(1, band.upper);
}
