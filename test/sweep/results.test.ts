/** The results file: new sweeps never overwrite, --resume continues only this sweep's intact file and leaves others untouched. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openResults, readResults, sweepHeader } from '../../src/sweep/results.ts';

const dir = mkdtempSync(join(tmpdir(), 'lbcheck-results-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const def = { command: 'solve', subject: 'jiq-blocking', grid: [{ name: 'N', values: ['1', '2', '3'] }], fixed: { alpha: '1' }, seedBase: null, points: 3 };
const header = sweepHeader(def);
const params = (k: number): Record<string, string> => ({ N: String(k + 1) });
let n = 0;
const fresh = (): string => join(dir, `r${n++}.jsonl`);

describe('sweep results file', () => {
  it('writes the header, appends lines, and reads them back on resume', () => {
    const f = fresh();
    const a = openResults(f, header, false, params);
    a.append({ point: 2, params: params(2), seed: null, ok: true, result: { x: 1 } });
    a.close();
    const b = openResults(f, header, true, params);
    expect([...b.done]).toEqual([2]);
    b.append({ point: 0, params: params(0), seed: null, ok: false, error: 'why' });
    b.close();
    expect(readResults(f, header, params).map((l) => l.point)).toEqual([2, 0]);
    expect(readFileSync(f, 'utf8').split('\n')[0]).toBe(JSON.stringify(header));
  });

  it('a new sweep refuses an existing file', () => {
    const f = fresh();
    writeFileSync(f, 'precious\n');
    expect(() => openResults(f, header, false, params)).toThrow(`--out ${f} exists; pass --resume`);
    expect(readFileSync(f, 'utf8')).toBe('precious\n');
  });

  const good = (): string => `${JSON.stringify(header)}\n${JSON.stringify({ point: 1, params: params(1), seed: null, ok: true })}\n`;
  it.each([
    [
      'another sweep',
      () => good().replace(header.id, '0123456789abcdef').replace('"points":3', '"points":4'),
      'is from another sweep (points 4 there, 3 here)',
    ],
    ['a corrupt line', () => `${good()}{"point": 2, "par\n`, 'line 3 is corrupt (not a JSON object)'],
    ['a point written twice', () => `${good() + JSON.stringify({ point: 1, params: params(1), seed: null, ok: true })}\n`, 'point 1 is written twice'],
    ['a point out of range', () => `${good() + JSON.stringify({ point: 7, params: {}, seed: null, ok: true })}\n`, 'no point index in 0..2'],
    [
      'wrong parameters',
      () => `${good() + JSON.stringify({ point: 0, params: { N: '9' }, seed: null, ok: true })}\n`,
      "point 0's parameters or status do not match",
    ],
    ['an incomplete last line', () => `${good()}{"point":0`, 'the last line is incomplete'],
    ['no header', () => '{"a":1}\n', 'line 1 is not an lbcheck sweep header'],
    ['an empty file', () => '', 'the file is empty'],
  ])('--resume refuses %s and leaves the file as it was', (_what, content, message) => {
    const f = fresh();
    const text = content();
    writeFileSync(f, text);
    expect(() => openResults(f, header, true, params)).toThrow(message);
    expect(readFileSync(f, 'utf8')).toBe(text);
  });
});
