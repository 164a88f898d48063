/**
 * Queue credentials kept out of argv: the URL from LBCHECK_QUEUE or
 * --queue-file reaches a real redis-server (with a password) while no
 * process's command line holds the password, and no output repeats it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, startRedis, until } from './support.ts';

const PASSWORD = 'pw-kept-out-of-argv';
const dir = mkdtempSync(join(tmpdir(), 'lbcheck-queue-creds-'));
let redis: { port: number; stop: () => Promise<void> };
let url = '';

interface Proc {
  pid: number;
  stderr: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
  kill: () => void;
}

/** `lbcheck ...args` with extra environment variables, not waited for. */
function lbcheck(args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, CI: 'true', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '',
    err = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { pid: child.pid!, stderr: () => err, stdout: () => out, exited, kill: () => child.kill('SIGTERM') };
}

const argv = (pid: number): string => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

beforeAll(async () => {
  redis = await startRedis(['--requirepass', PASSWORD]);
  url = `redis://default:${PASSWORD}@127.0.0.1:${redis.port}`;
});

afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('queue URL from the environment or a file', () => {
  it('a worker given LBCHECK_QUEUE connects with its password, which is not in its argv; a sweep given it runs through the queue', async () => {
    const w = lbcheck(['worker', '--jobs', '1'], { LBCHECK_QUEUE: url });
    try {
      await until('the worker to connect', () => w.stderr().includes('taking jobs'), 240_000);
      expect(w.stderr()).toContain(`taking jobs from redis://127.0.0.1:${redis.port} `);
      expect(argv(w.pid)).toContain('worker --jobs 1');
      expect(argv(w.pid)).not.toContain(PASSWORD);
      const out = join(dir, 'env.jsonl');
      const sweep = lbcheck(['sweep', 'solve', 'jiq-blocking', '--N', '2', '--alpha', '1/2,1/2', '--grid', 'lambda=0.25:0.25:0.5', '--out', out, '--json'], {
        LBCHECK_QUEUE: url,
      });
      expect(argv(sweep.pid)).not.toContain(PASSWORD);
      expect(await sweep.exited).toBe(0);
      const summary = JSON.parse(sweep.stdout());
      expect(summary.ran).toEqual({ queue: `redis://127.0.0.1:${redis.port}` });
      expect(summary.ok).toBe(2);
      expect(w.stderr()).toMatch(/point 1 of sweep \S+: solve jiq-blocking started/);
      for (const text of [sweep.stdout(), sweep.stderr(), w.stderr(), readFileSync(out, 'utf8')]) expect(text).not.toContain(PASSWORD);
    } finally {
      w.kill();
      await w.exited;
    }
  });

  it('a worker given --queue-file connects; its argv names only the file', async () => {
    const file = join(dir, 'queue-url');
    writeFileSync(file, `\n${url}\n`, { mode: 0o600 });
    const w = lbcheck(['worker', '--queue-file', file, '--jobs', '1']);
    try {
      await until('the worker to connect', () => w.stderr().includes('taking jobs'), 240_000);
      expect(argv(w.pid)).toContain(`--queue-file ${file}`);
      expect(argv(w.pid)).not.toContain(PASSWORD);
      expect(w.stderr()).not.toContain(PASSWORD);
    } finally {
      w.kill();
      await w.exited;
    }
  });

  it.each([
    [['worker'], {}, 'lbcheck: name the queue: --queue URL, --queue-file FILE, or the environment variable LBCHECK_QUEUE'],
    [['worker', '--queue', 'redis://127.0.0.1:1', '--queue-file', 'f'], {}, 'lbcheck: --queue and --queue-file both name the queue: give one'],
    [['worker', '--queue-file', '/nonexistent/queue-url'], {}, 'lbcheck: --queue-file /nonexistent/queue-url: cannot read (ENOENT)'],
    [
      ['worker'],
      { LBCHECK_QUEUE: `redis://u:${PASSWORD}%zz@127.0.0.1:1` },
      'lbcheck: LBCHECK_QUEUE: the password has a % that starts no valid escape (write a literal % as %25)',
    ],
  ] as [string[], Record<string, string>, string][])('refuses %j in one line, exit 2, never printing the password', async (args, env, line) => {
    const p = lbcheck(args, env);
    expect(await p.exited).toBe(2);
    expect(p.stdout()).toBe('');
    expect(p.stderr()).toBe(`${line}\n`);
  });
});
