/**
 * A recorded coupled run (src/coupling/coupled-run.ts) for people: one block
 * per step, the systems in aligned columns (what the event did, then each
 * quantity), the ordered values, and the violated relation marked with >>.
 * No line is wider than MAX_WIDTH.
 */
import Table from 'cli-table3';
import type { TraceStep } from '../coupling/coupled-run.ts';
import { drawsText, quantityText } from './quantity-text.ts';
import { LINE_WIDTH } from './wrap.ts';

export const MAX_WIDTH = LINE_WIDTH;

const BLANK = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: ' ',
};

/** Wraps a line at `width` characters, at a space where one is near, continuation lines indented. */
function wrapLine(line: string, width = MAX_WIDTH): string[] {
  const out: string[] = [];
  let rest = line;
  let indent = '';
  while (indent.length + rest.length > width) {
    const room = width - indent.length;
    const space = rest.lastIndexOf(' ', room);
    const cut = space > room / 2 ? space : room;
    out.push(indent + rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
    indent = '    ';
  }
  out.push(indent + rest);
  return out;
}

type StepRows = { rows: string[][]; aside: string[] };

function stepRows(step: TraceStep): StepRows {
  const names = step.systems.map((s) => s.name);
  const failed = step.violation?.comparison;
  const rows: string[][] = [];
  if (step.event) rows.push(['did', ...step.systems.map((s) => s.did.join('; ') || '-')]);
  const keys = [...new Set(step.systems.flatMap((s) => Object.keys(s.quantities)))];
  for (const k of keys) rows.push([k, ...step.systems.map((s) => (k in s.quantities ? quantityText(s.quantities[k]) : ''))]);
  const aside: string[] = [];
  for (const [quantity, sides] of Object.entries(step.ordered)) {
    const violated = failed?.quantity === quantity;
    if (Object.keys(sides).every((label) => names.includes(label))) {
      rows.push([
        `${violated ? '>> ' : ''}${quantity}`,
        ...names.map((n) => (n in sides ? `${sides[n]}${violated && (failed.left.label === n || failed.right.label === n) ? ' <<' : ''}` : '')),
      ]);
    } else {
      aside.push(
        `  ${violated ? '>> ' : ''}${quantity}: ${Object.entries(sides)
          .map(([l, v]) => `${l} = ${v}`)
          .join(', ')}`,
      );
    }
  }
  return { rows, aside };
}

/** Column widths shared by every step's block, so the systems stay in the same columns. */
function columnWidths(all: readonly StepRows[], names: readonly string[], width: number): number[] {
  const rows = all.flatMap((s) => s.rows);
  const labelWidth = Math.min(34, Math.max(5, ...rows.map((r) => r[0].length))) + 2;
  const room = Math.floor((width - 2 - labelWidth - names.length) / names.length);
  return [labelWidth, ...names.map((n, k) => Math.min(room, 48, Math.max(n.length, ...rows.map((r) => r[k + 1].length)) + 2))];
}

function block(names: readonly string[], s: StepRows, widths: number[]): string[] {
  const table = new Table({
    head: ['', ...names],
    chars: BLANK,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 1 },
    wordWrap: true,
    colWidths: widths,
  });
  for (const r of s.rows) table.push(r);
  return [
    ...table
      .toString()
      .split('\n')
      .map((l) => `  ${l.trimEnd()}`),
    ...s.aside,
  ];
}

/** The whole run: a block per step, then the verdict line, no line wider than `width`. */
export function traceText(steps: readonly TraceStep[], events: number, width = MAX_WIDTH): string[] {
  const lines: string[] = [];
  const names = steps[0]?.systems.map((s) => s.name) ?? [];
  const rows = steps.map(stepRows);
  const widths = columnWidths(rows, names, width);
  for (const [i, s] of steps.entries()) {
    lines.push(s.event ? `step ${s.step}: ${s.event.text}` : 'step 0: start');
    if (s.event) lines.push(`  draws: ${drawsText(s.event.draws)}`);
    lines.push(...block(names, rows[i], widths));
    if (s.joint)
      lines.push(
        `  joint: ${Object.entries(s.joint)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
  }
  const v = steps.at(-1)?.violation;
  lines.push(v ? `VIOLATED after step ${v.step}: ${v.order}: ${v.why}` : `every order holds through step ${events}`);
  return lines.flatMap((l) => wrapLine(l, width));
}
