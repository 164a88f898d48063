/**
 * Stationary metrics of a chain definition written directly in a test
 * (e.g. a labelled per-server chain), through the same explorer and exact
 * and float solvers as the models, but without a model family around it.
 */
import { exactArith, floatArith } from '../../src/core/arith.ts';
import type { ChainDefinition, MetricValues } from '../../src/core/model.ts';
import type { Rational } from '../../src/core/rational.ts';
import { bandOf } from '../../src/ctmc/band.ts';
import { solveExact } from '../../src/ctmc/exact.ts';
import { explore } from '../../src/ctmc/explore.ts';
import { solveGth } from '../../src/ctmc/gth.ts';
import { exactMetrics, floatMetrics } from '../../src/ctmc/metrics.ts';

export function exactChainMetrics(def: ChainDefinition<Rational>): { states: number; values: MetricValues<Rational> } {
  const g = explore(def, exactArith);
  const sol = solveExact(g, bandOf(g));
  return { states: g.n, values: exactMetrics(def, exactArith, g.codes, sol.numerators, sol.total).values };
}

/** The same in float, by banded GTH. */
export function floatChainMetrics(def: ChainDefinition<number>): { states: number; values: MetricValues<number> } {
  const g = explore(def, floatArith);
  const pi = solveGth(g, bandOf(g));
  if (!pi) throw new Error('GTH met a zero pivot');
  return { states: g.n, values: floatMetrics(def, floatArith, g.codes, pi) };
}

/** Every k-element subset of items (k <= items.length), in lexicographic order. */
export function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [head, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [head, ...s]), ...subsets(rest, k)];
}

/** Values of a metric as "p/q" text, for readable comparisons. */
export function asText(v: Rational | Rational[]): string | string[] {
  return Array.isArray(v) ? v.map((x) => x.toFraction()) : v.toFraction();
}
