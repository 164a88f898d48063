/**
 * The local pool: sweep jobs on worker threads (piscina), one per core by
 * default. Each thread loads the job runner once (the build's, or the sources
 * through tsx) and runs jobs one at a time, so CPU-bound points scale with the
 * cores.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ownModule } from '../core/package-files.ts';
import type { JobData, JobOutcome, RunnerEnv } from './job.ts';

export interface JobPool {
  readonly threads: number;
  run(data: JobData): Promise<JobOutcome>;
  close(): Promise<void>;
}

export const defaultThreads = (): number => availableParallelism();

/** A pool of `threads` threads running jobs with the runner module at `runner` (a file URL). */
export function jobPool(runner: string, env: RunnerEnv, threads = defaultThreads()): JobPool {
  const pool = new Piscina({
    filename: ownModule('thread', 'src/sweep/thread.mjs').href,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
    idleTimeout: 60_000,
  });
  return {
    threads,
    run: (data) => pool.run({ runner, data, env }) as Promise<JobOutcome>,
    close: () => pool.destroy(),
  };
}
