/**
 * incoming(): the transpose the iterative solver and the reachability check
 * read. Every transition i -> j of the CSR appears once among j's incoming
 * slots, with its own rate, in float (a Float64Array) and in exact rationals.
 */
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/core/arith.ts';
import { Fraction } from '../../src/core/rational.ts';
import { incoming, type SparseGenerator } from '../../src/ctmc/explore/generator.ts';

/** A random sparse generator: each state gets up to 4 transitions to random others, of distinct rates. */
function randomGenerator<T>(n: number, seed: number, rate: (k: number) => T, store: (m: number) => Store<T>): SparseGenerator<T> {
  let x = seed >>> 0;
  const next = (m: number): number => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) % m;
  const rows = Array.from({ length: n }, (_, i) => Array.from({ length: next(5) }, () => next(n)).filter((j) => j !== i));
  const rowPtr = new Int32Array(n + 1);
  rows.forEach((r, i) => (rowPtr[i + 1] = rowPtr[i] + r.length));
  const rates = store(rowPtr[n]);
  for (let k = 0; k < rowPtr[n]; k++) rates[k] = rate(k);
  return { n, codes: Float64Array.from(rows.keys()), radices: [n], rowPtr, col: Int32Array.from(rows.flat()), rate: rates, initial: 0 };
}

/** The transitions (source, target, rate as text), sorted: from the CSR, and from the transpose. */
function fromRows<T>(g: SparseGenerator<T>): string[] {
  const out: string[] = [];
  for (let i = 0; i < g.n; i++) for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) out.push(`${i} ${g.col[k]} ${String(g.rate[k])}`);
  return out.sort();
}
function fromTranspose<T>(g: SparseGenerator<T>): string[] {
  const { inPtr, inSrc, inRate } = incoming(g);
  const out: string[] = [];
  for (let j = 0; j < g.n; j++) for (let p = inPtr[j]; p < inPtr[j + 1]; p++) out.push(`${inSrc[p]} ${j} ${String(inRate[p])}`);
  return out.sort();
}

describe('incoming', () => {
  it.each([1, 2, 3])('holds every transition once with its rate, float (seed %i)', (seed) => {
    const g = randomGenerator(
      500,
      seed,
      (k) => 1 + k / 7,
      (m) => new Float64Array(m),
    );
    const t = incoming(g);
    expect(t.inRate).toBeInstanceOf(Float64Array);
    expect(t.inPtr[g.n]).toBe(g.rowPtr[g.n]);
    expect(fromTranspose(g)).toEqual(fromRows(g));
    expect(incoming(g)).toBe(t); // kept per generator
  });

  it('holds every transition once with its rate, exact rationals', () => {
    const g = randomGenerator(
      300,
      9,
      (k) => new Fraction(k + 1, 3),
      (m) => new Array<Fraction>(m),
    );
    expect(Array.isArray(incoming(g).inRate)).toBe(true);
    expect(fromTranspose(g)).toEqual(fromRows(g));
  });
});
