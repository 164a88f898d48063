/**
 * The one flattening of vector metrics, used by estimates, tables, regression
 * and external simulators alike: a vector metric `name` with values v_1..v_n
 * is reported as name[1]..name[n] (1-based, as MetricDef.index).
 */
import type { MetricValues } from './model.ts';

export function flatMetricName(name: string, index?: number): string {
  return index === undefined ? name : `${name}[${index}]`;
}

/** name[1]..name[n]: the slots of a vector metric (e.g. a simulator's per-dispatcher estimates). */
export function vectorNames(name: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => flatMetricName(name, i + 1));
}

/** Metric values keyed by flat name. */
export function flattenMetrics<V>(m: MetricValues<V>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [name, v] of Object.entries(m)) {
    if (Array.isArray(v)) v.forEach((x, i) => (out[flatMetricName(name, i + 1)] = x));
    else out[name] = v;
  }
  return out;
}
