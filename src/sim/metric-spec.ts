/**
 * Which metrics a regression compares: `--metrics blocking,s[1..4],tokenFraction`
 * (a scalar, a range of a vector's components, a whole vector), or, without it,
 * the metrics the simulator reports on the first case, read as such a list.
 */
import { UsageError } from '../core/errors.ts';
import type { MetricSchema } from '../core/metric-schema.ts';

/** A metric, or components from..to of a vector metric (1-based, both included; to absent: to the end). */
export interface MetricItem {
  readonly name: string;
  readonly from?: number;
  readonly to?: number;
}

const ITEM = /^([A-Za-z_][\w]*)(?:\[(\d+)(?:\.\.(\d+)?)?\])?$/;

/** Reads `a,b,s[1..4],t[2],u[3..]`, checking names and kinds against the family's schema. */
export function parseMetricSpec(text: string, schema: MetricSchema | undefined, family: string): MetricItem[] {
  const parts = text.split(/,(?![^[]*\])/).map((t) => t.trim());
  if (parts.some((t) => t === '')) throw new UsageError(`--metrics ${text}: an empty name`);
  return parts.map((part) => {
    const m = ITEM.exec(part);
    if (!m) throw new UsageError(`--metrics: "${part}" is not a metric name, name[i] or name[i..j]`);
    const [, name, a, b] = m;
    const indexed = a !== undefined;
    if (schema) {
      const kind = Object.hasOwn(schema, name) ? schema[name] : undefined;
      if (kind === undefined) throw new UsageError(`--metrics: ${family} has no metric "${name}" (metrics: ${Object.keys(schema).join(', ')})`);
      if (indexed && kind !== 'vector') throw new UsageError(`--metrics: "${name}" is a scalar metric, it has no components ("${part}")`);
    }
    if (!indexed) return { name };
    const from = Number(a);
    const to = b === undefined ? (part.includes('..') ? undefined : from) : Number(b);
    if (from < 1 || (to !== undefined && to < from)) throw new UsageError(`--metrics: "${part}": components are numbered from 1, first <= last`);
    return { name, from, ...(to !== undefined ? { to } : {}) };
  });
}

const COMPONENT = /^(.*)\[(\d+)\]$/;

/** The flat names of `names` (one case's chain) that the items select, in the chain's order. */
export function selectMetrics(items: readonly MetricItem[], names: readonly string[]): string[] {
  return names.filter((n) => {
    const c = COMPONENT.exec(n);
    const base = c ? c[1] : n;
    const i = c ? Number(c[2]) : undefined;
    return items.some((it) => it.name === base && (it.from === undefined || (i !== undefined && i >= it.from && (it.to === undefined || i <= it.to))));
  });
}

/**
 * The items that select `reported` among `names` (a case's chain): a vector
 * whose components are all reported is taken whole (so a case with more
 * dispatchers compares all of its own), otherwise the components reported.
 */
export function specOf(reported: readonly string[], names: readonly string[]): MetricItem[] {
  const have = new Set(reported);
  const items: MetricItem[] = [];
  const seen = new Set<string>();
  for (const n of names) {
    const c = COMPONENT.exec(n);
    if (!c) {
      if (have.has(n)) items.push({ name: n });
      continue;
    }
    const base = c[1];
    if (seen.has(base)) continue;
    seen.add(base);
    const all = names.filter((x) => COMPONENT.exec(x)?.[1] === base);
    const got = all.filter((x) => have.has(x));
    if (got.length === all.length) items.push({ name: base });
    else items.push(...componentRuns(got));
  }
  return items;
}

/**
 * Components name[i] as runs of consecutive indices (s[1..4], not s[1], s[2], ...); other names as they are.
 * With `sorted`, components of one metric are gathered first (names from several cases, in first-seen order).
 */
export function componentRuns(names: readonly string[], sorted = false): MetricItem[] {
  const base = (n: string): string => COMPONENT.exec(n)?.[1] ?? n;
  const order = new Map<string, number>();
  for (const n of names) if (!order.has(base(n))) order.set(base(n), order.size);
  const index = (n: string): number => Number(COMPONENT.exec(n)?.[2] ?? 0);
  const list = sorted ? [...names].sort((a, b) => order.get(base(a))! - order.get(base(b))! || index(a) - index(b)) : names;
  const items: MetricItem[] = [];
  for (const n of list) {
    const c = COMPONENT.exec(n);
    const last = items[items.length - 1];
    if (!c) items.push({ name: n });
    else if (last?.name === c[1] && last.to === Number(c[2]) - 1) items[items.length - 1] = { name: last.name, from: last.from, to: Number(c[2]) };
    else items.push({ name: c[1], from: Number(c[2]), to: Number(c[2]) });
  }
  return items;
}

/** "a, b, s[1..4]", for reports. */
export function specText(items: readonly MetricItem[]): string {
  return items
    .map((it) => (it.from === undefined ? it.name : it.to === it.from ? `${it.name}[${it.from}]` : `${it.name}[${it.from}..${it.to ?? ''}]`))
    .join(', ');
}
