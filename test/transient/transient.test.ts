/**
 * Transient laws by uniformization against values computed without it: closed
 * forms (Poisson weights, a two-state chain), dense matrix exponentials of
 * small generators (mathjs expm, Pade with scaling and squaring), the product
 * of independent queues' laws, and the stationary solve.
 */
import { describe, expect, it } from 'vitest';
import { expm, matrix } from 'mathjs';
import { floatArith } from '../../src/core/arith.ts';
import type { ChainDefinition, MetricValues } from '../../src/core/model.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { decodeInto } from '../../src/core/mixed-radix.ts';
import { poissonWindow } from '../../src/transient/poisson.ts';
import { transientChain } from '../../src/transient/transient-chain.ts';
import { transientModel, trustedTransient } from '../../src/transient/transient-model.ts';
import { jsqD } from '../../models/jsq-d.ts';

/**
 * The law at each time of the birth-death chain on 0..size-1 (up rate lambda,
 * down rate 1) from state 0, by a dense exponential; states in `absorbing` keep
 * what reaches them. With size large the top is never reached: the M/M/1 queue.
 */
function birthDeathLaws(lambda: number, size: number, times: number[], absorbing?: number): number[][] {
  const Q = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (let i = 0; i < size; i++) {
    if (i === absorbing) continue;
    if (i + 1 < size) Q[i][i + 1] = lambda;
    if (i > 0) Q[i][i - 1] = 1;
    Q[i][i] = -Q[i].reduce((a, b) => a + b, 0);
  }
  return times.map((t) => {
    const E = expm(matrix(Q.map((row) => row.map((x) => x * t)))).toArray() as number[][];
    return E[0];
  });
}

const mean = (law: number[]): number => law.reduce((a, p, n) => a + n * p, 0);
const tail = (law: number[], i: number): number => law.slice(i).reduce((a, b) => a + b, 0);
const scalar = (m: MetricValues<number>, name: string): number => m[name] as number;
const entry = (m: MetricValues<number>, name: string, i: number): number => (m[name] as number[])[i - 1] ?? 0;

describe('Poisson windows', () => {
  it.each([0.3, 7.6, 250, 1e4])('mean %d: the weights are e^-a a^k / k! and the left-out mass is within its bound', (a) => {
    const w = poissonWindow(a, 1e-12);
    let kept = 0;
    w.weights.forEach((x) => (kept += x));
    expect(w.tailBound).toBeLessThanOrEqual(1e-12);
    expect(1 - kept).toBeLessThanOrEqual(w.tailBound + 1e-13); // rounding of the sum
    expect(1 - kept).toBeGreaterThanOrEqual(-1e-13);
    // A few weights straight from the formula, ln k! as a sum of k logs.
    for (const k of [w.left, Math.floor(a), w.left + w.weights.length - 1]) {
      let log = -a + k * Math.log(a);
      for (let j = 2; j <= k; j++) log -= Math.log(j);
      const direct = Math.exp(log);
      expect(w.weights[k - w.left]).toBeCloseTo(direct, 12);
      if (direct > 1e-250) expect(Math.abs(w.weights[k - w.left] / direct - 1)).toBeLessThan(1e-9);
    }
  });
});

describe('transientChain', () => {
  it('a two-state chain follows p(t) = a/(a+b) + (p0 - a/(a+b)) e^{-(a+b)t}', () => {
    const a = 0.7;
    const b = 2.3;
    const def: ChainDefinition<number> = {
      digitNames: ['x'],
      radices: [2],
      initial: [0],
      successors: (s, code, emit) => emit(s[0] === 0 ? code + 1 : code - 1, s[0] === 0 ? a : b),
      metrics: [{ name: 'up', reward: (s) => s[0] }],
      describe: (s) => `(x=${s[0]})`,
    };
    const times = [0, 0.1, 0.5, 1, 3];
    for (const [start, p0] of [
      [undefined, 0],
      [(_: unknown, s: Int32Array) => s[0] === 1, 1],
    ] as const) {
      const r = transientChain(def, { times, ...(start ? { start } : {}) });
      r.points.forEach((pt, k) => {
        const exact = a / (a + b) + (p0 - a / (a + b)) * Math.exp(-(a + b) * times[k]);
        expect(Math.abs(scalar(pt.metrics, 'up') - exact)).toBeLessThanOrEqual(scalar(pt.metricError, 'up') + 1e-15);
        expect(scalar(pt.metricError, 'up')).toBeLessThan(1e-11);
        expect(pt.boundaryMass).toBe(0);
      });
    }
  });

  it('jsq-d with d = 1, N = 2 is two independent M/M/1 queues: its law is the product of theirs', () => {
    const lambda = 0.9;
    const times = [0.5, 2, 4];
    const K = 30;
    const one = birthDeathLaws(lambda, 80, times);
    const def = jsqD.ctmc(jsqD.parse({ N: '2', d: '1', lambda: '9/10', K: String(K) }), floatArith);
    const r = transientChain(def, { times, keepLaws: true });
    const digits = new Int32Array(def.radices.length);
    r.points.forEach((pt, k) => {
      const q = one[k];
      let worst = 0;
      for (let i = 0; i < r.states; i++) {
        decodeInto(r.codes![i], def.radices, digits);
        const y = [...def.describe(digits).matchAll(/y(\d+)=(\d+)/g)].flatMap(([, len, count]) => new Array<number>(Number(count)).fill(Number(len)));
        if (y.some((len) => len >= K)) continue; // on the absorbing boundary
        const product = (y[0] === y[1] ? 1 : 2) * q[y[0]] * q[y[1]];
        worst = Math.max(worst, Math.abs(pt.law![i] - product));
      }
      expect(worst).toBeLessThan(1e-12);
      expect(Math.abs(entry(pt.metrics, 's', 1) - (1 - q[0]))).toBeLessThan(1e-12);
      expect(Math.abs(scalar(pt.metrics, 'meanJobs') - mean(q))).toBeLessThan(1e-11);
    });
  });
});

describe('transientModel', () => {
  const mm1 = jsqD.parse({ N: '1', d: '1', lambda: '9/10' });
  const times = [0.5, 1, 2, 5];
  const reference = birthDeathLaws(0.9, 80, times);

  it('M/M/1 from empty: the mean queue and its tail as a dense exponential gives them, within the stated bound', () => {
    const a = transientModel(jsqD, mm1, { times });
    expect(trustedTransient(a)).toBe(true);
    expect(a.truncation!.automatic).toBe(true);
    a.points.forEach((pt, k) => {
      expect(Math.abs(scalar(pt.metrics, 'meanJobs') - mean(reference[k]))).toBeLessThanOrEqual(scalar(pt.metricError, 'meanJobs') + 1e-12);
      for (const i of [1, 2, 3]) expect(Math.abs(entry(pt.metrics, 's', i) - tail(reference[k], i))).toBeLessThanOrEqual(entry(pt.metricError, 's', i) + 1e-12);
    });
  });

  it('a small K: the boundary mass is the probability of reaching K, and the error bound covers the error against the uncut queue', () => {
    const K = 4;
    const a = transientModel(jsqD, { ...mm1, K }, { times });
    const hitting = birthDeathLaws(0.9, K + 1, times, K).map((law) => law[K]);
    expect(trustedTransient(a)).toBe(false);
    a.points.forEach((pt, k) => {
      expect(Math.abs(pt.boundaryMass - hitting[k])).toBeLessThan(1e-12);
      const error = Math.abs(scalar(pt.metrics, 'meanJobs') - mean(reference[k]));
      expect(error).toBeGreaterThan(1e-6); // the cut shows
      expect(error).toBeLessThanOrEqual(scalar(pt.metricError, 'meanJobs'));
      for (const i of [1, 2, 3]) expect(Math.abs(entry(pt.metrics, 's', i) - tail(reference[k], i))).toBeLessThanOrEqual(entry(pt.metricError, 's', i));
    });
  });

  it("a long time: the law settles on the stationary solve's answer", () => {
    const p = jsqD.parse({ N: '2', d: '2', lambda: '1/2' });
    const stationary = solveModel(jsqD, p, { method: 'exact' });
    const a = transientModel(jsqD, p, { times: [400] });
    expect(trustedTransient(a)).toBe(true);
    const pt = a.points[0];
    expect(Math.abs(scalar(pt.metrics, 'meanJobs') - scalar(stationary.metrics, 'meanJobs'))).toBeLessThan(1e-9);
    expect(Math.abs(entry(pt.metrics, 's', 2) - entry(stationary.metrics, 's', 2))).toBeLessThan(1e-9);
  });
});
