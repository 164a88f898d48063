/**
 * `lbcheck check` for people: the verdict table printed a row at a time, as
 * each verdict is decided (id, verdict, a one-line summary, TABLE_WIDTH wide;
 * `--verbose` adds the claim, source, method and whole evidence under each
 * row), each counterexample after the table with the command that replays it
 * (wrapped so that no line passes TABLE_WIDTH), and the replay of one case.
 */
import type { RefutedResult, ReplayResult } from '../check/result.ts';
import type { CheckResult } from '../check/runner.ts';
import type { EvidenceRecord, EvidenceValue } from '../core/verdict.ts';
import { caseText, counterexampleText, wrapWords } from './counterexample-text.ts';
import { TABLE_WIDTH } from './table.ts';

/** Wide enough for every verdict (`refuted`, `unknown`) and a space. */
const VERDICT_COLUMN = 9;
/** An id longer than this pushes its row's summary right rather than widening every row. */
const LONGEST_ID_COLUMN = 40;

/** One line of at most `width` characters: a longer one is cut and ends in "…". */
export function oneLine(text: string, width = TABLE_WIDTH): string {
  const first = text.split('\n')[0].trimEnd();
  return first.length <= width ? first : `${first.slice(0, width - 1)}…`;
}

/** The width of the id column for these ids (the longest, capped, and two spaces). */
export function idColumn(ids: readonly string[]): number {
  return Math.min(LONGEST_ID_COLUMN, Math.max(2, ...ids.map((id) => id.length))) + 2;
}

export function verdictHeader(idWidth: number): string[] {
  return [`${'id'.padEnd(idWidth)}${'verdict'.padEnd(VERDICT_COLUMN)}evidence`, '-'.repeat(TABLE_WIDTH)];
}

/** Evidence as "key=value" text for tables; records nested in arrays get a line each. */
function evidenceText(e: EvidenceRecord): string {
  const value = (v: EvidenceValue): string => {
    if (Array.isArray(v)) {
      return v.some((x) => typeof x === 'object' && x !== null && !Array.isArray(x))
        ? v.map((x) => `\n  ${value(x)}`).join('')
        : `[${v.map(value).join(', ')}]`;
    }
    if (typeof v === 'object' && v !== null)
      return Object.entries(v)
        .map(([k, x]) => `${k}=${value(x)}`)
        .join(' ');
    return typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(4)).toString() : String(v);
  };
  return Object.entries(e)
    .map(([k, v]) => `${k}=${value(v)}`)
    .join(', ');
}

/** A result's row; a verdict other than the expected one says so first in the summary. */
export function verdictRow(r: CheckResult, idWidth: number, verbose: boolean): string[] {
  const summary = r.asExpected ? r.summary : `NOT AS EXPECTED (expected ${r.expected}): ${r.summary}`;
  const row = oneLine(`${r.id.padEnd(idWidth - 1)} ${r.verdict.padEnd(VERDICT_COLUMN)}${summary}`);
  if (!verbose) return [row];
  const indent = '      ';
  const field = (name: string, text: string): string[] =>
    text.split('\n').flatMap((part, i) => wrapWords(i === 0 ? `    ${name}: ` : indent, part.trim(), indent, TABLE_WIDTH));
  return [
    row,
    ...field('claim', r.claim),
    ...field('source', r.source),
    ...field('method', r.method),
    ...field('summary', r.summary),
    ...field('evidence', evidenceText(r.evidence)),
    ...field('time', `${r.seconds.toFixed(2)} s`),
  ];
}

/**
 * `  replay: <command> --path P`. A path too long for one line is printed in
 * single quotes across lines, broken after a ':'; `check --path` ignores the
 * white space, so the lines paste into a shell as they are.
 */
export function replayLines(command: string, path: string, width = TABLE_WIDTH): string[] {
  const first = `  replay: ${command} --path `;
  if (first.length + path.length <= width) return [first + path];
  const lines: string[] = [];
  let line = `${first}'`;
  for (const step of path.match(/[^:]+:?/g) ?? []) {
    if (line.trim().length > 0 && line.length + step.length > width - 1) {
      lines.push(line);
      line = '    ';
    }
    line += step;
  }
  lines.push(`${line}'`);
  return lines;
}

/** A refuted claim after the table: its counterexample, and the replay command (`command` runs the claim at its seed) when it has a path. */
export function refutationLines(r: RefutedResult & { id: string }, command: string): string[] {
  return [`${r.id}: counterexample`, ...counterexampleText(r.counterexample), ...(r.path ? replayLines(command, r.path) : [])];
}

/** The replay of one case as what it is: the case, passed, failed or undecided (and why), never the claim's verdict. */
export function replayText(id: string, replay: ReplayResult): string[] {
  const shown = replay.outcome === 'failed' ? counterexampleText(replay.counterexample) : replay.case !== null ? caseText(replay.case) : null;
  return [
    `${id}: replay of one case (seed ${replay.seed}, path ${replay.path}): ${replay.outcome.toUpperCase()}`,
    ...(shown ? ['case:', ...shown] : []),
    ...(replay.reason ? [`why undecided: ${replay.reason}`] : []),
    `a replay decides this case only; run \`lbcheck check ${id}\` without --path for the claim's verdict`,
  ];
}

/** What `--path` reads: a printed path with the white space of its line breaks taken out. */
export function readPath(text: string): string {
  return text.replace(/\s+/g, '');
}
