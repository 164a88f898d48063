import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exactArith } from '../../src/core/arith.ts';
import { fmaMod, primesBelow } from '../../src/core/modular.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { bandOf } from '../../src/ctmc/solvers/band.ts';
import { satisfiesBalance, solveExact } from '../../src/ctmc/solvers/exact.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import type { SparseGenerator } from '../../src/ctmc/explore/generator.ts';
import { reduceBand, substitute, toBand } from '../../src/ctmc/solvers/gth.ts';
import { liftingPrimeLimit, modField, PadicLifting, PadicVector } from '../../src/ctmc/solvers/padic-lifting.ts';
import { jiqBlocking } from '../../models/jiq-blocking.ts';

/** A random integer generator on n states in CSR (a cycle 0 -> 1 -> ... -> 0 plus random edges keeps it irreducible). */
function randomChain(n: number, extra: Array<[number, number, number]>): SparseGenerator<number> {
  const edges = new Map<number, number>();
  const put = (i: number, j: number, r: number): void => {
    if (i !== j) edges.set(i * n + j, (edges.get(i * n + j) ?? 0) + r);
  };
  for (let i = 0; i < n; i++) put(i, (i + 1) % n, 1 + (i % 3));
  for (const [i, j, r] of extra) put(i % n, j % n, r);
  const keys = [...edges.keys()].sort((a, b) => a - b);
  const rowPtr = new Int32Array(n + 1);
  for (const key of keys) rowPtr[Math.floor(key / n) + 1]++;
  for (let i = 0; i < n; i++) rowPtr[i + 1] += rowPtr[i];
  return {
    n,
    codes: Float64Array.from({ length: n }, (_, i) => i),
    radices: [n],
    initial: 0,
    rowPtr,
    col: Int32Array.from(keys, (key) => key % n),
    rate: Float64Array.from(keys, (key) => edges.get(key)!),
  };
}

/** (x Q)_j mod p for an integer generator. */
function timesQ(g: SparseGenerator<number>, x: Float64Array, p: number): number[] {
  const out = new Array<number>(g.n).fill(0);
  for (let i = 0; i < g.n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      out[g.col[k]] = fmaMod(out[g.col[k]], x[i], g.rate[k], p);
      out[i] = fmaMod(out[i], x[i], p - g.rate[k], p);
    }
  }
  return out;
}

const exactChain = (N: number, lambda: string, alpha: string): SparseGenerator<Rational> =>
  explore(jiqBlocking.ctmc(jiqBlocking.parse({ N: String(N), lambda, alpha }), exactArith), exactArith);

describe('primes and modular arithmetic', () => {
  it('lists the primes below a limit, largest first', () => {
    expect([...primesBelow(32)]).toEqual([31, 29, 23, 19, 17, 13, 11, 7, 5, 3]);
    const it = primesBelow();
    expect(it.next().value).toBe(67108859); // largest prime below 2^26
    expect(() => primesBelow(2 ** 27).next()).toThrow(RangeError);
  });

  it('fmaMod with a reciprocal agrees with bigint arithmetic near 2^52', () => {
    const p = 67108859;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: p - 1 }), fc.integer({ min: 0, max: p - 1 }), fc.integer({ min: 0, max: p - 1 }), (a, x, y) => {
        expect(fmaMod(a, x, y, p, 1 / p)).toBe(Number((BigInt(a) + BigInt(x) * BigInt(y)) % BigInt(p)));
      }),
    );
    expect(fmaMod(p - 1, p - 1, p - 1, p)).toBe(Number((BigInt(p - 1) + BigInt(p - 1) ** 2n) % BigInt(p)));
  });
});

describe('banded substitution with a right-hand side (the lifting step)', () => {
  it('solves (x Q)_j = -d_j (mod p) for j >= 1 with x_0 given, on random chains', () => {
    const p = 1_000_003;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.tuple(fc.nat(40), fc.nat(40), fc.integer({ min: 1, max: 50 })), { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: p - 1 }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: p - 1 }),
        (n, extra, rhs, x0) => {
          const g = randomChain(n, extra);
          const F = modField(p);
          const m = toBand(g, bandOf(g), (k) => g.rate[k], F);
          const inv = reduceBand(m, F);
          if (!inv) return; // p divides a pivot: not this test's subject
          const d = Float64Array.from({ length: n }, (_, j) => rhs[j]);
          const x = substitute(m, inv, F, x0, d.slice());
          const xq = timesQ(g, x, p);
          expect(x[0]).toBe(x0);
          for (let j = 1; j < n; j++) expect(xq[j]).toBe((p - d[j]) % p);
        },
      ),
    );
  });
});

describe('p-adic lifting', () => {
  it('its digits sum to x = pi / pi_0 modulo p^K (Erlang loss law, R = 1)', () => {
    // jiq-blocking R = 1, N = 3, lambda = 1: digit n_1 = idle servers, k = 3 - n_1 busy; arrivals 3, completions k.
    // pi(k) ~ 3^k / k!, so from state 0 (k = 3): x = (27/6, 9/2, 3, 1) / (27/6) = (1, 1, 2/3, 2/9).
    const g = exactChain(3, '1', '1');
    const gi: SparseGenerator<number> = { ...g, rate: Float64Array.from({ length: g.rate.length }, (_, k) => Number(g.rate[k].n)) };
    const p = 10007;
    const lifting = PadicLifting.start(gi, bandOf(gi), p)!;
    const expansion = new PadicVector(g.n, p);
    const y = new Float64Array(g.n);
    for (let k = 0; k < 5; k++) {
      lifting.next(y);
      expansion.add(y);
    }
    const M = BigInt(p) ** 5n;
    expect(expansion.modulus).toBe(M);
    const xs = expansion.values;
    (
      [
        [1n, 1n],
        [1n, 1n],
        [2n, 3n],
        [2n, 9n],
      ] as const
    ).forEach(([a, b], i) => expect((xs[i] * b - a) % M).toBe(0n));
  });

  it('solves N = 40, R = 2 (861 states) with one elimination and many lifting steps', () => {
    const g = exactChain(40, '9/10', '3/5,2/5');
    const s = solveExact(g, bandOf(g));
    expect(s.primes).toBe(1);
    expect(s.liftingSteps).toBeGreaterThan(1);
    expect(satisfiesBalance(g, s.numerators)).toBe(true);
    expect(s.numerators.reduce((a, b) => a + b, 0n)).toBe(s.total);
  });

  it('falls back to CRT over many primes when integer rates are too large for an exact double residual', () => {
    // Scaling every rate by 10^13 leaves pi unchanged, but the integer rates then pass 2^53 / 2^20 and p-adic lifting is not exact in doubles.
    const g = exactChain(6, '9/10', '3/5,2/5');
    const scale = new Fraction(10n ** 13n);
    const scaled: SparseGenerator<Rational> = { ...g, rate: Array.from({ length: g.rate.length }, (_, k) => g.rate[k].mul(scale)) };
    const gi: SparseGenerator<number> = { ...scaled, rate: Float64Array.from({ length: g.rate.length }, (_, k) => g.rate[k].mul(scale).mul(10).valueOf()) };
    expect(liftingPrimeLimit(gi)).toBeLessThan(2 ** 20);
    const byCrt = solveExact(scaled, bandOf(scaled));
    const byLifting = solveExact(g, bandOf(g));
    expect(byCrt.liftingSteps).toBe(0);
    expect(byCrt.primes).toBeGreaterThan(1);
    expect(byLifting.primes).toBe(1);
    expect(byLifting.liftingSteps).toBeGreaterThan(1);
    expect(byCrt.numerators).toEqual(byLifting.numerators);
    expect(byCrt.total).toBe(byLifting.total);
  });
});
