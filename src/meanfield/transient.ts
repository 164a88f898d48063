/**
 * The transient refined mean field to order 1 (Gast, Bortolussi & Tribastone
 * 2019, transient regime): from a deterministic start x(0) (so V(0) = W(0) = 0),
 *   dx/dt = f(x)
 *   dV/dt = F(x) V + 1/2 F2(x):W + g(x)
 *   dW/dt = F(x) W + W F(x)^T + Q(x)
 * with F, F2, g, Q as in ./expansion.ts, evaluated along the trajectory; then
 * E[m(X^N_t)] = m(x(t)) + (Dm V(t) + 1/2 D2m:W(t))/N + O(1/N^2). Integrated by
 * the fluid engine's Dormand-Prince (src/fluid/integrate.ts) on the n + n + n^2
 * unknowns, time segment by time segment.
 */
import type { DensityModel } from '../core/density-model.ts';
import type { FluidSystem } from '../core/fluid-view.ts';
import { flatMetricName } from '../core/metric-names.ts';
import { integrate, type IntegrationEvidence } from '../fluid/integrate.ts';
import { driftParts, hessianContraction, termsAt } from './drift-parts.ts';
import { metricSeries, type Series } from './metric-expansion.ts';

export interface TransientPoint {
  readonly t: number;
  readonly expansion: Readonly<Record<string, Series>>;
}

function momentSystem(model: DensityModel): FluidSystem {
  const n = model.names.length;
  return {
    names: [...model.names, ...model.names.map((c) => `V.${c}`), ...model.names.flatMap((a) => model.names.map((b) => `W.${a}.${b}`))],
    faces: [],
    invariants: [],
    derivative(y, dy) {
      const x = y.subarray(0, n);
      const V = y.subarray(n, 2 * n);
      const W = y.subarray(2 * n);
      const terms = termsAt(model, Float64Array.from(x), 2);
      const { f, F, g, Q } = driftParts(terms, n);
      const F2W = hessianContraction(terms, W, n);
      for (let i = 0; i < n; i++) {
        dy[i] = f[i];
        let s = F2W[i] / 2 + g[i];
        for (let k = 0; k < n; k++) s += F[i * n + k] * V[k];
        dy[n + i] = s;
        for (let j = 0; j < n; j++) {
          let w = Q[i * n + j];
          for (let k = 0; k < n; k++) w += F[i * n + k] * W[k * n + j] + W[i * n + k] * F[j * n + k];
          dy[2 * n + i * n + j] = w;
        }
      }
    },
  };
}

/** The order-1 expansion of every metric at each time (ascending, >= 0) from `start` (default: every coordinate 0). */
export function transientExpansion(model: DensityModel, times: readonly number[]): { points: TransientPoint[]; evidence: IntegrationEvidence[] } {
  const n = model.names.length;
  const sys = momentSystem(model);
  let y = new Float64Array(2 * n + n * n);
  if (model.start) y.set(model.start);
  let now = 0;
  const points: TransientPoint[] = [];
  const evidence: IntegrationEvidence[] = [];
  for (const t of times) {
    if (t > now) {
      const tr = integrate(sys, y, { t: t - now, samples: 2 });
      if (!tr.evidence.completed) throw new Error(`the moment ODE did not reach t = ${t} (${tr.evidence.steps} steps)`);
      evidence.push(tr.evidence);
      y = Float64Array.from(tr.final);
      now = t;
    }
    const moments = { n, pi: y.slice(0, n), V: y.slice(n, 2 * n), W: y.slice(2 * n) };
    const expansion: Record<string, Series> = {};
    for (const m of model.metrics) expansion[flatMetricName(m.name, m.index)] = metricSeries(m, moments, 1);
    points.push({ t, expansion });
  }
  return { points, evidence };
}
