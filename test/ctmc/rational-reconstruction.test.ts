/** From residues back to rationals: Wang's reconstruction and the CRT vector, on values known in advance. */
import { describe, expect, it } from 'vitest';
import { invMod } from '../../src/core/modular.ts';
import { CrtVector, reconstruct, reconstructionBound, reconstructVector } from '../../src/ctmc/solvers/rational-reconstruction.ts';

const PRIMES = [2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549];

const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;

/** a/b mod m for b invertible mod m. */
function image(a: bigint, b: bigint, m: bigint): bigint {
  // Extended Euclid on bigints (m may exceed 2^53).
  let [r0, r1, s0, s1] = [mod(b, m), m, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1, s0, s1] = [r1, r0 - q * r1, s1, s0 - q * s1];
  }
  return mod(a * s0, m);
}

describe('reconstruct', () => {
  const m = PRIMES.slice(0, 3).reduce((x, p) => x * BigInt(p), 1n);
  const bound = reconstructionBound(m);

  it('the bound is floor(sqrt(m/2))', () => {
    expect(bound * bound <= m / 2n).toBe(true);
    expect((bound + 1n) * (bound + 1n) > m / 2n).toBe(true);
  });

  it.each([
    [1n, 3n],
    [-2n, 7n],
    [5n, 21n],
    [123456787n, 987654321n],
    [0n, 1n],
    [-1n, 1n],
  ])('gives back %s/%s from its image', (a, b) => {
    expect(reconstruct(image(a, b, m), m, bound)).toEqual([a, b]);
  });

  it('gives no rational where none has numerator and denominator within the bound', () => {
    // A denominator above the bound: its image reconstructs to nothing (or to a different, small rational, never to it).
    const b = bound * 3n + 1n;
    const r = reconstruct(image(1n, b, m), m, bound);
    expect(r === null || r[1] !== b).toBe(true);
  });
});

describe('CrtVector and reconstructVector', () => {
  // x = (1/3, 2/7, 5/21, 13/21): common denominator 21.
  const xs: [number, number][] = [
    [1, 3],
    [2, 7],
    [5, 21],
    [13, 21],
  ];

  function crtOf(primes: number[]): CrtVector {
    const crt = new CrtVector(xs.length);
    for (const p of primes)
      crt.add(
        Float64Array.from(xs, ([a, b]) => (a * invMod(b % p, p)) % p),
        p,
      );
    return crt;
  }

  it('combines residues into residues modulo the product (Garner)', () => {
    const crt = crtOf(PRIMES.slice(0, 3));
    const m = PRIMES.slice(0, 3).reduce((x, p) => x * BigInt(p), 1n);
    expect(crt.modulus).toBe(m);
    xs.forEach(([a, b], i) => expect(crt.values[i]).toBe(image(BigInt(a), BigInt(b), m)));
  });

  it('reconstructs integers over one common denominator', () => {
    const v = reconstructVector(crtOf(PRIMES.slice(0, 2)))!;
    expect(v).not.toBeNull();
    // x_i = v_i / D with D = 21: numerators 7, 6, 5, 13.
    expect(v.denominator).toBe(21n);
    expect(v.numerators).toEqual([7n, 6n, 5n, 13n]);
  });

  it('returns null while the modulus is too small for some entry', () => {
    // One prime near 2^31 bounds |a|, b by about 32768: 1/40000 cannot come back yet.
    const crt = new CrtVector(2);
    const p = PRIMES[0];
    crt.add(Float64Array.from([1, invMod(40000, p)]), p);
    expect(reconstructVector(crt)).toBeNull();
    crt.add(Float64Array.from([1, invMod(40000, PRIMES[1])]), PRIMES[1]);
    expect(reconstructVector(crt)).toEqual({ numerators: [40000n, 1n], denominator: 40000n });
  });
});
