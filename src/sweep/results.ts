/**
 * A sweep's results file: JSON lines. Line 1 is the header (the sweep's
 * definition and id); each further line is one finished point, appended as it
 * finishes, in whatever order points finish. A file is only ever appended to:
 * a new sweep refuses an existing file, and --resume continues a file only when
 * it is this sweep's and every line reads back, so nothing written is lost or
 * computed twice.
 */
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { UsageError } from '../core/errors.ts';
import type { GridAxis } from './grid.ts';

export interface SweepDefinition {
  readonly command: string;
  /** The family (or, for check, the claim) swept. */
  readonly subject: string;
  readonly grid: readonly GridAxis[];
  /** Every option not on the grid, as text (defaults included), by attribute name. */
  readonly fixed: Readonly<Record<string, string>>;
  /** Seeded commands: point k runs with seed (seedBase + k) mod 2^32, unless the grid sets the seed. */
  readonly seedBase: number | null;
  readonly points: number;
}

export interface SweepHeader extends SweepDefinition {
  readonly lbcheckSweep: 1;
  readonly id: string;
}

export interface ResultLine {
  readonly point: number;
  /** The point's grid values, as text. */
  readonly params: Readonly<Record<string, string>>;
  readonly seed: number | null;
  readonly ok: boolean;
  readonly result?: unknown;
  readonly error?: string;
}

/** Canonical JSON (sorted keys), so equal definitions hash equally. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

export function sweepHeader(d: SweepDefinition): SweepHeader {
  const id = createHash('sha256').update(canonical(d)).digest('hex').slice(0, 16);
  return { lbcheckSweep: 1, id, ...d };
}

export interface ResultsFile {
  /** Lines already in the file (resumed), and their points. */
  readonly lines: readonly ResultLine[];
  readonly done: ReadonlySet<number>;
  append(line: ResultLine): void;
  close(): void;
}

const FIELDS: (keyof SweepDefinition)[] = ['command', 'subject', 'grid', 'fixed', 'seedBase', 'points'];

/** Why `file`'s header is not this sweep's, field by field. */
function mismatch(file: Record<string, unknown>, h: SweepHeader): string {
  const diffs = FIELDS.filter((f) => canonical(file[f]) !== canonical(h[f])).map((f) => `${f} ${canonical(file[f])} there, ${canonical(h[f])} here`);
  return diffs.length > 0 ? diffs.join('; ') : `id ${String(file.id)} there, ${h.id} here`;
}

/** The lines of an existing results file, checked against this sweep (UsageError saying why not). */
export function readResults(path: string, h: SweepHeader, pointParams: (k: number) => Record<string, string>): ResultLine[] {
  const what = `--resume ${path}`;
  const text = readFileSync(path, 'utf8');
  if (text === '') throw new UsageError(`${what}: the file is empty, not a sweep's results`);
  if (!text.endsWith('\n')) throw new UsageError(`${what}: the last line is incomplete (an interrupted write?); the file is left as it is`);
  const rows = text.slice(0, -1).split('\n');
  const parse = (row: string, n: number): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(row);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new UsageError(`${what}: line ${n} is corrupt (not a JSON object); the file is left as it is`);
  };
  const head = parse(rows[0], 1);
  if (head.lbcheckSweep !== 1) throw new UsageError(`${what}: line 1 is not an lbcheck sweep header`);
  if (head.id !== h.id) throw new UsageError(`${what}: the file is from another sweep (${mismatch(head, h)})`);
  const seen = new Set<number>();
  return rows.slice(1).map((row, i) => {
    const n = i + 2;
    const line = parse(row, n);
    const k = line.point;
    if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k >= h.points)
      throw new UsageError(`${what}: line ${n} is corrupt (no point index in 0..${h.points - 1})`);
    if (seen.has(k)) throw new UsageError(`${what}: line ${n} is corrupt (point ${k} is written twice)`);
    if (canonical(line.params) !== canonical(pointParams(k)) || typeof line.ok !== 'boolean') {
      throw new UsageError(`${what}: line ${n} is corrupt (point ${k}'s parameters or status do not match this sweep)`);
    }
    seen.add(k);
    return line as unknown as ResultLine;
  });
}

/**
 * Opens the results file: a new one (refusing an existing file) or, with
 * `resume`, the existing one after checking it (a missing file starts anew).
 */
export function openResults(path: string, h: SweepHeader, resume: boolean, pointParams: (k: number) => Record<string, string>): ResultsFile {
  let lines: ResultLine[] = [];
  let fd: number;
  try {
    if (resume && existsSync(path)) {
      lines = readResults(path, h, pointParams);
      fd = openSync(path, 'a');
    } else {
      if (existsSync(path)) throw new UsageError(`--out ${path} exists; pass --resume to continue that sweep, or choose another file`);
      fd = openSync(path, 'wx');
      writeSync(fd, `${JSON.stringify(h)}\n`);
    }
  } catch (e) {
    if (e instanceof UsageError || typeof (e as NodeJS.ErrnoException).code !== 'string') throw e;
    throw new UsageError(`--out ${path}: cannot open (${(e as Error).message})`);
  }
  return {
    lines,
    done: new Set(lines.map((l) => l.point)),
    // One write per line: an interrupted sweep leaves whole lines only.
    append: (line) => void writeSync(fd, `${JSON.stringify(line)}\n`),
    close: () => closeSync(fd),
  };
}
