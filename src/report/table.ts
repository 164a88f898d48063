/** Plain-text tables for people (cli-table3, no colours so output pipes cleanly). */
import Table from 'cli-table3';
import { flattenMetrics } from '../core/metric-names.ts';

export function renderTable(head: string[], rows: (string | number)[][], colWidths?: number[]): string {
  const t = new Table({
    head,
    style: { head: [], border: [] },
    wordWrap: true,
    ...(colWidths ? { colWidths } : {}),
  });
  for (const r of rows) t.push(r.map(String));
  return t.toString();
}

export function fmt(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
  const a = Math.abs(x);
  return a >= 1e-4 && a < 1e6 ? x.toPrecision(12).replace(/\.?0+$/, '') : x.toExponential(6);
}

/** An exact p/q for a table: long ones abbreviated to their leading digits and sizes (--json has them whole). */
export function shortFraction(text: string): string {
  if (text.length <= 60) return text;
  const [p, q = '1'] = text.split('/');
  return `${p.slice(0, 12)}…/${q.slice(0, 12)}… (${p.replace('-', '').length}/${q.length} digits)`;
}

/** Metric rows "name[i]" (core/metric-names.ts) with their float and, where known, exact values. */
export function metricRows(metrics: Record<string, number | number[]>, exact?: Record<string, string | string[]>): string[][] {
  const text = exact && flattenMetrics(exact);
  return Object.entries(flattenMetrics(metrics)).map(([name, x]) => [name, fmt(x), ...(text ? [shortFraction(text[name])] : [])]);
}

export function paramText(params: Record<string, number | number[] | string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.map(fmt).join(',') : typeof v === 'string' ? v : fmt(v)}`)
    .join(' ');
}
