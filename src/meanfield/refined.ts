/**
 * The refined mean field of a density model: every metric's series
 * meanField + order1/N (+ order2/N^2), keyed by flat metric name (s[1], ...),
 * with the expansion's evidence. What `lbcheck refined`, the claims and the
 * figures call.
 */
import type { DensityModel } from '../core/density-model.ts';
import { flatMetricName } from '../core/metric-names.ts';
import { expandMoments, type ExpansionEvidence, type Moments, type Order } from './expansion.ts';
import { metricSeries, type Series } from './metric-expansion.ts';

export type { Series } from './metric-expansion.ts';
export { atN } from './metric-expansion.ts';

export interface RefinedExpansion {
  readonly order: Order;
  readonly coordinates: readonly string[];
  readonly fixedPointMethod: string;
  readonly expansion: Readonly<Record<string, Series>>;
  readonly moments: Moments;
  readonly evidence: ExpansionEvidence;
}

export function refinedExpansion(model: DensityModel, order: Order): RefinedExpansion {
  const { moments, evidence } = expandMoments(model, order);
  const expansion: Record<string, Series> = {};
  for (const m of model.metrics) expansion[flatMetricName(m.name, m.index)] = metricSeries(m, moments, order);
  return { order, coordinates: model.names, fixedPointMethod: model.fixedPointMethod, expansion, moments, evidence };
}
