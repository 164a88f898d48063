/** The one flattening of vector metrics for estimates, tables and external simulators: name[i] (1-based). */
export function flatMetricName(name: string, index?: number): string {
  return index === undefined ? name : `${name}[${index}]`;
}

/** Metric values keyed by flat name: vector metrics as name[i]. */
export function flattenMetrics(m: Record<string, number | number[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, v] of Object.entries(m)) {
    if (Array.isArray(v)) v.forEach((x, i) => (out[flatMetricName(name, i + 1)] = x));
    else out[name] = v;
  }
  return out;
}
