/**
 * `npm run bench -- sweep`: the sweep floors.
 *  - local scaling: CPU-bound points (simulations of about a second) on a warm
 *    pool of 1 thread, then 2; floor: 2 threads reach 1.8x the throughput of 1.
 *    CPU seconds (all threads of this process) over wall seconds shows the cores
 *    kept busy even when other load on the machine eats into the wall-clock ratio.
 *  - queue overhead: trivial points through a private redis-server and a worker
 *    (both in this process, one thread) against the same points on the pool
 *    directly; floor: under 10 ms per job on loopback.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { builtinRegistry } from '../src/registry/builtins.ts';
import { familyById } from '../src/registry/registry.ts';
import { planSweep, RUNNER } from '../src/cli/sweep.ts';
import { findSweepCommand } from '../src/cli/sweep-jobs.ts';
import type { JobData, RunnerEnv } from '../src/sweep/job.ts';
import { jobPool, type JobPool } from '../src/sweep/pool.ts';
import { runQueued, serveQueue } from '../src/sweep/queue.ts';
import { emit, round } from './measure.ts';

const ENV: RunnerEnv = { files: [], sim: 'internal', fromQueue: false };
const SCALING_FLOOR = 1.8;
const QUEUE_FLOOR_MS = 10;

function jobs(command: string, family: string, grid: string[], fixed: Record<string, string>): JobData[] {
  const f = familyById(builtinRegistry(), family);
  return [...planSweep(findSweepCommand(command), f, grid, fixed, () => true, ENV).jobs];
}

async function timedRun(pool: JobPool, js: readonly JobData[]): Promise<{ seconds: number; cpuSeconds: number }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const out = await Promise.all(js.map((d) => pool.run(d)));
  if (out.some((o) => !o.ok)) throw new Error(`a benchmark point failed: ${out.find((o) => !o.ok)?.error}`);
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - wall) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

async function warmPool(threads: number, warm: readonly JobData[]): Promise<JobPool> {
  const pool = jobPool(RUNNER, ENV, threads);
  await Promise.all(warm.slice(0, threads).map((d) => pool.run(d))); // every thread has loaded tsx and the runner
  return pool;
}

async function scaling(): Promise<void> {
  const points = jobs('simulate', 'jiq-blocking', ['lambda=0.5:0.1:1.2'], { N: '1000', alpha: '1/2,1/2', T: '10000' });
  const warm = jobs('simulate', 'jiq-blocking', ['lambda=0.5,0.6'], { N: '10', alpha: '1/2,1/2', T: '10' });
  const rate: Record<number, number> = {};
  for (const threads of [1, 2]) {
    const pool = await warmPool(threads, warm);
    const load = loadavg()[0];
    const r = await timedRun(pool, points);
    await pool.close();
    rate[threads] = points.length / r.seconds;
    emit({
      case: `local sweep, ${points.length} simulations of jiq-blocking N=1000 T=10000, ${threads} thread(s)`,
      threads,
      points: points.length,
      seconds: round(r.seconds),
      cpuSeconds: round(r.cpuSeconds),
      pointsPerSecond: round(rate[threads]),
      busyCores: round(r.cpuSeconds / r.seconds, 3),
      loadAverage1m: round(load, 3),
      ...(threads === 2 ? { speedup: round(rate[2] / rate[1], 3), floor: SCALING_FLOOR, meetsFloor: rate[2] / rate[1] >= SCALING_FLOOR } : {}),
    });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function queueOverhead(): Promise<void> {
  const port = await freePort();
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  try {
    await new Promise((r) => setTimeout(r, 500));
    const url = `redis://127.0.0.1:${port}`;
    const points = jobs('solve', 'jiq-blocking', ['lambda=1:1:300'], { N: '1', alpha: '1', method: 'gth' });
    const pool = await warmPool(1, points);
    const direct = await timedRun(pool, points);
    const server = await serveQueue(url, (d) => pool.run(d), { concurrency: 1, lockDuration: 30_000, stalledInterval: 30_000, log: () => {} });
    const wall = performance.now();
    const cpu = process.cpuUsage();
    let done = 0;
    await runQueued(url, points, () => void done++);
    const used = process.cpuUsage(cpu);
    const seconds = (performance.now() - wall) / 1000;
    await server.close();
    await pool.close();
    const perJobMs = ((seconds - direct.seconds) / points.length) * 1000;
    emit({
      case: `queue overhead, ${points.length} trivial solves, coordinator and one worker thread on loopback`,
      jobs: points.length,
      finished: done,
      seconds: round(seconds),
      cpuSeconds: round((used.user + used.system) / 1e6),
      directSeconds: round(direct.seconds),
      overheadMsPerJob: round(perJobMs, 3),
      loadAverage1m: round(loadavg()[0], 3),
      floorMs: QUEUE_FLOOR_MS,
      meetsFloor: perJobMs < QUEUE_FLOOR_MS,
    });
  } finally {
    redis.kill('SIGTERM');
  }
}

export async function sweepSuite(): Promise<void> {
  await scaling();
  await queueOverhead();
}
