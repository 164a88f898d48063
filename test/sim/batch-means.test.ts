import { describe, expect, it } from 'vitest';
import { analyse, mserTruncation, ratioEstimate, type BatchSeries } from '../../src/sim/batch-means.ts';
import { substream } from '../../src/sim/random.ts';

/** n batches of one metric with z = 1. */
function series(values: number[]): BatchSeries {
  return { names: ['x'], batches: values.length, y: Float64Array.from(values), z: new Float64Array(values.length).fill(1) };
}

/** Standard normals by Box-Muller from a seeded stream. */
function normals(seed: number, n: number): number[] {
  const s = substream(seed, 0);
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - s.uniform())) * Math.cos(2 * Math.PI * s.uniform()));
}

describe('batch means', () => {
  it('plain batch means, by hand: 1,2,3,4', () => {
    const e = ratioEstimate(Float64Array.from([1, 2, 3, 4]), Float64Array.from([1, 1, 1, 1]))!;
    // mean 2.5; s^2 = (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3; stderr = sqrt(5/12); t(0.975, 3) = 3.182446.
    expect(e.mean).toBe(2.5);
    expect(e.stderr).toBeCloseTo(Math.sqrt(5 / 12), 14);
    expect(e.ci95[1] - e.mean).toBeCloseTo(3.182446305284263 * Math.sqrt(5 / 12), 9);
    expect(e.df).toBe(3);
  });

  it('ratio estimator, by hand: Y = 2,4,3 over Z = 4,4,8', () => {
    const e = ratioEstimate(Float64Array.from([2, 4, 3]), Float64Array.from([4, 4, 8]))!;
    // R = 9/16; residuals Y - R Z = -1/4, 7/4, -3/2; s_e^2 = 5.375/2; stderr = sqrt(s_e^2/3) / (16/3).
    expect(e.mean).toBe(9 / 16);
    expect(e.stderr).toBeCloseTo(Math.sqrt(5.375 / 2 / 3) / (16 / 3), 14);
  });

  it('a ratio over no arrivals is not an estimate', () => {
    expect(ratioEstimate(Float64Array.from([0, 0]), Float64Array.from([0, 0]))).toBeNull();
  });

  it('MSER deletes an initial transient and not much more', () => {
    const noise = normals(3, 200).map((x) => 1 + 0.1 * x);
    const values = noise.map((x, i) => (i < 40 ? x + 5 * Math.exp(-i / 10) : x));
    const d = mserTruncation(series(values), 0);
    expect(d).toBeGreaterThanOrEqual(25);
    expect(d).toBeLessThanOrEqual(60);
  });

  it('95% intervals cover the true mean about 95% of the time (400 runs of 200 iid normal batches)', () => {
    let covered = 0;
    const runs = 400;
    for (let r = 0; r < runs; r++) {
      const a = analyse(series(normals(1000 + r, 200).map((x) => 3 + x)));
      const e = a.estimates.x;
      if (e.ci95[0] <= 3 && 3 <= e.ci95[1]) covered++;
    }
    // Binomial(400, 0.95): sd 0.011; allow 3 sd.
    expect(covered / runs).toBeGreaterThan(0.917);
    expect(covered / runs).toBeLessThan(0.983);
  });

  it('groups the batches after warm-up into 20 equal batches', () => {
    const a = analyse(series(normals(8, 200)));
    expect(a.batches).toBe(20);
    expect(a.warmupBatches + a.batches * a.groupSize).toBe(200);
    expect(a.warmupBatches).toBeLessThanOrEqual(100 + 19);
  });
});
