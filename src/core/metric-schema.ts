/**
 * A family's metric schema: each metric's name and whether it is a scalar or a
 * vector (per dispatcher, per level ..., flattened as name[i]: metric-names.ts).
 * The CTMC's rewards, the simulator's slots and the fluid view's metrics all
 * use these names (the family contract test checks it), and claims read metric
 * values through `metricsOf`, typed by the schema: a misspelt metric is a type
 * error, or at run time a UsageError naming the metrics there are, never a NaN.
 */
import { UsageError } from './errors.ts';
import type { MetricValues } from './model.ts';
import { vectorNames } from './metric-names.ts';

export type MetricKind = 'scalar' | 'vector';
export type MetricSchema = Readonly<Record<string, MetricKind>>;

/** Metric values typed by a schema: scalars as V, vectors as V[]. */
export type MetricsOf<M extends MetricSchema, V> = { readonly [K in keyof M]: M[K] extends 'vector' ? V[] : V };

/**
 * The values, checked against the family's schema (when it has one) and typed
 * by it: every schema metric, or the `names` given (views that report part of
 * the schema, e.g. a product form without the token split).
 */
export function metricsOf<M extends MetricSchema, V, K extends keyof M & string = keyof M & string>(
  family: { readonly id: string; readonly metrics?: M },
  values: MetricValues<V>,
  names?: readonly K[],
): Pick<MetricsOf<M, V>, K> {
  const schema = family.metrics;
  if (schema) {
    for (const name of names ?? Object.keys(schema)) {
      const kind = schema[name];
      if (kind === undefined) throw new UsageError(`${family.id}: "${name}" is not one of its metrics (${Object.keys(schema).join(', ')})`);
      const v = values[name];
      if (v === undefined || Array.isArray(v) !== (kind === 'vector')) {
        throw new UsageError(`${family.id}: no ${kind} metric "${name}" among the values (${describeValues(values)})`);
      }
    }
  }
  return values as unknown as Pick<MetricsOf<M, V>, K>;
}

function describeValues(values: MetricValues<unknown>): string {
  return (
    Object.entries(values)
      .map(([k, v]) => (Array.isArray(v) ? `${k}[1..${v.length}]` : k))
      .join(', ') || 'none'
  );
}

/** Names and kinds of metric definitions (name, optional 1-based index) that the schema lacks or types otherwise. */
export function schemaMismatches(schema: MetricSchema, defs: readonly { name: string; index?: number }[]): string[] {
  const out = new Set<string>();
  for (const d of defs) {
    const kind: MetricKind = d.index === undefined ? 'scalar' : 'vector';
    if (schema[d.name] !== kind) out.add(`${d.name} (${kind}; schema: ${schema[d.name] ?? 'absent'})`);
  }
  for (const name of Object.keys(schema)) if (!defs.some((d) => d.name === name)) out.add(`${name} (in the schema, not defined)`);
  return [...out];
}

type VectorNames<M extends MetricSchema> = { [K in keyof M]: M[K] extends 'vector' ? K : never }[keyof M];

/** A simulator's estimate slots, in schema order: scalars by name, each vector as name[1..n] (metric-names.ts). */
export interface MetricSlots<M extends MetricSchema> {
  readonly names: string[];
  /** The slot of each scalar; the first slot (name[1]) of each vector. */
  readonly at: { readonly [K in keyof M]: number };
  /** Per slot: whether it belongs to one of these metrics (e.g. the time averages among a recorder's slots). */
  of(metrics: readonly (keyof M)[]): boolean[];
}

/** The slots of a schema whose vectors have these lengths (a vector missing from `lengths` is a type error). */
export function metricSlots<M extends MetricSchema>(schema: M, lengths: { readonly [K in VectorNames<M>]: number }): MetricSlots<M> {
  const names: string[] = [];
  const owner: (keyof M)[] = [];
  const at = {} as Record<keyof M, number>;
  for (const name of Object.keys(schema) as (keyof M & string)[]) {
    at[name] = names.length;
    const flat = schema[name] === 'vector' ? vectorNames(name, (lengths as Record<string, number>)[name]) : [name];
    for (const n of flat) {
      names.push(n);
      owner.push(name);
    }
  }
  return { names, at, of: (metrics) => owner.map((m) => metrics.includes(m)) };
}
