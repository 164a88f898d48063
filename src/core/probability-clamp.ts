/**
 * Metrics that are probabilities (ModelFamily.probabilities: each value, each
 * entry of a vector, in [0, 1]) clamped to [0, 1]. Float formulas land a
 * rounding error outside (jiq-blocking's fluid blocking 1 - served / lambda
 * gave -1.33e-15 with 60 equal dispatchers); each clamp is recorded with the
 * value it replaced, and flagged when it moved the value by more than
 * `tolerance`, which rounding alone does not explain.
 */
import { flatMetricName } from './metric-names.ts';
import type { MetricValues } from './model.ts';

export interface Clamp {
  /** The metric's flat name (name[i] for a vector's entry). */
  metric: string;
  /** The value before clamping. */
  value: number;
  /** Moved by more than the tolerance. */
  beyondTolerance: boolean;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : Math.min(x, 1);
}

/** The values with the probabilities among them clamped to [0, 1], and the clamps that moved one. */
export function clampProbabilities(
  values: MetricValues<number>,
  probabilities: readonly string[] | undefined,
  tolerance: number,
): { values: MetricValues<number>; clamps: Clamp[] } {
  const clamps: Clamp[] = [];
  const one = (name: string, x: number, index?: number): number => {
    if (Number.isNaN(x)) return x; // left open (a fixed point's undetermined coordinate)
    const c = clamp01(x);
    if (c !== x) clamps.push({ metric: flatMetricName(name, index), value: x, beyondTolerance: Math.abs(c - x) > tolerance });
    return c;
  };
  const out: MetricValues<number> = { ...values };
  for (const name of probabilities ?? []) {
    const v = values[name];
    if (v === undefined) continue;
    out[name] = Array.isArray(v) ? v.map((x, i) => one(name, x, i + 1)) : one(name, v);
  }
  return { values: out, clamps };
}
