import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { invMod } from '../../src/core/modular.ts';
import { evalMod, ModInterpolator, mulInt, mulModP, reconstructModP, toMod, trim, vanishingModP } from '../../src/parametric/polynomial.ts';
import { reduce } from '../../src/parametric/rational-function.ts';

const p = 1_000_003;
const smallPoly = (maxDegree: number) =>
  fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: maxDegree + 1 }).map((c) => trim(c.map(BigInt)));

describe('polynomials over F_p', () => {
  it('Newton interpolation through m points gives back a polynomial of degree < m', () => {
    fc.assert(
      fc.property(smallPoly(9), (a) => {
        const f = toMod(a, p);
        const xs = Array.from({ length: 10 }, (_, j) => 3 * j + 1);
        const ys = Float64Array.from(xs, (x) => evalMod(f, x, p));
        const c = trim(Array.from(new ModInterpolator(xs, p).interpolate(ys)));
        expect(c).toEqual(f);
      }),
    );
  });

  it('rational function reconstruction recovers num / den (den monic) from the interpolant of their values', () => {
    fc.assert(
      fc.property(smallPoly(4), smallPoly(3), (num, den) => {
        if (den.length === 0 || num.length === 0) return;
        const n = toMod(num, p);
        const d = toMod(den, p);
        const xs = Array.from({ length: 12 }, (_, j) => j + 1)
          .filter((x) => evalMod(d, x, p) !== 0)
          .slice(0, 10);
        const ys = Float64Array.from(xs, (x) => Number((BigInt(evalMod(n, x, p)) * BigInt(invMod(evalMod(d, x, p), p))) % BigInt(p)));
        const f = trim(Array.from(new ModInterpolator(xs, p).interpolate(ys)));
        const r = reconstructModP(f, vanishingModP(xs, p), 4, p);
        expect(r).not.toBeNull();
        // r.num / r.den = n / d: cross-multiplied equal
        expect(mulModP(r!.num, d, p)).toEqual(mulModP(n, r!.den, p));
      }),
      { numRuns: 100 },
    );
  });
});

describe('reduce: lowest terms in Z[x]', () => {
  it('cancels a common factor and makes the pair primitive with a positive leading denominator coefficient', () => {
    // (x + 1)(2x - 3) / ((x + 1)(-4x^2 + 2)) = (2x - 3) / (-4x^2 + 2) = (-2x + 3) / (4x^2 - 2)
    const g = [1n, 1n];
    const f = reduce(mulInt(g, [-3n, 2n]), mulInt(g, [2n, 0n, -4n]));
    expect(f).toEqual({ numerator: [3n, -2n], denominator: [-2n, 0n, 4n] });
  });

  it('random A G / S G reduce to the same function as A / S', () => {
    fc.assert(
      fc.property(smallPoly(3), smallPoly(3), smallPoly(2), (A, S, G) => {
        if (A.length === 0 || S.length === 0 || G.length === 0) return;
        const direct = reduce(A, S);
        const viaG = reduce(mulInt(A, G), mulInt(S, G));
        expect(viaG).toEqual(direct);
      }),
      { numRuns: 60 },
    );
  });
});
