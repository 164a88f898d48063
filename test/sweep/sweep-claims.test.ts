/**
 * `lbcheck sweep check <claim>`: a claim that takes parameters decided at every
 * grid point, locally and through a real Redis queue (our own redis-server on
 * a free loopback port) with the same verdicts; the CSV appended per point,
 * killed mid-sweep and resumed with every point exactly once in both files;
 * points outside a claim's domain refused before anything runs; jobs naming
 * unknown claims, claims without parameters or points outside the domain
 * refused by the worker.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { parse } from 'csv-parse/sync';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAME, queueEvents } from '../../src/sweep/queue.ts';
import { lbcheck } from '../support/cli.ts';
import { resultsByPoint, run, start, startRedis, until, type Running } from './support.ts';

const HEAVY = 420_000;
const USER_CLAIM = fileURLToPath(new URL('../fixtures/user/point-claims.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'lbcheck-sweep-claims-'));
const file = (name: string): string => join(dir, name);
let redis: { port: number; stop: () => Promise<void> };
let url = '';
const workers: Running[] = [];

beforeAll(async () => {
  redis = await startRedis();
  url = `redis://127.0.0.1:${redis.port}`;
});

afterAll(async () => {
  for (const w of workers) w.child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const worker = (args: string[] = []): Running => {
  const w = start(['worker', '--queue', url, '--jobs', '1', ...args]);
  workers.push(w);
  return w;
};

interface CheckLine {
  point: number;
  params: Record<string, string>;
  seed: number;
  ok: boolean;
  error?: string;
  result: {
    id: string;
    verdict: string;
    expected: string;
    asExpected: boolean;
    evidence: Record<string, unknown>;
    counterexample: Record<string, unknown> | null;
  };
}
const lines = (f: string): CheckLine[] => resultsByPoint(f) as unknown as CheckLine[];

/** C(N + R, R): the jiq-blocking chain's states. */
const states = (N: number, R: number): number => {
  let c = 1;
  for (let j = 1; j <= R; j++) c = (c * (N + j)) / j;
  return c;
};

const LITTLE = ['sweep', 'check', 'little-law-blocking', '--alpha', '3/5,2/5', '--lambda', '7/10', '--grid', 'nu=0,1/2', '--grid', 'N=2,4'];

describe('lbcheck sweep check', () => {
  it(
    'decides a claim at every point, with verdict and evidence per line, and the queue gives the same lines',
    async () => {
      const local = file('little-local.jsonl');
      const r = await run([...LITTLE, '--out', local, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ command: 'check', claim: 'little-law-blocking', points: 4, ok: 4, notOk: 0 });
      const got = lines(local);
      expect(got.map((l) => [l.params, l.seed])).toEqual([
        [{ nu: '0', N: '2' }, 42],
        [{ nu: '0', N: '4' }, 43],
        [{ nu: '1/2', N: '2' }, 44],
        [{ nu: '1/2', N: '4' }, 45],
      ]);
      for (const l of got) {
        expect(l.result).toMatchObject({ id: 'little-law-blocking', verdict: 'exact', expected: 'holds', asExpected: true, counterexample: null });
        expect(l.result.evidence.states).toBe(states(Number(l.params.N), 2));
        // Little's law, and the same busy fraction as `lbcheck solve --method exact` at that point.
        expect(l.result.evidence.busyFraction).toBe(l.result.evidence.lambdaTimesOneMinusBlocking);
        const solved = JSON.parse(
          lbcheck('solve', 'jiq-blocking', '--alpha', '3/5,2/5', '--lambda', '7/10', '--nu', l.params.nu, '--N', l.params.N, '--method', 'exact', '--json')
            .stdout,
        );
        expect(l.result.evidence.busyFraction).toBe(solved.exact.busyFraction);
      }

      worker();
      await until('the worker to connect', () => workers[0].stderr().includes('taking jobs'));
      const queued = file('little-queued.jsonl');
      expect((await run([...LITTLE, '--out', queued, '--queue', url])).code).toBe(0);
      expect(lines(queued)).toEqual(got);
    },
    HEAVY,
  );

  it(
    'a user claim from --file: both verdicts, locally and on a worker that loads the same file',
    async () => {
      const sweep = ['sweep', 'check', 'user-mm1k-few-jobs', '--file', USER_CLAIM, '--grid', 'rho=1/2,2', '--grid', 'K=2,3'];
      const local = file('user-local.jsonl');
      const r = await run([...sweep, '--out', local, '--json']);
      expect(r.code).toBe(1); // two points refute the claim
      expect(JSON.parse(r.stdout)).toMatchObject({ points: 4, ok: 2, notOk: 2 });
      const got = lines(local);
      // M/M/1/K: pi_n proportional to rho^n, n = 0..K.
      expect(got.map((l) => [l.result.verdict, l.ok, l.result.evidence.meanJobs])).toEqual([
        ['exact', true, '4/7'],
        ['exact', true, '11/15'],
        ['refuted', false, '10/7'],
        ['refuted', false, '34/15'],
      ]);
      expect(got[2].result.counterexample).toEqual({ kind: 'point', point: { rho: '2', K: 2 }, meanJobs: '10/7' });

      const w = worker(['--file', USER_CLAIM]);
      await until('the worker with --file to connect', () => w.stderr().includes('taking jobs'));
      workers.shift()!.child.kill('SIGTERM'); // only the worker that knows the claim takes jobs now
      const queued = file('user-queued.jsonl');
      expect((await run([...sweep, '--out', queued, '--queue', url])).code).toBe(1);
      expect(lines(queued)).toEqual(got);
    },
    HEAVY,
  );

  it(
    'a job naming an unknown claim, a claim without parameters or a point outside the domain is refused by the worker',
    async () => {
      const connection = new Redis({ host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null });
      const queue = new Queue(QUEUE_NAME, { connection });
      const events = await queueEvents(queue, connection, connection.duplicate());
      await events.waitUntilReady();
      const point = { N: '3', lambda: '1', alpha: '1/2,1/2', seed: '1' };
      const jobs: [string, Record<string, string>][] = [
        ['no-such-claim', point],
        ['theorem1-limit', {}],
        ['product-form-exact', { ...point, nu: '1/2' }],
        ['product-form-exact', { ...point, sim: 'touch /tmp/x' }],
      ];
      const outcomes = await Promise.all(
        jobs.map(async ([subject, options], i) => {
          const job = await queue.add('check', { sweep: 'feedfacefeedface', point: i, command: 'check', subject, options });
          return job.waitUntilFinished(events, 60_000) as Promise<{ ok: boolean; error: string; result?: unknown }>;
        }),
      );
      expect(outcomes[0].error).toMatch(/^unknown claim "no-such-claim"; claims that take parameters: .*product-form-exact/);
      expect(outcomes[1].error).toMatch(/^claim "theorem1-limit" takes no parameters; claims that take parameters: /);
      expect(outcomes[2].error).toBe('the product form is claimed for nu = 0 only (P1 Sec. III), got nu = 1/2');
      expect(outcomes[3].error).toBe('check product-form-exact has no option --sim');
      for (const o of outcomes) expect(o).toEqual({ ok: false, error: o.error }); // nothing ran: no result
      await Promise.all([queue.close(), events.close()]);
      connection.disconnect();
    },
    HEAVY,
  );
});

// 11 points of about half a second of GTH each on one thread: time to kill the sweep in the middle.
const FLOAT = ['sweep', 'check', 'product-form-float', '--alpha', '3/5,2/5', '--lambda', '9/10', '--grid', 'N=100:5:150', '--csv'];
const csvRows = (f: string): string[][] => (existsSync(f) ? (parse(readFileSync(f, 'utf8')) as string[][]) : []);

describe('sweep --csv: appended per point, resumed after a kill', () => {
  it(
    'a sweep killed mid-run and resumed has every point exactly once in both files, equal to an uninterrupted run',
    async () => {
      const [out, csv] = [file('float.jsonl'), file('float.csv')];
      const sweep = start([...FLOAT, csv, '--out', out, '--jobs', '1']);
      await until('three CSV rows', () => csvRows(csv).length >= 4);
      sweep.child.kill('SIGKILL');
      await sweep.exited;
      const before = resultsByPoint(out).length;
      expect(before).toBeGreaterThanOrEqual(3);
      expect(before).toBeLessThan(11); // really interrupted
      expect(csvRows(csv).length - 1).toBeLessThanOrEqual(before); // FILE is written first

      const resumed = await run([...FLOAT, csv, '--out', out, '--jobs', '1', '--resume', '--json']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ points: 11, alreadyWritten: before, computed: 11 - before });

      const [fullOut, fullCsv] = [file('float-full.jsonl'), file('float-full.csv')];
      expect((await run([...FLOAT, fullCsv, '--out', fullOut, '--jobs', '2'])).code).toBe(0);
      expect(resultsByPoint(out)).toEqual(resultsByPoint(fullOut));

      const [header, ...rows] = csvRows(csv);
      const [fullHeader, ...fullRows] = csvRows(fullCsv);
      expect(header).toEqual(fullHeader);
      expect(header.slice(0, 5)).toEqual(['point', 'N', 'seed', 'ok', 'error']);
      expect(header.at(-1)).toBe('other');
      const col = (name: string): number => header.indexOf(name);
      const byPoint = (rs: string[][]): string[][] =>
        [...rs].sort((a, b) => Number(a[0]) - Number(b[0])).map((r) => r.filter((_, i) => i !== col('result.seconds')));
      expect(rows.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(byPoint(rows)).toEqual(byPoint(fullRows));
      for (const r of rows) {
        expect(r[col('result.verdict')]).toBe('holds');
        expect(r[col('ok')]).toBe('true');
        expect(Number(r[col('result.evidence.states')])).toBe(states(Number(r[col('N')]), 2));
        expect(Number(r[col('result.evidence.stateRelError')])).toBeLessThanOrEqual(1e-12);
      }

      // Nothing left to do: both files stay as they are.
      const [j, c] = [readFileSync(out, 'utf8'), readFileSync(csv, 'utf8')];
      expect((await run([...FLOAT, csv, '--out', out, '--resume'])).code).toBe(0);
      expect([readFileSync(out, 'utf8'), readFileSync(csv, 'utf8')]).toEqual([j, c]);
    },
    HEAVY,
  );

  it(
    'a CSV missing a point FILE has (killed between the two writes) is caught up on --resume',
    async () => {
      const [out, csv] = [file('catch.jsonl'), file('catch.csv')];
      const sweep = ['sweep', 'check', 'product-form-exact', '--alpha', '1/2,1/2', '--lambda', '1', '--grid', 'N=1,2,3', '--out', out, '--csv', csv];
      expect((await run(sweep)).code).toBe(0);
      const text = readFileSync(csv, 'utf8').split('\n');
      const dropped = text.splice(2, 1)[0];
      writeFileSync(csv, text.join('\n'));
      expect((await run([...sweep, '--resume'])).code).toBe(0);
      const after = readFileSync(csv, 'utf8').split('\n');
      expect(after).toHaveLength(text.length + 1);
      expect(after.at(-2)).toBe(dropped);
    },
    HEAVY,
  );
});

describe('sweep check: bad input is refused before anything runs', () => {
  it.each([
    [
      ['product-form-exact', '--alpha', '1/2,1/2', '--N', '3', '--lambda', '1', '--grid', 'nu=0,1/2'],
      'grid point 1 (nu=1/2): the product form is claimed for nu = 0 only (P1 Sec. III), got nu = 1/2',
    ],
    [
      ['little-law-blocking', '--alpha', '1/2,1/2', '--lambda', '1', '--grid', 'N=10,100'],
      'grid point 1 (N=100): N = 100, R = 2: 5,151 states, more than the 2,000 an exact solve is decided at',
    ],
    [
      ['product-form-exchange', '--alpha', '1/2,1/2', '--lambda', '1', '--grid', 'N=2', '--grid', 'nu=1,0'],
      'grid point 1 (N=2, nu=0): the claim is about token exchange: nu must be > 0, got nu = 0',
    ],
    [['user-mm1k-few-jobs', '--file', USER_CLAIM, '--grid', 'rho=1/2,20', '--K', '2'], 'grid point 1 (rho=20): rho must be <= 10, got 20'],
    [['little-law-blocking', '--alpha', '1/2,1/3', '--lambda', '1', '--grid', 'N=1,2'], 'grid point 0 (N=1): --alpha must sum to 1'],
  ])('%j', (args, message) => {
    const [out, csv] = [file(`bad-${Math.random()}.jsonl`), file(`bad-${Math.random()}.csv`)];
    const r = lbcheck('sweep', 'check', ...args, '--out', out, '--csv', csv);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(message);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(csv)).toBe(false);
  });

  it(
    'an existing CSV without --resume, and a CSV of another sweep with --resume, are refused; no file changes',
    async () => {
      const sweep = ['sweep', 'check', 'product-form-exact', '--alpha', '1/2,1/2', '--lambda', '1', '--grid', 'N=1,2'];
      const [out, csv] = [file('x.jsonl'), file('x.csv')];
      writeFileSync(csv, 'not ours\n');
      let r = lbcheck(...sweep, '--out', out, '--csv', csv);
      expect([r.code, r.stderr.trim()]).toEqual([2, `lbcheck: --csv ${csv} exists; pass --resume to continue that sweep, or choose another file`]);
      expect(existsSync(out)).toBe(false);

      const [out2, csv2] = [file('y.jsonl'), file('y.csv')];
      expect((await run([...sweep, '--out', out2, '--csv', csv2])).code).toBe(0);
      const other = file('other.csv');
      expect(
        (
          await run([
            'sweep',
            'check',
            'product-form-exact',
            '--alpha',
            '1/2,1/2',
            '--lambda',
            '1',
            '--grid',
            'N=3,4',
            '--out',
            file('z.jsonl'),
            '--csv',
            other,
          ])
        ).code,
      ).toBe(0);
      const [j, c] = [readFileSync(out2, 'utf8'), readFileSync(other, 'utf8')];
      r = lbcheck(...sweep, '--out', out2, '--csv', other, '--resume');
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toMatch(new RegExp(`^lbcheck: --resume --csv ${other}: line 2 is corrupt \\(point [01]'s parameters do not match this sweep\\)`));
      expect([readFileSync(out2, 'utf8'), readFileSync(other, 'utf8')]).toEqual([j, c]);
    },
    HEAVY,
  );
});
