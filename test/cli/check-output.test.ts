/**
 * `lbcheck check` for people: the verdict table fits 100 columns, no line passes
 * 120, a long replay path is printed so that it still replays, and each verdict
 * is printed as it is decided, also when stdout is a pipe.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { words } from '../../scripts/readme-examples.ts';
import { lbcheck } from '../support/cli.ts';

const BIN = fileURLToPath(new URL('../../bin/lbcheck.js', import.meta.url));
const GATED = fileURLToPath(new URL('../fixtures/user/gated-claims.ts', import.meta.url));
const ID = 'coupling-theorem1-per-dispatcher';

describe('lbcheck check output', () => {
  it('the verdict table fits 100 columns, every line 120, and the printed replay gives the same counterexample', () => {
    const r = lbcheck('check', 'product-form-exchange', ID);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(120);
    // The table: header, rule, one row per claim, each within 100 columns.
    expect(lines[0]).toMatch(/^id\s+verdict\s+evidence$/);
    const rows = lines.slice(2, 4);
    expect(rows.map((l) => l.split(/\s+/).slice(0, 2))).toEqual([
      ['product-form-exchange', 'refuted'],
      [ID, 'refuted'],
    ]);
    for (const l of lines.slice(0, 4)) expect(l.length, l).toBeLessThanOrEqual(100);

    // The coupling's replay path is long (some 230 characters): printed quoted across lines.
    const at = lines.findIndex((l) => l.startsWith(`  replay: lbcheck check ${ID}`));
    const end = lines.findIndex((l, i) => i > at && l.endsWith("'"));
    expect(end).toBeGreaterThan(at);
    const printed = lines
      .slice(at, end + 1)
      .join('\n')
      .replace(/^ {2}replay: lbcheck /, '');
    const args = words(printed);
    const path = args[args.indexOf('--path') + 1];
    expect(path.replace(/\s+/g, '').length).toBeGreaterThan(120);

    const first = JSON.parse(lbcheck('check', ID, '--json').stdout).results[0];
    const replayed = JSON.parse(lbcheck(...args, '--json').stdout).replay;
    expect(first.path).toBe(path.replace(/\s+/g, ''));
    expect(replayed.outcome).toBe('failed');
    expect(replayed.case).toEqual(first.counterexample);
  }, 300_000);

  it('--json gives each counterexample its kind, the other fields as before (a generated case under "case")', () => {
    const r = lbcheck('check', 'product-form-exchange', 'coupling-theorem1-rates-per-dispatcher', 'transient-jsqd-fixed-d', '--json');
    expect(r.code).toBe(0);
    const [balance, generated, order] = JSON.parse(r.stdout).results.map((x: { counterexample: Record<string, unknown> }) => x.counterexample);
    expect(Object.keys(balance)).toEqual(['kind', 'params', 'state', 'inflowOverPi', 'outflowRate', 'difference', 'inflow', 'outflow']);
    expect(balance).toMatchObject({ kind: 'balance', state: '(n0=0, n1=1, n2=0)', inflowOverPi: '3/10', outflowRate: '7/40', difference: '1/8' });
    expect(generated).toEqual({
      kind: 'case',
      case: {
        params: { N: 1, lambda: '1/10', alpha: ['1/2', '1/4', '1/4'], beta: ['1/3', '1/3', '1/3'], nu: '0' },
        worse: ['20/123 (0.1626)', '40/123 (0.3252)', '40/123 (0.3252)'],
        original: ['20/103 (0.1942)', '40/103 (0.3883)', '40/103 (0.3883)'],
        better: ['80/209 (0.3828)', '80/209 (0.3828)', '120/209 (0.5742)'],
      },
    });
    expect(Object.keys(order)).toEqual(['kind', 'N1', 'N2', 'error1', 'error2', 'observedOrder']);
    expect(order).toMatchObject({ kind: 'convergence-order', N1: 2, N2: 4 });
    expect(order.observedOrder).toBeCloseTo(Math.log(0.1300572887181804 / 0.11429674950114764) / Math.log(2), 12);
  }, 120_000);

  it('--verbose adds the claim, source, method and evidence under each row, still within 100 columns', () => {
    const r = lbcheck('check', 'product-form-exchange', '--verbose');
    const lines = r.stdout.split('\n');
    const row = lines.findIndex((l) => l.startsWith('product-form-exchange'));
    const block = lines.slice(row + 1, lines.indexOf('', row));
    expect(block.flatMap((l) => /^ {4}(\w+): /.exec(l)?.[1] ?? [])).toEqual(['claim', 'source', 'method', 'summary', 'evidence', 'time']);
    for (const l of lines.slice(0, lines.indexOf('', row))) expect(l.length, l).toBeLessThanOrEqual(100);
  });

  it('prints the first verdict before the last is decided, through a pipe', async () => {
    // The second claim holds only when the gate file exists; the test opens the gate once it has read the first row.
    const gate = join(mkdtempSync(join(tmpdir(), 'lbcheck-gate-')), 'open');
    const child = spawn(process.execPath, [BIN, 'check', '--file', GATED, '--no-builtins'], {
      env: { ...process.env, CI: 'true', LBCHECK_TEST_GATE: gate },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/^gate-first\s+holds/m.test(out)) writeFileSync(gate, '');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).toMatch(/^gate-first\s+holds\s+decided at once$/m);
    expect(out).toMatch(/^gate-second\s+holds\s+the gate opened$/m);
    expect(code).toBe(0);
  }, 60_000);
});
