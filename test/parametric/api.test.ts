import { describe, expect, it } from 'vitest';
import { decideSign, Fraction, rationalFunction, solveParametric, type Arith, type ChainDefinition, type RationalFunction } from '../../src/api.ts';

/** A user's M/M/1/K queue (service rate 1), written against the public API only: digit = jobs. */
function mm1k<T>(A: Arith<T>, lambda: T, K: number): ChainDefinition<T> {
  return {
    digitNames: ['jobs'],
    radices: [K + 1],
    initial: [0],
    metrics: [{ name: 'full', reward: (s) => (s[0] === K ? A.one : A.zero) }],
    describe: (s) => `(jobs=${s[0]})`,
    successors: (s, code, emit) => {
      if (s[0] < K) emit(code + 1, lambda);
      if (s[0] > 0) emit(code - 1, A.one);
    },
  };
}

describe('the parametric solve and the interval decision through the library API', () => {
  it('M/M/1/3 blocking is lambda^3 / (1 + lambda + lambda^2 + lambda^3), increasing for every lambda > 0', () => {
    const r = solveParametric('lambda', (x) => (A) => mm1k(A, A.fromRational(x), 3));
    expect(r.status).toBe('solved');
    if (r.status !== 'solved') return;
    const full = r.metrics.full as RationalFunction;
    expect(rationalFunction.functionJson(full)).toEqual({ numerator: ['0', '0', '0', '1'], denominator: ['1', '1', '1', '1'] });
    expect(rationalFunction.formatFunction(full, 'λ')).toBe('(λ³) / (λ³ + λ² + λ + 1)');
    const slope = decideSign(rationalFunction.derivativeOf(full), 'positive', { lo: new Fraction(0), hi: null });
    expect(slope.verdict).toBe('proved');
    // and "blocking below 1/2 for all lambda > 0" is false: refuted with a rational lambda
    const below = decideSign(rationalFunction.difference(rationalFunction.constant(new Fraction(1, 2)), full), 'nonnegative', {
      lo: new Fraction(0),
      hi: null,
    });
    expect(below.verdict).toBe('refuted');
    const w = below.witness as { x: string };
    expect(rationalFunction.evaluate(full, new Fraction(w.x)).compare(new Fraction(1, 2))).toBeGreaterThan(0);
  });
});
