import { describe, expect, it } from 'vitest';
import { oneLine, readPath, replayLines, verdictRow } from '../../src/report/verdict-lines.ts';
import { renderTable } from '../../src/report/table.ts';
import type { CheckResult } from '../../src/check/runner.ts';

const result: CheckResult = {
  id: 'a-claim',
  claim: 'x '.repeat(80),
  source: 'P1',
  method: 'm',
  expected: 'holds',
  asExpected: false,
  verdict: 'refuted',
  summary: `counterexample ${'y'.repeat(200)}`,
  evidence: { cases: 3, note: 'z '.repeat(90) },
  seconds: 1.5,
  counterexample: { kind: 'case', case: 3 },
};

describe('verdict lines', () => {
  it('a row is one line of at most 100 characters and says when a verdict is not the expected one', () => {
    const [row] = verdictRow(result, 10, false);
    expect(row).toHaveLength(100);
    expect(row.startsWith('a-claim   refuted  NOT AS EXPECTED (expected holds): counterexample yyy')).toBe(true);
    expect(row.endsWith('…')).toBe(true);
    expect(oneLine('short\nsecond line')).toBe('short');
  });

  it('--verbose wraps the claim and the evidence within 100 columns', () => {
    const lines = verdictRow(result, 10, true);
    expect(lines.length).toBeGreaterThan(6);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain(`claim: ${'x '.repeat(80).trim()}`);
  });

  it('a short replay is one line; a long one is quoted across lines, broken after a colon, and reads back whole', () => {
    expect(replayLines('lbcheck check p --seed 42', '0:1:1')).toEqual(['  replay: lbcheck check p --seed 42 --path 0:1:1']);
    const path = Array.from({ length: 120 }, (_, i) => String((i * 7) % 23)).join(':');
    const lines = replayLines('lbcheck check coupling-theorem1-per-dispatcher --seed 42', path);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    for (const l of lines.slice(0, -1)) expect(l.endsWith(':') || l.endsWith("'")).toBe(true);
    const quoted = lines.join('\n');
    const text = quoted.slice(quoted.indexOf("'") + 1, quoted.lastIndexOf("'"));
    expect(readPath(text)).toBe(path);
  });

  it('a table with long cells is narrowed to 100 columns and wraps them', () => {
    const table = renderTable(['part', 'verdict', 'note'], [['p '.repeat(60), 'proved', 'n '.repeat(70)]], [60, 9, 60]);
    const lines = table.split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBe(100);
    expect(table.replace(/[│\s]+/g, ' ')).toContain('p p p');
  });
});
