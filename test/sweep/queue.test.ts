/**
 * Sweeps through a real Redis (our own redis-server on a free loopback port,
 * with a password): two `lbcheck worker` processes take the points, one is
 * killed in the middle of a job, its job is retried by the other (BullMQ's
 * stalled-job handling), and the file holds every point exactly once, equal to
 * the local run bit for bit. The password never shows in output or files.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_NAME, queueEvents } from '../../src/sweep/queue.ts';
import { freePort, resultsByPoint, run, start, startRedis, until, type Running } from './support.ts';

const PASSWORD = 'hunter2-queue-secret';
/** Several lbcheck processes and threads start in these tests: minutes on a loaded machine. */
const HEAVY = 420_000;
const USER_FAMILY = fileURLToPath(new URL('../fixtures/user/mm1k.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'lbcheck-queue-'));
let redis: { port: number; stop: () => Promise<void> };
let url = '';
const workers: Running[] = [];

beforeAll(async () => {
  redis = await startRedis(['--requirepass', PASSWORD]);
  url = `redis://default:${PASSWORD}@127.0.0.1:${redis.port}`;
});

afterAll(async () => {
  for (const w of workers) w.child.kill('SIGKILL');
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Each point simulates about a second, long enough to kill a worker inside one.
const SWEEP = ['sweep', 'simulate', 'jiq-blocking', '--N', '1000', '--alpha', '1/2,1/2', '--T', '1500', '--seed', '11', '--grid', 'lambda=0.6:0.2:1.4'];
const worker = (): Running => {
  const w = start(['worker', '--queue', url, '--jobs', '1', '--lock-duration', '1500', '--stalled-interval', '500']);
  workers.push(w);
  return w;
};
const started = (w: Running): number => (w.stderr().match(/ started/g) ?? []).length;

describe('lbcheck sweep --queue with lbcheck worker', () => {
  it(
    'a worker killed mid-job loses nothing: every point once, equal to the local run',
    async () => {
      const local = join(dir, 'local.jsonl');
      expect((await run([...SWEEP, '--out', local])).code).toBe(0);

      const a = worker();
      const b = worker();
      await until('both workers to connect', () => a.stderr().includes('taking jobs') && b.stderr().includes('taking jobs'), 240_000);
      const queued = join(dir, 'queued.jsonl');
      const sweep = start([...SWEEP, '--out', queued, '--queue', url, '--json']);
      // Kill worker a in the middle of its second job.
      await until('worker a to start its second job', () => started(a) >= 2);
      a.child.kill('SIGKILL');
      expect(await sweep.exited).toBe(0);
      expect(JSON.parse(sweep.stdout())).toMatchObject({ points: 5, computed: 5, ok: 5, failedOnQueue: 0, ran: { queue: `redis://127.0.0.1:${redis.port}` } });

      const lines = resultsByPoint(queued) as { point: number }[];
      expect(lines.map((l) => l.point)).toEqual([0, 1, 2, 3, 4]);
      expect(lines).toEqual(resultsByPoint(local));
      // The job a was running when it died was run again by b.
      expect(started(a) + started(b)).toBeGreaterThan(5);

      for (const text of [sweep.stdout(), sweep.stderr(), a.stderr(), b.stderr(), readFileSync(queued, 'utf8')]) expect(text).not.toContain(PASSWORD);
      b.child.kill('SIGTERM');
      expect(await b.exited).toBe(0);
    },
    HEAVY,
  );

  it(
    'a worker runs user families from its own --file, and figure p1-fig2 runs its grid through the queue',
    async () => {
      const c = start(['worker', '--queue', url, '--jobs', '2', '--file', USER_FAMILY]);
      workers.push(c);
      await until('worker c to connect', () => c.stderr().includes('taking jobs'), 240_000);
      const userSweep = ['sweep', 'solve', 'user-mm1k', '--file', USER_FAMILY, '--grid', 'rho=1/2,2', '--grid', 'K=2,3'];
      const local = join(dir, 'user-local.jsonl');
      const queued = join(dir, 'user-queued.jsonl');
      expect((await run([...userSweep, '--out', local])).code).toBe(0);
      expect((await run([...userSweep, '--out', queued, '--queue', url])).code).toBe(0);
      const lines = resultsByPoint(queued) as { result: { exact: { meanJobs: string } } }[];
      // M/M/1/K: pi_n proportional to rho^n, n = 0..K.
      expect(lines.map((l) => l.result.exact.meanJobs)).toEqual(['4/7', '11/15', '10/7', '34/15']);
      expect(lines).toEqual(resultsByPoint(local));

      const fig = ['figure', 'p1-fig2', '--N', '40', '--T', '40', '--json'];
      const [here, there] = await Promise.all([run([...fig, '--jobs', '1']), run([...fig, '--queue', url])]);
      expect(there.code, there.stderr).toBe(here.code);
      const points = (r: { stdout: string }) => JSON.parse(r.stdout).points;
      expect(points(there)).toHaveLength(40);
      expect(points(there)).toEqual(points(here));
      c.child.kill('SIGTERM');
      expect(await c.exited).toBe(0);
    },
    HEAVY,
  );

  it(
    'a job cannot make a worker run a command or read a file: --sim and cases files are refused',
    async () => {
      const d = start(['worker', '--queue', url, '--jobs', '1']);
      workers.push(d);
      await until('worker d to connect', () => d.stderr().includes('taking jobs'), 240_000);
      const marker = join(dir, 'pwned');
      const connection = new Redis({ host: '127.0.0.1', port: redis.port, password: PASSWORD, maxRetriesPerRequest: null });
      const queue = new Queue(QUEUE_NAME, { connection });
      const events = await queueEvents(queue, connection, connection.duplicate());
      await events.waitUntilReady();
      const job = (id: string, options: Record<string, string>) =>
        queue.add('regress', { sweep: 'feedfacefeedface', point: 0, command: 'regress', subject: 'jiq-blocking', options }, { jobId: id });
      const outcomes = await Promise.all(
        [job('evil-sim', { sim: `touch ${marker}` }), job('evil-cases', { cases: '/etc/passwd' })].map(
          async (p) => (await p).waitUntilFinished(events, 60_000) as Promise<{ ok: boolean; error: string }>,
        ),
      );
      expect(outcomes[0]).toMatchObject({ ok: false, error: 'regress jiq-blocking has no option --sim' });
      expect(outcomes[1]).toMatchObject({ ok: false, error: '--cases from the queue must name a built-in panel (small, full), got "/etc/passwd"' });
      expect(existsSync(marker)).toBe(false);
      const shell = await queue.add('x', { sweep: 'feedfacefeedface', point: 1, command: 'sh', subject: 'jiq-blocking', options: {} });
      expect(await shell.waitUntilFinished(events, 60_000)).toMatchObject({
        ok: false,
        error: 'a sweep runs solve, fluid, simulate, regress, check; got "sh"',
      });
      await Promise.all([queue.close(), events.close()]);
      connection.disconnect();
      d.child.kill('SIGTERM');
      expect(await d.exited).toBe(0);
    },
    HEAVY,
  );

  it('an unreachable queue is one line, exit 2, before the file is touched', async () => {
    const out = join(dir, 'never.jsonl');
    const port = await freePort();
    const r = await run([
      'sweep',
      'solve',
      'jiq-blocking',
      '--alpha',
      '1',
      '--N',
      '2',
      '--grid',
      'lambda=1,2',
      '--out',
      out,
      '--queue',
      `redis://me:${PASSWORD}@127.0.0.1:${port}`,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([`lbcheck: cannot reach the queue at redis://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`]);
    expect(existsSync(out)).toBe(false);
    const w = await run(['worker', '--queue', `redis://me:${PASSWORD}@127.0.0.1:${port}`]);
    expect(w.code).toBe(2);
    expect(w.stderr).not.toContain(PASSWORD);
  });

  it('a worker whose queue goes away stops with one line and exit 2, not an endless reconnect', async () => {
    const gone = await startRedis();
    const w = start(['worker', '--queue', `redis://127.0.0.1:${gone.port}`, '--jobs', '1']);
    workers.push(w);
    await until('the worker to connect', () => w.stderr().includes('taking jobs'), 240_000);
    await gone.stop();
    expect(await w.exited).toBe(2);
    const errors = w
      .stderr()
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('lbcheck worker '));
    expect(errors).toEqual([`lbcheck: lost the connection to the queue at redis://127.0.0.1:${gone.port}`]);
  });

  it('a wrong password is refused in one line that does not repeat it', async () => {
    const r = await run(['worker', '--queue', `redis://default:wrong-${PASSWORD}@127.0.0.1:${redis.port}`]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('cannot reach the queue');
    expect(r.stderr).not.toContain(PASSWORD);
  });
});
