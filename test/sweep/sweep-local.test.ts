/**
 * Local sweeps through the CLI: each point's line is the report of the command
 * itself, an interrupted sweep resumes without recomputing or losing a point,
 * simulation is bit for bit the same on one thread or two, bad grids are
 * refused before anything runs.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectUsageError, lbcheck } from '../support/cli.ts';
import { resultsByPoint, run } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'lbcheck-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string): string => join(dir, name);
const noTimes = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (k, x: unknown) => (/seconds|PerSecond/i.test(k) ? undefined : x)));

const SOLVE = ['sweep', 'solve', 'jiq-blocking', '--alpha', '3/5,2/5', '--grid', 'lambda=0.5:0.5:1.5', '--grid', 'N=2,3'];
const SIM = ['sweep', 'simulate', 'jiq-blocking', '--N', '50', '--alpha', '1/2,1/2', '--T', '200', '--seed', '7', '--grid', 'lambda=0.5,0.9,1.3'];

/** Each test starts several lbcheck processes, each with its threads: minutes on a loaded machine. */
describe('lbcheck sweep (local pool)', { timeout: 420_000 }, () => {
  it('writes one line per point: its parameters and the report of `lbcheck solve` at that point', async () => {
    const out = file('solve.jsonl');
    const r = await run([...SOLVE, '--out', out, '--csv', file('solve.csv'), '--json']);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ points: 6, computed: 6, ok: 6, notOk: 0, alreadyWritten: 0 });
    const header = JSON.parse(readFileSync(out, 'utf8').split('\n')[0]);
    expect(header).toMatchObject({ command: 'solve', subject: 'jiq-blocking', points: 6, seedBase: null, fixed: { alpha: '3/5,2/5', method: 'auto' } });
    const lines = resultsByPoint(out) as { point: number; params: Record<string, string>; result: unknown }[];
    expect(lines.map((l) => l.params)).toEqual([
      { lambda: '0.5', N: '2' },
      { lambda: '0.5', N: '3' },
      { lambda: '1', N: '2' },
      { lambda: '1', N: '3' },
      { lambda: '1.5', N: '2' },
      { lambda: '1.5', N: '3' },
    ]);
    const direct = JSON.parse(lbcheck('solve', 'jiq-blocking', '--alpha', '3/5,2/5', '--lambda', '1', '--N', '3', '--json').stdout);
    expect(lines[3].result).toEqual(noTimes(direct));
    const csv = readFileSync(file('solve.csv'), 'utf8').split('\n');
    expect(csv[0].startsWith('point,lambda,N,seed,ok,error,')).toBe(true);
    expect(csv[0]).toContain('metrics.blocking');
    expect(csv).toHaveLength(8); // header, 6 rows, final newline
  });

  it('--resume after an interruption computes only the missing points, and the file equals an uninterrupted run', async () => {
    const full = file('full.jsonl');
    expect((await run([...SIM, '--out', full])).code).toBe(0);
    // An interrupted sweep: its header and the first point that finished.
    const cut = file('cut.jsonl');
    const rows = readFileSync(full, 'utf8').split('\n');
    writeFileSync(cut, `${rows[0]}\n${rows[2]}\n`);
    const r = await run([...SIM, '--out', cut, '--resume', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ points: 3, alreadyWritten: 1, computed: 2 });
    expect(readFileSync(cut, 'utf8').split('\n')[1]).toBe(rows[2]); // the line written before is kept as it was
    expect(resultsByPoint(cut)).toEqual(resultsByPoint(full));
    const again = await run([...SIM, '--out', cut, '--resume', '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ alreadyWritten: 3, computed: 0 });
  });

  it('simulation is bit for bit the same on one thread and on two, and point k has seed 7 + k', async () => {
    const one = file('one.jsonl');
    const two = file('two.jsonl');
    expect((await run([...SIM, '--out', one, '--jobs', '1'])).code).toBe(0);
    expect((await run([...SIM, '--out', two, '--jobs', '2'])).code).toBe(0);
    const a = resultsByPoint(one) as { seed: number; result: { seed: number; metrics: unknown } }[];
    expect(a.map((l) => [l.seed, l.result.seed])).toEqual([
      [7, 7],
      [8, 8],
      [9, 9],
    ]);
    expect(resultsByPoint(two)).toEqual(a);
    const direct = JSON.parse(
      lbcheck('simulate', 'jiq-blocking', '--N', '50', '--alpha', '1/2,1/2', '--T', '200', '--seed', '8', '--lambda', '0.9', '--json').stdout,
    );
    expect(a[1].result.metrics).toEqual(direct.metrics);
  });

  it.each([
    [['--grid', 'lambda=0.5,-1', '--N', '2'], 'grid point 1 (lambda=-1): --lambda must be > 0, got -1'],
    [['--grid', 'lambda=1', '--grid', 'N=2,0'], 'grid point 1 (lambda=1, N=0): --N must be >= 1, got 0'],
    [['--grid', 'mu=1', '--N', '2', '--lambda', '1'], '--grid mu: not an option of solve jiq-blocking'],
    [['--grid', 'lambda=1', '--lambda', '2', '--N', '2'], '--lambda is given both as a fixed option and on the grid'],
    [['--grid', 'method=exact,magic', '--N', '2', '--lambda', '1'], 'grid point 1 (method=magic): --method must be one of exact, gth, iterative, auto'],
    [['--N', '2', '--lambda', '1'], "required option '--grid <name=values>' not specified"],
  ])('refuses a bad sweep before anything runs, in one line, exit 2, no file: %j', (args, message) => {
    const out = file(`bad-${Math.random()}.jsonl`);
    expectUsageError(['sweep', 'solve', 'jiq-blocking', '--alpha', '1/2,1/2', ...args, '--out', out], message);
    expect(existsSync(out)).toBe(false);
  });

  it('--resume on a file of another sweep is refused and the file is left as it was', async () => {
    const out = file('other.jsonl');
    expect((await run([...SOLVE, '--out', out])).code).toBe(0);
    const before = readFileSync(out, 'utf8');
    const r = lbcheck('sweep', 'solve', 'jiq-blocking', '--alpha', '1/2,1/2', '--grid', 'lambda=1', '--N', '2', '--out', out, '--resume');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the file is from another sweep (grid');
    expect(readFileSync(out, 'utf8')).toBe(before);
  });
});
