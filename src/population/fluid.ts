/**
 * The fluid (N -> infinity) limit of a density-dependent population: with
 * rates N f_e(x/N), the fractions z = x/N follow Kurtz's drift
 *   dz/dt = F(z) = sum_e change_e f_e(z)
 * (Kurtz 1970; Ethier and Kurtz, Markov Processes, ch. 11), where f_e is the
 * event's `limit` when it has one, else rate_e(N z)/N at the declared scale N.
 * The fixed point is where the ODE from the declared start settles
 * (max |F| below 1e-10). Where the field switches on a face (JIQ's empty
 * token pools) the family's own fluid view must give the sliding motion.
 *
 * The counts N z are fractional: rates (and the metrics' rewards) are called
 * here with counts that are not integers, so they must be written for real
 * counts (no binomial of a count, no count as an index), or the event must give
 * `limit(z)`. A rate or reward that throws there, or is not a finite number,
 * is a one-line UsageError naming the family, the event or metric, and the
 * counts (a slightly negative rate near a face, from rounding, is left to the
 * integrator).
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

/** The rule the fluid view's counts follow, for errors. */
const FRACTIONAL = 'the fluid view calls rates and rewards at the fractional counts N z (not integers): write them for real counts, or give the event limit(z)';

/** A rate or reward that fails at fractional counts: one line naming the family, what failed and where. */
function fractionalError(family: string, what: string, problem: string, L: Layout<number>, xs: Float64Array): UsageError {
  return new UsageError(`${family}: ${what} ${problem} at counts ${L.describe(xs)}; ${FRACTIONAL}`);
}

const thrown = (e: unknown): string => `throws (${e instanceof Error ? e.message : String(e)})`;

/** The drift of a float declaration at scale N (the parameter rates are N f(x/N) in); `family` names it in errors. */
export function populationFluid(pop: Population<number>, scale: number, family = 'the population'): PopulationFluid {
  const L = layout(pop);
  const m = L.names.length;
  const xs = new Float64Array(m); // N z, the counts the rates are written in
  const { events } = L;
  const system: FluidSystem = {
    names: L.names,
    faces: [],
    invariants:
      L.total === undefined
        ? []
        : [{ name: `sum of the counts = ${L.total} (over N = ${scale})`, weights: new Float64Array(m).fill(1), total: L.total / scale }],
    derivative(z, dz) {
      for (let i = 0; i < m; i++) xs[i] = z[i] * scale;
      dz.fill(0);
      for (let k = 0; k < events.length; k++) {
        const e = events[k];
        let f: number;
        try {
          f = e.event.limit ? e.event.limit(z) : e.event.rate(xs) / scale;
        } catch (err) {
          throw fractionalError(family, `event "${e.event.name}"`, thrown(err), L, xs);
        }
        if (!Number.isFinite(f)) throw fractionalError(family, `event "${e.event.name}"`, `has rate ${f}`, L, xs);
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
export function fluidMetrics(pop: Population<number>, scale: number, z: Float64Array, family = 'the population'): MetricValues<number> {
  const xs = Float64Array.from(z, (v) => v * scale);
  const L = layout(pop);
  const out: MetricValues<number> = {};
  for (const m of pop.metrics) {
    let v: number;
    try {
      v = m.per ? m.reward(xs) / m.per(xs) : m.reward(xs);
    } catch (err) {
      throw fractionalError(family, `metric "${m.name}"`, thrown(err), L, xs);
    }
    if (!Number.isFinite(v)) throw fractionalError(family, `metric "${m.name}"`, `is ${v}`, L, xs);
    if (m.index === undefined) out[m.name] = v;
    else ((out[m.name] ??= []) as number[])[m.index - 1] = v;
  }
  return out;
}
