/**
 * The sweep CSV (src/sweep/csv.ts): columns fixed by the first result, vectors
 * one column per element, leaves without a column kept in `other`, rows held
 * until there is a header, and --resume checks against FILE's lines (refusing
 * with why and leaving the file as it was) and catches the CSV up.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { flattenResult, openCsv } from '../../src/sweep/csv.ts';
import type { ResultLine } from '../../src/sweep/results.ts';

const dir = mkdtempSync(join(tmpdir(), 'lbcheck-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => join(dir, `t${n++}.csv`);
const rows = (path: string): string[][] => parse(readFileSync(path, 'utf8')) as string[][];

const AXES = ['R', 'lambda'];
const line = (point: number, R: number, result?: unknown, error?: string): ResultLine => ({
  point,
  params: { R: String(R), lambda: '1/2' },
  seed: null,
  ok: error === undefined,
  ...(result !== undefined ? { result } : {}),
  ...(error ? { error } : {}),
});
const solved = (R: number): unknown => ({ metrics: { blocking: 0.25, tokenFraction: Array.from({ length: R }, (_, i) => (i + 1) / 10) }, trusted: true });

describe('flattenResult', () => {
  it('paths for records, one column per vector element from 1, lists of records as JSON', () => {
    const leaves = flattenResult({ metrics: { blocking: 0.5, tokenFraction: [0.1, 0.2] }, cases: [{ z: 1 }], ok: false, note: null }, 'result');
    expect([...leaves]).toEqual([
      ['result.metrics.blocking', 0.5],
      ['result.metrics.tokenFraction[1]', 0.1],
      ['result.metrics.tokenFraction[2]', 0.2],
      ['result.cases', '[{"z":1}]'],
      ['result.ok', false],
      ['result.note', null],
    ]);
  });
});

describe('openCsv', () => {
  it('fixes the columns at the first result; a longer vector later goes to other, a shorter one leaves cells empty', () => {
    const path = fresh();
    const csv = openCsv(path, AXES, false, []);
    csv.append(line(1, 2, solved(2)));
    csv.append(line(0, 3, solved(3)));
    csv.append(line(2, 1, solved(1)));
    csv.close();
    const [header, ...body] = rows(path);
    expect(header).toEqual([
      'point',
      'R',
      'lambda',
      'seed',
      'ok',
      'error',
      'result.metrics.blocking',
      'result.metrics.tokenFraction[1]',
      'result.metrics.tokenFraction[2]',
      'result.trusted',
      'other',
    ]);
    expect(body).toEqual([
      ['1', '2', '1/2', '', 'true', '', '0.25', '0.1', '0.2', 'true', ''],
      ['0', '3', '1/2', '', 'true', '', '0.25', '0.1', '0.2', 'true', '{"result.metrics.tokenFraction[3]":0.3}'],
      ['2', '1', '1/2', '', 'true', '', '0.25', '0.1', '', 'true', ''],
    ]);
  });

  it('holds failed points until a point has a result, and writes them with the header; with no result at all, the fixed columns only', () => {
    const path = fresh();
    const csv = openCsv(path, AXES, false, []);
    csv.append(line(0, 2, undefined, 'no solve'));
    expect(readFileSync(path, 'utf8')).toBe('');
    csv.append(line(1, 2, solved(2)));
    csv.close();
    expect(rows(path).map((r) => r.slice(0, 7))).toEqual([
      ['point', 'R', 'lambda', 'seed', 'ok', 'error', 'result.metrics.blocking'],
      ['0', '2', '1/2', '', 'false', 'no solve', ''],
      ['1', '2', '1/2', '', 'true', '', '0.25'],
    ]);
    const none = fresh();
    const c2 = openCsv(none, AXES, false, []);
    c2.append(line(0, 2, undefined, 'bad'));
    c2.close();
    expect(rows(none)).toEqual([
      ['point', 'R', 'lambda', 'seed', 'ok', 'error', 'other'],
      ['0', '2', '1/2', '', 'false', 'bad', ''],
    ]);
  });

  it('a grid axis named seed is one column', () => {
    const path = fresh();
    const csv = openCsv(path, ['seed'], false, []);
    csv.append({ point: 0, params: { seed: '5' }, seed: 5, ok: true, result: { x: 1 } });
    csv.close();
    expect(rows(path)[0]).toEqual(['point', 'seed', 'ok', 'error', 'result.x', 'other']);
  });

  it('refuses an existing file unless resumed', () => {
    const path = fresh();
    writeFileSync(path, 'x\n');
    expect(() => openCsv(path, AXES, false, [])).toThrow(`--csv ${path} exists; pass --resume`);
    expect(readFileSync(path, 'utf8')).toBe('x\n');
  });

  it('--resume appends the points FILE has and the CSV lacks, in point order, and nothing twice', () => {
    const path = fresh();
    const lines = [line(0, 2, solved(2)), line(1, 2, solved(2)), line(2, 2, solved(2))];
    const first = openCsv(path, AXES, false, []);
    first.append(lines[1]);
    first.close();
    const resumed = openCsv(path, AXES, true, lines);
    resumed.append(line(3, 2, solved(2)));
    resumed.close();
    expect(
      rows(path)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['1', '0', '2', '3']);
    // A CSV that does not exist yet is written whole from FILE.
    const late = fresh();
    openCsv(late, AXES, true, lines).close();
    expect(
      rows(late)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['0', '1', '2']);
  });

  it.each([
    ['an incomplete last line', (h: string) => `${h}0,2,1/2,,true,,0.25`, 'the last line is incomplete'],
    ['another header', () => 'point,N,seed,ok,error,other\n', "its header is not this sweep's (it must start point,R,lambda,seed,ok,error and end other)"],
    ['a point FILE lacks', (h: string) => `${h}7,2,1/2,,true,,0.25,0.1,0.2,true,\n`, 'line 2 is point 7, which the JSON lines do not have'],
    [
      'a point twice',
      (h: string) => `${h}0,2,1/2,,true,,0.25,0.1,0.2,true,\n0,2,1/2,,true,,0.25,0.1,0.2,true,\n`,
      'line 3 is corrupt (point 0 is written twice)',
    ],
    ['other parameters', (h: string) => `${h}0,3,1/2,,true,,0.25,0.1,0.2,true,\n`, "line 2 is corrupt (point 0's parameters do not match this sweep)"],
    ['not CSV', (h: string) => `${h}0,"2\n`, 'not a CSV this sweep wrote'],
  ])('--resume refuses %s and leaves the file as it was', (_what, content, message) => {
    const path = fresh();
    const header =
      'point,R,lambda,seed,ok,error,result.metrics.blocking,result.metrics.tokenFraction[1],result.metrics.tokenFraction[2],result.trusted,other\n';
    const text = content(header);
    writeFileSync(path, text);
    expect(() => openCsv(path, AXES, true, [line(0, 2, solved(2))])).toThrow(message);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });
});
