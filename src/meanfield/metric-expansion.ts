/**
 * A metric's expansion E[m(X^N)] = m0 + m1/N + m2/N^2 from the moments of
 * Y = X^N - pi (./expansion.ts): with E[Y] = V/N + A2/N^2, E[YY] = W/N + B/N^2,
 * E[YYY] = C/N^2, E[YYYY] = D/N^2 (D = 3 sym(W W)), Taylor's formula gives
 *   m1 = Dm V + 1/2 D2m:W,
 *   m2 = Dm A2 + 1/2 D2m:B + 1/6 D3m:C + 1/24 D4m:D.
 * A ratio metric E[value]/E[per] is the quotient of two such series:
 *   (a0 + a1/N + a2/N^2)/(b0 + b1/N + b2/N^2)
 *     = a0/b0 + (a1 - q0 b1)/b0 /N + (a2 - q0 b2 - q1 b1)/b0 /N^2  (q0, q1 its first two terms).
 */
import type { Arith } from '../core/arith.ts';
import { contract2 } from './drift-parts.ts';
import { contract3, contract4Gaussian, type Moments } from './expansion.ts';
import { localJet } from './local-jet.ts';
import type { DensityMetric } from '../core/density-model.ts';

export interface Series {
  readonly meanField: number;
  readonly order1: number;
  /** Absent at order 1. */
  readonly order2?: number;
}

function seriesOf(name: string, fn: <U>(z: readonly U[], A: Arith<U>) => U, m: Moments, order: 1 | 2): Series {
  const { pi, n, V, W } = m;
  const jet = localJet(`metric ${name}`, (z, _eps, A) => fn(z, A), pi, order === 1 ? 2 : 4);
  const { deps, grad, hess, third, fourth } = jet;
  const dot = (x: Float64Array): number => (grad.length === 0 ? 0 : deps.reduce((s, j, a) => s + grad[a] * x[j], 0));
  const order1 = dot(V) + contract2(hess, deps, W, n) / 2;
  if (order === 1) return { meanField: jet.b, order1 };
  if (!m.C && third.length > 0 && third.some((v) => v !== 0)) throw new Error('a metric with third derivatives needs the third moment, which was not computed');
  const order2 = dot(m.A2!) + contract2(hess, deps, m.B!, n) / 2 + (m.C ? contract3(third, deps, m.C, n) / 6 : 0) + contract4Gaussian(fourth, deps, W, n) / 24;
  return { meanField: jet.b, order1, order2 };
}

export function metricSeries(metric: DensityMetric, m: Moments, order: 1 | 2): Series {
  const name = metric.index === undefined ? metric.name : `${metric.name}[${metric.index}]`;
  const a = seriesOf(name, metric.value, m, order);
  if (!metric.per) return a;
  const b = seriesOf(name, metric.per, m, order);
  const q0 = a.meanField / b.meanField;
  const q1 = (a.order1 - q0 * b.order1) / b.meanField;
  if (order === 1) return { meanField: q0, order1: q1 };
  return { meanField: q0, order1: q1, order2: (a.order2! - q0 * b.order2! - q1 * b.order1) / b.meanField };
}

/** The series' value at N: meanField + order1/N (+ order2/N^2). */
export function atN(s: Series, N: number, order: 1 | 2): number {
  return s.meanField + s.order1 / N + (order === 2 ? (s.order2 ?? 0) / (N * N) : 0);
}
