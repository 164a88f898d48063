/**
 * The fluid (N -> infinity) limit of a density-dependent population: with
 * rates N f_e(x/N), the fractions z = x/N follow Kurtz's drift
 *   dz/dt = F(z) = sum_e change_e f_e(z)
 * (Kurtz 1970; Ethier and Kurtz, Markov Processes, ch. 11), where f_e is the
 * event's `limit` when it has one, else rate_e(N z)/N at the declared scale N.
 * The fixed point is where the ODE from the declared start settles
 * (max |F| below 1e-10). Where the field switches on a face (JIQ's empty
 * token pools) the family's own fluid view must give the sliding motion.
 */
import { UsageError } from '../core/errors.ts';
import type { MetricValues } from '../core/model.ts';
import { integrate } from '../fluid/integrate.ts';
import type { FluidFixedPoint, FluidSystem } from '../core/fluid-view.ts';
import { layout, type Layout } from './layout.ts';
import type { Population } from './types.ts';

/** Drift below which the ODE counts as settled at its fixed point. */
const SETTLED = 1e-10;
/** Horizons tried in turn for the fixed point. */
const HORIZONS = [200, 2000, 20000];

export interface PopulationFluid {
  readonly layout: Layout<number>;
  readonly system: FluidSystem;
  /** The declared initial counts as fractions. */
  readonly start: Float64Array;
}

/** The drift of a float declaration at scale N (the parameter rates are N f(x/N) in). */
export function populationFluid(pop: Population<number>, scale: number): PopulationFluid {
  const L = layout(pop);
  const m = L.names.length;
  const xs = new Float64Array(m); // N z, the counts the rates are written in
  const { events } = L;
  const system: FluidSystem = {
    names: L.names,
    faces: [],
    invariants: L.total === undefined ? [] : [{ name: `sum of the counts = ${L.total} (over N = ${scale})`, weights: new Float64Array(m).fill(1), total: L.total / scale }],
    derivative(z, dz) {
      for (let i = 0; i < m; i++) xs[i] = z[i] * scale;
      dz.fill(0);
      for (let k = 0; k < events.length; k++) {
        const e = events[k];
        const f = e.event.limit ? e.event.limit(z) : e.event.rate(xs) / scale;
        for (let j = 0; j < e.index.length; j++) dz[e.index[j]] += e.delta[j] * f;
      }
    },
  };
  return { layout: L, system, start: Float64Array.from(L.initialCounts, (v) => v / scale) };
}

/** The user's --x0 (fractions of the scale, one per count) or the declared start. */
export function fluidStart(f: PopulationFluid, values?: readonly number[]): Float64Array {
  if (values === undefined) return Float64Array.from(f.start);
  const names = f.layout.names;
  if (values.length !== names.length) throw new UsageError(`--x0 needs ${names.length} values (${names.join(', ')}), got ${values.length}`);
  if (values.some((v) => !(v >= 0))) throw new UsageError(`--x0 values must be >= 0, got ${values.join(',')}`);
  return Float64Array.from(values);
}

export function fluidFixedPoint(f: PopulationFluid): FluidFixedPoint {
  const dz = new Float64Array(f.start.length);
  let x = f.start;
  for (const t of HORIZONS) {
    const tr = integrate(f.system, x, { t, samples: 2 });
    x = tr.final;
    f.system.derivative(x, dz);
    const drift = dz.reduce((a, v) => Math.max(a, Math.abs(v)), 0);
    if (drift <= SETTLED) return { state: x, method: `ODE of the derived drift run to t = ${t} from the declared start (max |F| = ${drift.toExponential(2)})` };
  }
  return { state: Float64Array.from(x, () => Number.NaN), method: `not found: the derived drift had not settled by t = ${HORIZONS[HORIZONS.length - 1]}` };
}

/** The declared metrics at fractions z, evaluated at the counts N z (ratio metrics as reward/per). */
export function fluidMetrics(pop: Population<number>, scale: number, z: Float64Array): MetricValues<number> {
  const xs = Float64Array.from(z, (v) => v * scale);
  const out: MetricValues<number> = {};
  for (const m of pop.metrics) {
    const v = m.per ? m.reward(xs) / m.per(xs) : m.reward(xs);
    if (m.index === undefined) out[m.name] = v;
    else ((out[m.name] ??= []) as number[])[m.index - 1] = v;
  }
  return out;
}
