/**
 * A population declaration as the refined mean field's density model
 * (src/meanfield/): every event's `density` is an intensity, every metric
 * with `smooth` a metric. With a fixed total the first count is implied, as in
 * the chain's packing, and is dropped from the coordinates: it enters the
 * intensities as total/N minus the others (one coordinate per conservation
 * law, so the Jacobian is not singular along it). The fixed point is the
 * derived fluid's, polished by Newton's method on the density drift.
 * `density` is checked against `rate` at the declared initial state and at
 * the counts nearest N pi (rate(x) = N density(x/N, 1/N)).
 */
import { floatArith } from '../core/arith.ts';
import type { DensityModel, DensityTransition } from '../core/density-model.ts';
import { UsageError } from '../core/errors.ts';
import { Fraction } from '../core/rational.ts';
import { newtonFixedPoint } from '../meanfield/newton.ts';
import { fluidFixedPoint, populationFluid } from './fluid.ts';
import { layout, type CompiledEvent } from './layout.ts';
import type { Arith } from '../core/arith.ts';
import type { Population } from './types.ts';

const AGREEMENT = 1e-9;

export function populationDensity(pop: Population<number>, scale: number, family?: string): DensityModel {
  const L = layout(pop);
  const missing = L.events.filter((e) => !e.event.density).map((e) => e.event.name);
  if (missing.length > 0) throw new UsageError(`the refined mean field needs every event's density(z, eps, A); missing for ${missing.join(', ')}`);
  const off = L.offset;
  const share = L.total === undefined ? undefined : new Fraction(L.total, scale);
  const full = <U>(z: readonly U[], A: Arith<U>): U[] => (share === undefined ? [...z] : [z.reduce((r, v) => A.sub(r, v), A.fromRational(share)), ...z]);
  const transitions: DensityTransition[] = L.events.map((e) => {
    const kept = Array.from(e.index, (i, k) => [i - off, e.delta[k]]).filter(([i]) => i >= 0);
    return { name: e.event.name, index: kept.map(([i]) => i), delta: kept.map(([, d]) => d), intensity: (z, eps, A) => e.event.density!(full(z, A), eps, A) };
  });
  const fp = fluidFixedPoint(populationFluid(pop, scale, family));
  const polished = newtonFixedPoint({ transitions }, fp.state.slice(off));
  const fullPoint = full(Array.from(polished.state), floatArith);
  for (const x of [L.initialCounts, nearestCounts(fullPoint, scale, L.total)]) checkDensity(L.events, x, scale);
  return {
    names: L.names.slice(off),
    transitions,
    metrics: pop.metrics
      .filter((m) => m.smooth)
      .map((m) => ({
        name: m.name,
        ...(m.index !== undefined ? { index: m.index } : {}),
        value: <U>(z: readonly U[], A: Arith<U>) => m.smooth!(full(z, A), A),
      })),
    fixedPoint: polished.state,
    fixedPointMethod: `${fp.method}, then Newton on the density drift (max |F| = ${polished.drift.toExponential(2)})`,
    start: Float64Array.from(L.initialCounts.subarray(off), (v) => v / scale),
  };
}

/** Integer counts nearest N z (with a total: the first count takes the rest). */
function nearestCounts(z: readonly number[], scale: number, total: number | undefined): Int32Array {
  const x = Int32Array.from(z, (v) => Math.max(0, Math.round(v * scale)));
  if (total !== undefined) x[0] = Math.max(0, total - x.reduce((a, v, i) => (i === 0 ? a : a + v), 0));
  return x;
}

function checkDensity(events: readonly CompiledEvent<number>[], x: Int32Array, scale: number): void {
  const z = Array.from(x, (v) => v / scale);
  for (const e of events) {
    const rate = e.event.rate(x);
    const d = scale * e.event.density!(z, 1 / scale, floatArith);
    if (Math.abs(rate - d) > AGREEMENT * Math.max(1, Math.abs(rate))) {
      throw new UsageError(
        `event "${e.event.name}": rate ${rate} at counts (${Array.from(x).join(', ')}) but N density(x/N, 1/N) = ${d}; density must be the rate per unit of N`,
      );
    }
  }
}
