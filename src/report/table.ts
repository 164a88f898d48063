/** Plain-text tables for people (cli-table3, no colours so output pipes cleanly). */
import Table from 'cli-table3';
import { flatMetricName } from '../core/metric-names.ts';

/** Tables fit a terminal of this many columns unless the user asks for more (`check --verbose`). */
export const TABLE_WIDTH = 100;

/** Narrowest a column is squeezed to when a table must fit (its padding included). */
const MIN_COLUMN = 8;

/**
 * Column widths (cli-table3's, padding included) for a table at most `width`
 * characters wide: the content's own widths, or the ones asked for, with the
 * widest column narrowed first until the table fits (cells then wrap).
 */
export function fitColumns(head: readonly string[], rows: readonly (readonly string[])[], asked?: readonly number[], width = TABLE_WIDTH): number[] {
  const natural = head.map((h, c) => Math.max(...[h, ...rows.map((r) => r[c] ?? '')].flatMap((cell) => cell.split('\n').map((l) => l.length))) + 2);
  const widths = asked ? asked.map((w, c) => Math.min(w, natural[c])) : natural;
  // cli-table3 draws one border character before each column and one after the last.
  while (widths.reduce((a, w) => a + w, 0) + widths.length + 1 > width) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest] <= MIN_COLUMN) break;
    widths[widest]--;
  }
  return widths;
}

/** A boxed table that fits `width` columns (TABLE_WIDTH by default); long cells wrap. */
export function renderTable(head: string[], rows: (string | number)[][], colWidths?: number[], width = TABLE_WIDTH): string {
  const cells = rows.map((r) => r.map(String));
  const t = new Table({
    head,
    style: { head: [], border: [] },
    wordWrap: true,
    colWidths: fitColumns(head, cells, colWidths, width),
  });
  for (const r of cells) t.push(r);
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

/** Vector metrics longer than this show their first HEAD_ROWS entries and one row for the rest. */
const LONG_VECTOR = 12;
const HEAD_ROWS = 8;

/**
 * Metric rows, named as core/metric-names.ts flattens them (name[i]), with their
 * float and, where known, exact values. A long vector (a tail s[1..87]) shows its
 * first entries and one row summing the rest; --json has every entry.
 */
export function metricRows(metrics: Record<string, number | number[]>, exact?: Record<string, string | string[]>): string[][] {
  const rows: string[][] = [];
  for (const [name, v] of Object.entries(metrics)) {
    const values = Array.isArray(v) ? v : [v];
    const texts = exact ? (Array.isArray(exact[name]) ? (exact[name] as string[]) : [exact[name] as string]) : undefined;
    const shown = values.length > LONG_VECTOR ? HEAD_ROWS : values.length;
    for (let i = 0; i < shown; i++) {
      rows.push([flatMetricName(name, Array.isArray(v) ? i + 1 : undefined), fmt(values[i]), ...(texts ? [shortFraction(texts[i])] : [])]);
    }
    if (shown < values.length) {
      const rest = values.slice(shown);
      const sum = rest.reduce((a, x) => a + x, 0);
      rows.push([
        `${name}[${shown + 1}..${values.length}]`,
        `${rest.length} more: sum ${fmt(sum)}, largest ${fmt(rest.reduce((a, x) => Math.max(a, x), -Infinity))} (all in --json)`,
        ...(texts ? ['(in --json)'] : []),
      ]);
    }
  }
  return rows;
}

/** "name=value ..." for a header line: exact values ("1/3") as they are, numbers in full. */
export function paramText(params: Record<string, number | string | (number | string)[]>): string {
  const text = (v: number | string): string => (typeof v === 'string' ? v : fmt(v));
  return Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.map(text).join(',') : text(v)}`)
    .join(' ');
}
