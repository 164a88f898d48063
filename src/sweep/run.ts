/**
 * Runs a sweep's jobs where the user asked: on the local pool (every core by
 * default) or through a Redis queue to `lbcheck worker` processes. Either way
 * each job's outcome is handed over as it arrives; jobs are data (JobData), so
 * the same jobs give the same outcomes on either path.
 */
import type { JobData, JobOutcome, RunnerEnv } from './job.ts';
import { defaultThreads, jobPool } from './pool.ts';
import { runQueued } from './queue.ts';

export interface Execution {
  /** File URL of the job runner module (exports runJob). */
  readonly runner: string;
  readonly env: RunnerEnv;
  /** Local threads (default: every core). */
  readonly threads?: number;
  /** redis:// or rediss:// URL: run through the queue instead. */
  readonly queue?: string;
}

export interface RunSummary {
  /** Threads used locally, or null through the queue. */
  readonly threads: number | null;
  /** Jobs that failed on the queue (not handed over: a resumed sweep runs them again). */
  readonly failed: { point: number; error: string }[];
}

export async function runJobs(jobs: readonly JobData[], x: Execution, onOutcome: (d: JobData, o: JobOutcome) => void): Promise<RunSummary> {
  if (x.queue !== undefined) return { threads: null, ...(await runQueued(x.queue, jobs, onOutcome)) };
  if (jobs.length === 0) return { threads: 0, failed: [] };
  const pool = jobPool(x.runner, x.env, Math.min(x.threads ?? defaultThreads(), jobs.length));
  try {
    await Promise.all(jobs.map(async (d) => onOutcome(d, await pool.run(d))));
  } finally {
    await pool.close();
  }
  return { threads: pool.threads, failed: [] };
}
