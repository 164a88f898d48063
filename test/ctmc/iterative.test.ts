/**
 * The multilevel iterative solver against exact answers: the product form of
 * jiq-blocking with nu = 0, M/M/1/K, independent birth-death digits (many small
 * radices, strongly unequal rates), and a plain Gauss-Seidel run where no closed
 * form exists (token exchange nu > 0).
 */
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { decodeInto, mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { ratToNumber } from '../../src/core/rational.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import { jacobiResidual } from '../../src/ctmc/solvers/convergence.ts';
import { exitRates, incoming, type SparseGenerator } from '../../src/ctmc/explore/generator.ts';
import { solveIterative, type IterativeResult } from '../../src/ctmc/solvers/iterative.ts';
import { jiqBlocking, type JiqBlockingParams } from '../../models/jiq-blocking.ts';

function jiqChain(p: JiqBlockingParams): SparseGenerator<number> {
  return explore(jiqBlocking.ctmc(p, floatArith), floatArith);
}

function jiq(N: number, lambda: string, alpha: string, beta?: string, nu?: string): JiqBlockingParams {
  return jiqBlocking.parse({ N: String(N), lambda, alpha, beta, nu });
}

/** Normalises log-weights (log-sum-exp). */
function fromLogWeights(logw: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of logw) max = Math.max(max, v);
  let sum = 0;
  for (const v of logw) sum += Math.exp(v - max);
  return logw.map((v) => Math.exp(v - max) / sum);
}

/**
 * log((lambda N)^{n_0} / n_0!) up to a constant, for n_0 = 0..N, summed outwards
 * from the mode so that the states carrying the mass lose no digits.
 */
function logPoissonWeights(N: number, load: number): Float64Array {
  const t = new Float64Array(N + 1);
  const mode = Math.min(N, Math.floor(load));
  for (let k = mode + 1; k <= N; k++) t[k] = t[k - 1] + Math.log(load / k);
  for (let k = mode - 1; k >= 0; k--) t[k] = t[k + 1] - Math.log(load / (k + 1));
  return t;
}

/**
 * THEORY section 2 (nu = 0): pi(n) proportional to (lambda N)^{n_0} / n_0! prod_r (beta_r / alpha_r)^{n_r},
 * n_0 = N - sum_r n_r; computed per state in log space.
 */
function productFormLaw(g: SparseGenerator<number>, p: JiqBlockingParams): Float64Array {
  const R = p.alpha.length;
  const logShare = p.alpha.map((a, r) => Math.log(ratToNumber(p.beta[r]) / ratToNumber(a)));
  const logBusy = logPoissonWeights(p.N, ratToNumber(p.lambda) * p.N);
  const digits = new Int32Array(R);
  const logw = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) {
    decodeInto(g.codes[i], g.radices, digits);
    let n0 = p.N;
    let w = 0;
    for (let r = 0; r < R; r++) {
      n0 -= digits[r];
      w += digits[r] * logShare[r];
    }
    logw[i] = w + logBusy[n0];
  }
  return fromLogWeights(logw);
}

function l1(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s;
}

/** Largest relative error over the states holding at least `above` of the mass. */
function maxRelativeError(pi: Float64Array, exact: Float64Array, above: number): number {
  let worst = 0;
  for (let i = 0; i < pi.length; i++) if (exact[i] >= above) worst = Math.max(worst, Math.abs(pi[i] - exact[i]) / exact[i]);
  return worst;
}

function sum(x: Float64Array): number {
  return x.reduce((a, b) => a + b, 0);
}

/** What every solve must show: converged, residual within tolerance (recomputed), a probability vector. */
function expectSolved(g: SparseGenerator<number>, r: IterativeResult, tolerance: number): void {
  expect(r.converged).toBe(true);
  expect(r.residual).toBeLessThanOrEqual(tolerance);
  expect(jacobiResidual(g, r.pi)).toBeLessThanOrEqual(2 * tolerance);
  expect(sum(r.pi)).toBeCloseTo(1, 13);
  expect(r.pi.every((v) => v > 0)).toBe(true);
  expect(Number.isFinite(r.errorEstimate)).toBe(true);
}

/**
 * Agreement with an exact law: in L1, relatively on the states holding at least
 * `significant` of the mass (the residual test does not control the relative
 * error of tiny probabilities), and an honest error estimate.
 */
function expectMatches(r: IterativeResult, exact: Float64Array, significant = 1e-8): void {
  const err = l1(r.pi, exact);
  expect(err).toBeLessThanOrEqual(1e-10);
  expect(maxRelativeError(r.pi, exact, significant)).toBeLessThanOrEqual(1e-9);
  expect(err).toBeLessThanOrEqual(10 * r.errorEstimate + 1e-15);
}

/** A chain given by its successor function (initial state all zeros). */
function chain(
  radices: number[],
  successors: (s: Int32Array, code: number, w: Float64Array, emit: (t: number, rate: number) => void) => void,
): SparseGenerator<number> {
  const w = mixedRadixWeights(radices);
  const def: ChainDefinition<number> = {
    digitNames: radices.map((_, k) => `d${k}`),
    radices,
    initial: radices.map(() => 0),
    metrics: [],
    describe: (s) => Array.from(s).join(','),
    successors: (s, code, emit) => successors(s, code, w, emit),
  };
  return explore(def, floatArith);
}

/** Independent birth-death digits: digit k rises at rate up[k] and falls at rate down[k], capped by its radix. */
function birthDeath(radices: number[], up: number[], down: number[]): { g: SparseGenerator<number>; exact: Float64Array } {
  const g = chain(radices, (s, code, w, emit) => {
    for (let k = 0; k < radices.length; k++) {
      if (s[k] + 1 < radices[k]) emit(code + w[k], up[k]);
      if (s[k] > 0) emit(code - w[k], down[k]);
    }
  });
  const digits = new Int32Array(radices.length);
  const logw = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) {
    decodeInto(g.codes[i], g.radices, digits);
    for (let k = 0; k < radices.length; k++) logw[i] += digits[k] * Math.log(up[k] / down[k]);
  }
  return { g, exact: fromLogWeights(logw) };
}

/** Plain Gauss-Seidel (forward and backward sweeps) until the residual stops improving: the slow reference. */
function gaussSeidelReference(g: SparseGenerator<number>): Float64Array {
  const { inPtr, inSrc, inRate } = incoming(g);
  const exit = exitRates(g);
  const x = new Float64Array(g.n).fill(1 / g.n);
  const relax = (j: number): void => {
    let s = 0;
    for (let p = inPtr[j]; p < inPtr[j + 1]; p++) s += x[inSrc[p]] * inRate[p];
    x[j] = s / exit[j];
  };
  for (let sweep = 0; sweep < 200_000; sweep++) {
    for (let j = 0; j < g.n; j++) relax(j);
    for (let j = g.n - 1; j >= 0; j--) relax(j);
    if (sweep % 100 === 99) {
      const total = sum(x);
      for (let j = 0; j < g.n; j++) x[j] /= total;
      if (jacobiResidual(g, x) <= 1e-15) break;
    }
  }
  const total = sum(x);
  return x.map((v) => v / total);
}

describe('solveIterative against the product form of jiq-blocking (nu = 0)', () => {
  const tolerance = 1e-13;
  const R2 = [
    ['1/2', '1/5,4/5'],
    ['9/10', '1/5,4/5'],
    ['5/4', '1/2,1/2'],
    ['5/4', '7/10,3/10'],
    ['3', '1/5,4/5'],
    ['3', '7/10,3/10'],
  ] as const;
  for (const [lambda, beta] of R2) {
    it(`R = 2, N = 120, lambda = ${lambda}, beta = ${beta}`, () => {
      const p = jiq(120, lambda, '3/5,2/5', beta);
      const g = jiqChain(p);
      const r = solveIterative(g, { tolerance });
      expectSolved(g, r, tolerance);
      expectMatches(r, productFormLaw(g, p));
    });
  }

  for (const lambda of ['1/2', '9/10', '5/3', '3']) {
    it(`R = 3, N = 36, lambda = ${lambda}, beta = 1/10,3/10,3/5`, () => {
      const p = jiq(36, lambda, '1/2,3/10,1/5', '1/10,3/10,3/5');
      const g = jiqChain(p);
      const r = solveIterative(g, { tolerance });
      expectSolved(g, r, tolerance);
      expectMatches(r, productFormLaw(g, p));
    });
  }

  it('R = 1 (one digit, radix N + 1 = 4001), lambda = 9/10', () => {
    const p = jiq(4000, '9/10', '1');
    const g = jiqChain(p);
    const r = solveIterative(g, { tolerance: 1e-12 });
    expectSolved(g, r, 1e-12);
    expectMatches(r, productFormLaw(g, p));
  });

  it('R = 4, N = 16, lambda = 5/4, alpha = 2/5,3/10,1/5,1/10', () => {
    const p = jiq(16, '5/4', '2/5,3/10,1/5,1/10', '1/4,1/4,1/4,1/4');
    const g = jiqChain(p);
    const r = solveIterative(g, { tolerance });
    expectSolved(g, r, tolerance);
    expectMatches(r, productFormLaw(g, p));
  });

  it('very small N (a single dense solve) for R = 1..4, with and without token exchange', () => {
    const alphas = ['1', '3/5,2/5', '1/2,3/10,1/5', '2/5,3/10,1/5,1/10'];
    for (const alpha of alphas) {
      for (const N of [1, 2, 3]) {
        for (const nu of ['0', '3']) {
          const p = jiq(N, '9/10', alpha, undefined, nu);
          const g = jiqChain(p);
          const r = solveIterative(g);
          expectSolved(g, r, 1e-12);
          if (nu === '0') expect(l1(r.pi, productFormLaw(g, p))).toBeLessThanOrEqual(1e-13);
        }
      }
    }
  });
});

describe('solveIterative on other chains', () => {
  for (const rho of [0.5, 0.99, 1, 1.5]) {
    it(`M/M/1/K, K = 3000, rho = ${rho}: pi_k proportional to rho^k`, () => {
      const { g, exact } = birthDeath([3001], [rho], [1]);
      const r = solveIterative(g, { tolerance: 1e-13 });
      expectSolved(g, r, 1e-13);
      expectMatches(r, exact);
    });
  }

  it('nine digits of radix 3 with rates 20 times apart (semi-coarsening)', () => {
    const up = [20, 18, 1, 1.2, 0.9, 25, 1.1, 0.8, 22];
    const down = [25, 20, 1.5, 1, 1.3, 30, 0.9, 1.4, 21];
    const { g, exact } = birthDeath(new Array<number>(9).fill(3), up, down);
    const r = solveIterative(g, { tolerance: 1e-14 });
    expectSolved(g, r, 1e-14);
    expectMatches(r, exact);
  });

  it('two digits of radix 120, one 50 times faster than the other', () => {
    const { g, exact } = birthDeath([120, 120], [45, 0.9], [50, 1]);
    const r = solveIterative(g, { tolerance: 1e-13 });
    expectSolved(g, r, 1e-13);
    expectMatches(r, exact, 1e-6);
  });

  const exchange = [
    [2, 40, '9/10', '1/2'],
    [2, 40, '1/2', '3'],
    [2, 40, '3', '3'],
    [3, 12, '5/4', '1/2'],
    [3, 12, '9/10', '3'],
  ] as const;
  for (const [R, N, lambda, nu] of exchange) {
    it(`token exchange (no closed form): R = ${R}, N = ${N}, lambda = ${lambda}, nu = ${nu} agrees with plain Gauss-Seidel`, () => {
      const alpha = R === 2 ? '3/5,2/5' : '1/2,3/10,1/5';
      const g = jiqChain(jiq(N, lambda, alpha, undefined, nu));
      expect(g.n).toBeGreaterThan(128); // the multilevel path, not a single dense solve
      const r = solveIterative(g, { tolerance: 1e-14 });
      expectSolved(g, r, 1e-14);
      expect(l1(r.pi, gaussSeidelReference(g))).toBeLessThanOrEqual(1e-10);
    });
  }
});

describe('solveIterative reporting', () => {
  it('reports every cycle, and an unconverged run as such', () => {
    const g = jiqChain(jiq(200, '1/2', '3/5,2/5', undefined, '3'));
    const seen: [number, number][] = [];
    const r = solveIterative(g, { tolerance: 1e-15, maxIterations: 2, onProgress: (it, res) => seen.push([it, res]) });
    expect(r.converged).toBe(false);
    expect(r.iterations).toBe(2);
    expect(seen.map(([it]) => it)).toEqual([1, 2]);
    expect(seen[1][1]).toBe(r.residual);
    expect(r.residual).toBeGreaterThan(1e-15);
    expect(Math.abs(jacobiResidual(g, r.pi) - r.residual)).toBeLessThanOrEqual(1e-9 * r.residual);
    expect(sum(r.pi)).toBeCloseTo(1, 13);
  });
});

describe('solveIterative on the levels of an earlier solve', () => {
  it.each([
    ['two digits of radix 120', () => birthDeath([120, 120], [45, 0.9], [50, 1]).g],
    ['token exchange R = 2, N = 40', () => jiqChain(jiq(40, '9/10', '3/5,2/5', undefined, '1/2'))],
  ])('re-solving at a tighter tolerance gives the same law as new levels, and leaves the first law as it was (%s)', (_, make) => {
    const g = make();
    const first = solveIterative(g, { tolerance: 1e-6 });
    const law = first.pi.slice();
    const fresh = solveIterative(g, { tolerance: 1e-12, initial: law });
    const again = solveIterative(g, { tolerance: 1e-12, initial: first.pi, hierarchy: first.hierarchy });
    expect(fresh.iterations).toBeGreaterThan(0);
    expect(again.iterations).toBe(fresh.iterations);
    expect(Array.from(again.pi)).toEqual(Array.from(fresh.pi));
    expect(again.errorEstimate).toBe(fresh.errorEstimate);
    expect(Array.from(first.pi)).toEqual(Array.from(law));
  });

  it("refuses another generator's levels", () => {
    const g = birthDeath([40, 40], [0.9, 0.8], [1, 1]).g;
    const other = birthDeath([40, 40], [0.9, 0.8], [1, 1]).g;
    const { hierarchy } = solveIterative(g, { tolerance: 1e-6 });
    expect(() => solveIterative(other, { hierarchy })).toThrow(/another generator/);
  });
});
