import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fraction } from '../../src/core/rational.ts';
import { decideSign, type OpenInterval } from '../../src/parametric/interval.ts';
import { evaluate, type RationalFunction } from '../../src/parametric/rational-function.ts';
import { gcdInt, rootBound, squareFree, sturmSequence, signVariations } from '../../src/parametric/sturm.ts';
import { mulInt } from '../../src/parametric/polynomial.ts';

const poly = (...c: number[]): bigint[] => c.map(BigInt);
const fn = (num: bigint[], den: bigint[] = [1n]): RationalFunction => ({ numerator: num, denominator: den });
const positiveReals: OpenInterval = { lo: new Fraction(0), hi: null };

describe('Sturm sequences in Z[x]', () => {
  it('count the distinct real roots in (a, b]', () => {
    // (x - 1)(x - 2)(x + 3) (x^2 + 1): real roots -3, 1, 2
    const p = mulInt(mulInt(mulInt(poly(-1, 1), poly(-2, 1)), poly(3, 1)), poly(1, 0, 1));
    const seq = sturmSequence(p);
    const count = (a: number, b: number | null): number => signVariations(seq, new Fraction(a)) - signVariations(seq, b === null ? null : new Fraction(b));
    expect(count(0, null)).toBe(2);
    expect(count(-10, 10)).toBe(3);
    expect(count(3 / 2, 5 / 2)).toBe(1);
    expect(count(-2, 0)).toBe(0);
  });

  it('square-free parts and gcds: (x - 1)^3 (x + 2)^2 -> (x - 1)(x + 2)', () => {
    const p = mulInt(mulInt(mulInt(poly(-1, 1), poly(-1, 1)), mulInt(poly(-1, 1), poly(2, 1))), poly(2, 1));
    expect(squareFree(p)).toEqual(poly(-2, 1, 1));
    expect(gcdInt(poly(-1, 0, 1), poly(1, 2, 1))).toEqual(poly(1, 1)); // gcd(x^2 - 1, (x + 1)^2) = x + 1
  });

  it('the Cauchy bound exceeds every root (random integer roots)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 5 }), (roots) => {
        const p = roots.reduce((acc, r) => mulInt(acc, [BigInt(-r), 1n]), [1n]);
        const B = rootBound(p);
        for (const r of roots) expect(BigInt(Math.abs(r)) < B).toBe(true);
      }),
    );
  });
});

describe('decideSign on an interval', () => {
  it('refutes (x - 1)(x - 2) >= 0 on x > 0 with a rational witness where it is negative', () => {
    const d = decideSign(fn(poly(2, -3, 1)), 'nonnegative', positiveReals);
    expect(d.verdict).toBe('refuted');
    const w = d.witness as { x: string; value: string };
    expect(new Fraction(w.x).compare(1)).toBeGreaterThan(0);
    expect(new Fraction(w.x).compare(2)).toBeLessThan(0);
    expect(new Fraction(w.value).compare(0)).toBeLessThan(0);
    expect(evaluate(fn(poly(2, -3, 1)), new Fraction(w.x)).equals(new Fraction(w.value))).toBe(true);
  });

  it('proves (x - 1)^2 / (x + 1) >= 0 on x > 0, refutes > 0 there (a zero at x = 1), proves > 0 on (1, inf)', () => {
    const f = fn(poly(1, -2, 1), poly(1, 1));
    expect(decideSign(f, 'nonnegative', positiveReals).verdict).toBe('proved');
    const strict = decideSign(f, 'positive', positiveReals);
    expect(strict.verdict).toBe('refuted');
    const [a, b] = (strict.witness as { zeroBetween: [string, string] }).zeroBetween;
    expect(new Fraction(a).compare(1) < 0 && new Fraction(b).compare(1) > 0).toBe(true);
    expect(decideSign(f, 'positive', { lo: new Fraction(1), hi: null }).verdict).toBe('proved');
  });

  it('x^2 - 2 > 0 holds on (3/2, inf), fails on (0, inf) (witness below sqrt 2), and on (-inf, -3/2)', () => {
    const f = fn(poly(-2, 0, 1));
    expect(decideSign(f, 'positive', { lo: new Fraction(3, 2), hi: null }).verdict).toBe('proved');
    expect(decideSign(f, 'positive', { lo: null, hi: new Fraction(-3, 2) }).verdict).toBe('proved');
    const d = decideSign(f, 'positive', positiveReals);
    expect(d.verdict).toBe('refuted');
    expect(new Fraction((d.witness as { x: string }).x).pow(2).compare(2)).toBeLessThan(0);
  });

  it('a sign change at a pole counts: 1 / (x - 5) >= 0 fails on (0, inf), holds on (5, 100)', () => {
    const f = fn(poly(1), poly(-5, 1));
    expect(decideSign(f, 'nonnegative', positiveReals).verdict).toBe('refuted');
    expect(decideSign(f, 'nonnegative', { lo: new Fraction(5), hi: new Fraction(100) }).verdict).toBe('proved');
  });

  it('identity: the zero function is proved zero, anything else refuted with a point where it is not', () => {
    expect(decideSign(fn([]), 'zero', positiveReals).verdict).toBe('proved');
    const d = decideSign(fn(poly(0, 1)), 'zero', positiveReals);
    expect(d.verdict).toBe('refuted');
    expect((d.witness as { value: string }).value).not.toBe('0');
  });

  it('agrees with dense sampling on random cubics over (0, 10)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 4, maxLength: 4 }), (c) => {
        const p = poly(...c);
        if (p.every((v) => v === 0n)) return;
        const d = decideSign(fn(p), 'nonnegative', { lo: new Fraction(0), hi: new Fraction(10) });
        const negativeSomewhere = Array.from({ length: 2000 }, (_, k) => new Fraction(k + 1, 200)).some((x) => evaluate(fn(p), x).compare(0) < 0);
        // sampling can miss a tiny negative dip, never invent one
        if (negativeSomewhere) expect(d.verdict).toBe('refuted');
        if (d.verdict === 'refuted') expect(new Fraction((d.witness as { value: string }).value).compare(0)).toBeLessThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
