/**
 * One point of a sweep as a job: what a local thread or a queue worker is given,
 * and what it returns. A job names a command, its subject (a family, or a
 * claim for check) and option values as text, nothing else: the runner
 * (src/cli/sweep-jobs.ts) accepts only lbcheck's own commands, registered
 * subjects and their declared options, and reads every value with the
 * command's own parsers. Anything that would run a program or read a file the
 * worker was not told about (regress's --sim, a cases file) comes from the
 * worker's own command line (RunnerEnv), never from a job.
 */
import { z } from 'zod';

export interface JobData {
  /** The sweep's id (a hash of its definition). */
  readonly sweep: string;
  readonly point: number;
  readonly command: string;
  /** The id of what the command runs on: a family, or for `check` a claim that takes parameters. */
  readonly subject: string;
  /** Option values by attribute name ("lambda", "boundaryTolerance"), as text. */
  readonly options: Readonly<Record<string, string>>;
}

export interface JobOutcome {
  readonly ok: boolean;
  /** The command's JSON report. */
  readonly result?: unknown;
  /** Why the point failed (one line); a failed point is written too, with ok false. */
  readonly error?: string;
}

/** What the process running jobs decides for itself. */
export interface RunnerEnv {
  /** --file modules whose families and claims jobs may name. */
  readonly files: readonly string[];
  /** regress's simulator: "internal" or the worker's own --sim command. */
  readonly sim: string;
  /** Jobs from a queue may name built-in regression panels only, no files. */
  readonly fromQueue: boolean;
}

/** A module that runs jobs: it exports runJob (src/cli/sweep-jobs.ts). */
export interface JobRunnerModule {
  runJob(data: JobData, env: RunnerEnv): Promise<JobOutcome>;
}

const text = z.string().max(10_000);
const schema = z
  .object({
    sweep: z.string().regex(/^[0-9a-f]{16}$/),
    point: z.number().int().nonnegative(),
    command: z.string().regex(/^[a-z-]{1,40}$/),
    subject: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
    options: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,60}$/), text).refine((o) => Object.keys(o).length <= 100, 'too many options'),
  })
  .strict();

/** A job's data as it arrived (from the queue: untrusted), checked for shape. */
export function parseJobData(data: unknown): JobData {
  const r = schema.safeParse(data);
  if (!r.success) throw new Error(`malformed job: ${r.error.issues[0].path.join('.') || 'data'}: ${r.error.issues[0].message}`);
  return r.data;
}
