/** Helpers for the sweep tests: results read back without timings, processes in the background, a private redis-server. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/lbcheck.js', import.meta.url));

/** The result lines of a sweep file by point, without wall-clock fields (seconds, events per second). */
export function resultsByPoint(file: string): Record<string, unknown>[] {
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l) as { point: number });
  return lines.sort((a, b) => a.point - b.point).map((l) => JSON.parse(JSON.stringify(l, (k, v: unknown) => (/seconds|PerSecond/i.test(k) ? undefined : v))));
}

export interface Running {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
}

/** Starts `lbcheck ...args` without waiting. */
export function start(args: string[]): Running {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '',
    err = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => err, stdout: () => out, exited };
}

/** Runs `lbcheck ...args` to the end. */
export async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const r = start(args);
  const code = await r.exited;
  return { code, stdout: r.stdout(), stderr: r.stderr() };
}

export async function until(what: string, ok: () => boolean, timeoutMs = 240_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A redis-server of our own on a free loopback port, without persistence; stop() ends it. */
export async function startRedis(extra: string[] = []): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (b: Buffer) => (log += b.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await until('redis-server to accept connections', () => log.includes('Ready to accept connections'), 20_000);
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
