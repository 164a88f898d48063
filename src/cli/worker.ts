/**
 * `lbcheck worker --queue redis://HOST:PORT` (or --queue-file, or LBCHECK_QUEUE): takes sweep jobs from the queue and
 * runs them on this machine's cores until stopped (SIGINT/SIGTERM: it finishes
 * the jobs in hand, then exits). What a job may not decide comes from here:
 * --sim (regress's simulator command) and --file (families it may name).
 */
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import { defaultThreads, jobPool } from '../sweep/pool.ts';
import { parseQueueUrl, serveQueue } from '../sweep/queue.ts';
import { QUEUE_ENV, QUEUE_HELP, queueSource, type QueueFlags } from './queue-source.ts';
import { collect } from './repeatable.ts';
import { RUNNER } from './sweep.ts';

interface WorkerFlags extends QueueFlags {
  jobs?: string;
  sim: string;
  file?: string[];
  lockDuration: string;
  stalledInterval: string;
  quiet?: boolean;
}

function parseMs(text: string, flag: string): number {
  const v = Number(text);
  if (!Number.isInteger(v) || v < 100 || v > 3_600_000)
    throw new UsageError(`${flag} must be an integer number of milliseconds in 100..3600000, got "${text}"`);
  return v;
}

async function runWorker(opts: WorkerFlags): Promise<number> {
  const threads = opts.jobs === undefined ? defaultThreads() : Number(opts.jobs);
  if (!Number.isInteger(threads) || threads < 1 || threads > 1024) throw new UsageError(`--jobs must be an integer in 1..1024, got "${opts.jobs}"`);
  if (opts.sim.trim() === '') throw new UsageError('--sim must be "internal" or a command, got ""');
  const queue = queueSource(opts);
  if (!queue) throw new UsageError(`name the queue: --queue URL, --queue-file FILE, or the environment variable ${QUEUE_ENV}`);
  const url = parseQueueUrl(queue.text, queue.source);
  const lockDuration = parseMs(opts.lockDuration, '--lock-duration');
  const stalledInterval = parseMs(opts.stalledInterval, '--stalled-interval');
  const log = opts.quiet ? () => {} : (line: string) => process.stderr.write(`lbcheck worker ${process.pid}: ${line}\n`);
  const pool = jobPool(RUNNER, { files: opts.file ?? [], sim: opts.sim, fromQueue: true }, threads);
  const server = await serveQueue(url.href, (d) => pool.run(d), { concurrency: threads, lockDuration, stalledInterval, log }).catch(async (e) => {
    await pool.close();
    throw e;
  });
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      log('stopping: finishing the jobs in hand');
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  try {
    await Promise.race([stopped, server.closed]);
  } finally {
    await server.close();
    await pool.close();
  }
  return 0;
}

export function workerCommand(setExit: (code: number) => void): Command {
  return new Command('worker')
    .description('take sweep jobs from a Redis queue (lbcheck sweep --queue) and run them on this machine')
    .option('--queue <url>', `${QUEUE_HELP.queue}; default: the environment variable ${QUEUE_ENV}`)
    .option('--queue-file <file>', QUEUE_HELP.queueFile)
    .option('--jobs <n>', 'jobs at once, one per thread (default: every core)')
    .option('--sim <which>', 'simulator for regress jobs: "internal" or a command (jobs cannot choose one)', 'internal')
    .option('--file <path>', 'families jobs may name, from a TypeScript module (repeatable)', collect)
    .option('--lock-duration <ms>', 'a job whose worker stops renewing its lock this long is retried elsewhere', '30000')
    .option('--stalled-interval <ms>', 'how often this worker looks for stalled jobs', '30000')
    .option('--quiet', 'no log lines on stderr')
    .action(async (opts: WorkerFlags) => setExit(await runWorker(opts)));
}
