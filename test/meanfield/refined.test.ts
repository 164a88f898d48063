/**
 * The refined mean field against closed forms and an independent solve:
 * JSQ(d) with replacement has pi_i = lambda^((d^i - 1)/(d - 1)), a tridiagonal
 * Jacobian and a diagonal noise matrix, so V follows from a hand-written
 * vectorised Lyapunov solve (Gaussian elimination, not the engine's Schur form) and a tridiagonal (Thomas) solve; without
 * replacement the rate term c = lambda [P'(s_{i}) - P'(s_{i+1})], P(s) = s(s - eps)/(1 - eps),
 * dP/deps = s^2 - s, adds -F^{-1} g; d = 1 (independent M/M/1 queues) has
 * V = A = 0 for every metric.
 */
import { describe, expect, it } from 'vitest';
import { rat } from '../../src/core/rational.ts';
import { jsqdDensity } from '../../models/jsq-d/refined.ts';
import { refinedExpansion } from '../../src/meanfield/refined.ts';
import { jetArith, jetSpace, derivativeTensor } from '../../src/meanfield/jet.ts';
import { solveDense } from '../../src/core/dense-solve.ts';
import type { JsqdParams } from '../../models/jsq-d/params.ts';

const params = (lambda: [number, number], d: number, sampling: 'with' | 'without'): JsqdParams => ({
  N: 1_000_000,
  lambda: rat(...lambda),
  d,
  sampling,
  K: undefined,
});

/** Thomas algorithm for a tridiagonal system (sub, diag, sup). */
function thomas(sub: number[], diag: number[], sup: number[], rhs: number[]): number[] {
  const n = diag.length;
  const c = new Array<number>(n).fill(0);
  const d = new Array<number>(n).fill(0);
  c[0] = sup[0] / diag[0];
  d[0] = rhs[0] / diag[0];
  for (let i = 1; i < n; i++) {
    const m = diag[i] - sub[i] * c[i - 1];
    c[i] = i < n - 1 ? sup[i] / m : 0;
    d[i] = (rhs[i] - sub[i] * d[i - 1]) / m;
  }
  const x = new Array<number>(n).fill(0);
  x[n - 1] = d[n - 1];
  for (let i = n - 2; i >= 0; i--) x[i] = d[i] - c[i] * x[i + 1];
  return x;
}

/** V of JSQ(d) with replacement from the closed forms, levels 1..K (and the rate term g without). */
function closedFormV(lambda: number, d: number, K: number, withoutReplacement: boolean): number[] {
  const s = (i: number): number => (i === 0 ? 1 : i > K ? 0 : lambda ** ((d ** i - 1) / (d - 1)));
  // f_i = lambda (s_{i-1}^d - s_i^d) - (s_i - s_{i+1}), i = 1..K.
  const sub = Array.from({ length: K }, (_, k) => (k === 0 ? 0 : lambda * d * s(k) ** (d - 1)));
  const diag = Array.from({ length: K }, (_, k) => -lambda * d * s(k + 1) ** (d - 1) - 1);
  const sup = Array.from({ length: K }, (_, k) => (k === K - 1 ? 0 : 1));
  const q = Array.from({ length: K }, (_, k) => lambda * (s(k) ** d - s(k + 1) ** d) + (s(k + 1) - s(k + 2)));
  // Lyapunov F W + W F^T + Q = 0, vectorised (K^2 unknowns).
  const n = K * K;
  const M = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const F = (i: number, j: number): number => (j === i ? diag[i] : j === i - 1 ? sub[i] : j === i + 1 ? sup[i] : 0);
  for (let i = 0; i < K; i++)
    for (let j = 0; j < K; j++)
      for (let k = 0; k < K; k++) {
        M[i * K + j][k * K + j] += F(i, k);
        M[i * K + j][i * K + k] += F(j, k);
      }
  const W = solveDense(
    M,
    Array.from({ length: n }, (_, r) => (r % (K + 1) === 0 ? -q[r / (K + 1)] : 0)),
  );
  const w = (i: number): number => (i === 0 ? 0 : W[(i - 1) * K + (i - 1)]); // s_0 = 1 has no variance
  // (F2:W)_i = lambda d (d - 1) (s_{i-1}^{d-2} W_{i-1,i-1} - s_i^{d-2} W_ii).
  const rhs = Array.from({ length: K }, (_, k) => -0.5 * lambda * d * (d - 1) * (s(k) ** (d - 2) * w(k) - s(k + 1) ** (d - 2) * w(k + 1)));
  if (withoutReplacement && d === 2) {
    const c = (x: number): number => x * x - x;
    for (let k = 0; k < K; k++) rhs[k] -= lambda * (c(s(k)) - c(s(k + 1)));
  }
  return thomas(sub, diag, sup, rhs);
}

describe('jets', () => {
  it('give the derivatives of x^2 y / (1 + y) at (0.3, 0.5) exactly', () => {
    const J = jetArith(jetSpace(2, 3));
    const x = J.variable(0, 0.3);
    const y = J.variable(1, 0.5);
    const f = J.div(J.mul(J.mul(x, x), y), J.add(J.one, y));
    // f = x^2 g(y), g = y/(1+y): g = 1/3, g' = 1/(1+y)^2 = 4/9, g'' = -2/(1+y)^3 = -16/27.
    expect(f[0]).toBeCloseTo(0.09 / 3, 15);
    const grad = derivativeTensor(J.space, f, 2, 1);
    expect(grad[0]).toBeCloseTo((2 * 0.3) / 3, 14);
    expect(grad[1]).toBeCloseTo(0.09 * (4 / 9), 14);
    const hess = derivativeTensor(J.space, f, 2, 2);
    expect(hess[0]).toBeCloseTo(2 / 3, 14); // d2/dx2
    expect(hess[1]).toBeCloseTo(2 * 0.3 * (4 / 9), 14); // d2/dxdy
    expect(hess[3]).toBeCloseTo(0.09 * (-16 / 27), 14);
    const third = derivativeTensor(J.space, f, 2, 3);
    expect(third[1]).toBeCloseTo(2 * (4 / 9), 13); // d3/dx dx dy
  });
});

describe('refined mean field of JSQ(d)', () => {
  for (const [lambda, d] of [
    [[9, 10], 2],
    [[1, 2], 3],
    [[7, 10], 2],
  ] as const) {
    it(`with replacement, lambda = ${lambda.join('/')}, d = ${d}: V is the closed form's`, () => {
      const model = jsqdDensity(params(lambda as [number, number], d, 'with'));
      const K = model.names.length;
      const V = closedFormV(lambda[0] / lambda[1], d, K, false);
      const r = refinedExpansion(model, 1);
      V.forEach((v, i) => expect(r.expansion[`s[${i + 1}]`].order1).toBeCloseTo(v, 10));
      expect(r.expansion.meanJobs.order1).toBeCloseTo(
        V.reduce((a, b) => a + b, 0),
        10,
      );
      // s_1 = lambda at every N (the busy fraction): no correction at any order.
      expect(Math.abs(r.expansion['s[1]'].order1)).toBeLessThan(1e-12);
    });
  }

  it('without replacement, d = 2: the 1/N rate term of the hypergeometric sample', () => {
    const model = jsqdDensity(params([9, 10], 2, 'without'));
    const V = closedFormV(0.9, 2, model.names.length, true);
    const r = refinedExpansion(model, 1);
    V.forEach((v, i) => expect(r.expansion[`s[${i + 1}]`].order1).toBeCloseTo(v, 10));
  });

  it('matches the 1/N^2 value rmf_tool publishes for the two-choice model (lambda = 0.9, N = 10)', () => {
    // rmf_tool's Example_2choice notebook prints sum(pi + V/N + A/N^2) = 2.8045 and pi + V/N = 2.751294338309056 at N = 10.
    const r = refinedExpansion(jsqdDensity(params([9, 10], 2, 'with')), 2);
    const s = r.expansion.meanJobs;
    expect(s.meanField + s.order1 / 10).toBeCloseTo(2.751294338309056, 9);
    expect(Math.abs(s.meanField + s.order1 / 10 + s.order2! / 100 - 2.8045)).toBeLessThan(5e-5);
  });

  for (const sampling of ['with', 'without'] as const) {
    it(`d = 1 (independent M/M/1 queues), sampling ${sampling}: E[X^N] = pi exactly, V = A = 0 for every metric`, () => {
      const r = refinedExpansion(jsqdDensity(params([1, 2], 1, sampling)), 2);
      expect(r.expansion.meanJobs.meanField).toBeCloseTo(1, 12); // lambda / (1 - lambda)
      for (const s of Object.values(r.expansion)) {
        expect(Math.abs(s.order1)).toBeLessThan(1e-12);
        expect(Math.abs(s.order2!)).toBeLessThan(1e-12);
      }
    });
  }
});
