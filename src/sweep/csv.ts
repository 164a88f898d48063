/**
 * A sweep's CSV, appended row by row as points finish, beside the JSON lines
 * (FILE is the record; the CSV is its flat view, kept in step with it).
 *
 * Columns are fixed once, when the header is written: `point`, the grid's axes
 * (in --grid order), `seed`, `ok`, `error`, then the leaves of the result of the
 * first finished point that has one, in that result's order, and last `other`.
 * Leaves flatten by path: `result.metrics.blocking`; a list of scalars gives one
 * column per element, numbered from 1 (`result.metrics.tokenFraction[1]`); a list
 * holding records is one column of JSON text. A later point's leaf that has no
 * column is kept in `other` (a JSON object by path), and a column a point lacks
 * is empty, so the columns never move. Points that finish with no result
 * before any point has one wait in memory for the header (FILE has them; a
 * resumed sweep catches the CSV up).
 *
 * --resume checks the CSV against FILE (its header's fixed columns, every row's
 * point and parameters, a complete last line) and appends the rows FILE has and
 * the CSV lacks, so each point is in both files exactly once.
 */
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { UsageError } from '../core/errors.ts';
import type { ResultLine } from './results.ts';

type Cell = string | number | boolean | null;

export interface CsvFile {
  append(line: ResultLine): void;
  close(): void;
}

/** The result's leaves by path (see the module comment). */
export function flattenResult(v: unknown, path = '', out = new Map<string, Cell>()): Map<string, Cell> {
  if (v === null || typeof v !== 'object') out.set(path, v as Cell);
  else if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) v.forEach((x, i) => out.set(`${path}[${i + 1}]`, x as Cell));
    else out.set(path, JSON.stringify(v));
  } else for (const [k, x] of Object.entries(v)) flattenResult(x, path ? `${path}.${k}` : k, out);
  return out;
}

const OTHER = 'other';

/** The columns every sweep's CSV starts with. */
const fixedColumns = (axes: readonly string[]): string[] => ['point', ...axes, ...(axes.includes('seed') ? [] : ['seed']), 'ok', 'error'];

function row(columns: readonly string[], axes: readonly string[], l: ResultLine): Cell[] {
  const own: Record<string, Cell> = { point: l.point, ...l.params, seed: l.seed, ok: l.ok, error: l.error ?? null };
  const leaves = l.result === undefined ? new Map<string, Cell>() : flattenResult(l.result, 'result');
  const fixed = fixedColumns(axes).length;
  const cells = columns.slice(0, -1).map((c, i) => (i < fixed ? own[c] : leaves.get(c)) ?? null);
  const known = new Set(columns);
  const other = Object.fromEntries([...leaves].filter(([k]) => !known.has(k)));
  return [...cells, Object.keys(other).length > 0 ? JSON.stringify(other) : null];
}

/** The CSV's header and the points of its rows, checked against FILE's lines (UsageError saying why not). */
function readCsv(path: string, axes: readonly string[], fileLines: readonly ResultLine[]): { columns: string[] | null; points: Set<number> } {
  const what = `--resume --csv ${path}`;
  const text = readFileSync(path, 'utf8');
  if (text === '') return { columns: null, points: new Set() };
  if (!text.endsWith('\n')) throw new UsageError(`${what}: the last line is incomplete (an interrupted write?); the file is left as it is`);
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: false }) as string[][];
  } catch (e) {
    throw new UsageError(`${what}: not a CSV this sweep wrote (${(e instanceof Error ? e.message : String(e)).split('\n')[0]}); the file is left as it is`);
  }
  const [columns, ...body] = rows;
  const fixed = fixedColumns(axes);
  if (fixed.some((c, i) => columns[i] !== c) || columns.at(-1) !== OTHER) {
    throw new UsageError(`${what}: its header is not this sweep's (it must start ${fixed.join(',')} and end ${OTHER}); the file is left as it is`);
  }
  const byPoint = new Map(fileLines.map((l) => [l.point, l]));
  const points = new Set<number>();
  body.forEach((r, i) => {
    const n = i + 2;
    const k = Number(r[0]);
    const line = byPoint.get(k);
    if (!/^\d+$/.test(r[0]) || !line)
      throw new UsageError(`${what}: line ${n} is point ${r[0]}, which the JSON lines do not have (not this sweep's CSV?); the file is left as it is`);
    if (points.has(k)) throw new UsageError(`${what}: line ${n} is corrupt (point ${k} is written twice); the file is left as it is`);
    if (axes.some((a, j) => r[j + 1] !== line.params[a]))
      throw new UsageError(`${what}: line ${n} is corrupt (point ${k}'s parameters do not match this sweep); the file is left as it is`);
    points.add(k);
  });
  return { columns, points };
}

/**
 * Opens the CSV: a new file (refusing an existing one), or with `resume` the
 * existing one after checking it against FILE's lines (a missing CSV starts
 * anew); then catches it up with FILE's lines it lacks.
 */
export function openCsv(path: string, axes: readonly string[], resume: boolean, fileLines: readonly ResultLine[]): CsvFile {
  let columns: string[] | null = null;
  let written = new Set<number>();
  let fd: number;
  try {
    if (resume && existsSync(path)) {
      ({ columns, points: written } = readCsv(path, axes, fileLines));
      fd = openSync(path, 'a');
    } else fd = openSync(path, 'wx');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'EEXIST'
        ? `--csv ${path} exists; pass --resume to continue that sweep, or choose another file`
        : `--csv ${path}: cannot open (${(e as Error).message})`,
    );
  }
  const held: ResultLine[] = [];
  // true/false spelled out (csv-stringify writes false as an empty cell by default).
  const write = (cells: Cell[][]): void => void writeSync(fd, stringify(cells, { cast: { boolean: (b) => String(b) } }));
  const append = (l: ResultLine): void => {
    if (columns === null) {
      if (l.result === undefined) return void held.push(l);
      columns = [...fixedColumns(axes), ...flattenResult(l.result, 'result').keys(), OTHER];
      write([columns, ...[...held, l].map((h) => row(columns!, axes, h))]);
      held.length = 0;
      return;
    }
    write([row(columns, axes, l)]);
  };
  for (const l of [...fileLines].sort((a, b) => a.point - b.point)) if (!written.has(l.point)) append(l);
  return {
    append,
    close() {
      // No point had a result: the header has the fixed columns only.
      if (columns === null && held.length > 0) write([[...fixedColumns(axes), OTHER], ...held.map((h) => row([...fixedColumns(axes), OTHER], axes, h))]);
      closeSync(fd);
    },
  };
}
