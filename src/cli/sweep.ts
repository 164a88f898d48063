/**
 * `lbcheck sweep <command> <family> --grid ... --out FILE`: runs solve, fluid,
 * simulate or regress at every point of a grid (or `sweep check <claim>`: a
 * claim that takes parameters, decided at every point), on every local core or
 * through a Redis queue (`--queue`, taken by `lbcheck worker`), appending each
 * point's JSON report to FILE, and a row to --csv, as it finishes (src/sweep/).
 */
import { Command, Option } from 'commander';
import { existsSync } from 'node:fs';
import { UsageError } from '../core/errors.ts';
import { ownModule } from '../core/package-files.ts';
import { MAX_SEED, parseSeed } from '../sim/random.ts';
import { expandGrid, parseAxis, pointText, type GridAxis } from '../sweep/grid.ts';
import type { JobData, JobOutcome, RunnerEnv } from '../sweep/job.ts';
import { parseQueueUrl, probe, redactUrl } from '../sweep/queue.ts';
import { QUEUE_ENV, QUEUE_HELP, queueSource } from './queue-source.ts';
import { openCsv } from '../sweep/csv.ts';
import { openResults, readResults, sweepHeader, type ResultLine, type SweepHeader } from '../sweep/results.ts';
import { runJobs } from '../sweep/run.ts';
import type { Registry } from '../registry/registry.ts';
import { addFileOption, fileArguments } from './files.ts';
import { collect } from './repeatable.ts';
import { addParamOptions } from './model-options.ts';
import { printJson } from './output.ts';
import { countProgress } from './progress.ts';
import { ignoredParams, optionNames, preparePoint, SWEEP_COMMANDS, type SweepCommand, type SweepSubject } from './sweep-jobs.ts';
import { wrap } from '../report/wrap.ts';

export const RUNNER = ownModule('sweep-jobs', 'src/cli/sweep-jobs.ts').href;

interface SweepFlags {
  grid: string[];
  out: string;
  csv?: string;
  resume?: boolean;
  jobs?: string;
  queue?: string;
  queueFile?: string;
  sim?: string;
  json?: boolean;
}

/** The options a sweep subcommand reads itself; everything else is the command's. */
const OWN = new Set(['grid', 'out', 'csv', 'resume', 'jobs', 'queue', 'queueFile', 'sim', 'json', 'file']);

export interface SweepPlan {
  readonly header: SweepHeader;
  readonly points: readonly Record<string, string>[];
  readonly jobs: readonly JobData[];
  readonly seeds: readonly (number | null)[];
}

/** Grid axis names ("boundary-tolerance" or "boundaryTolerance") to option attribute names. */
function axisNames(command: SweepCommand, subject: SweepSubject, axes: GridAxis[]): GridAxis[] {
  const known = new Map<string, string>();
  for (const name of Object.keys(subject.params)) known.set(name, name);
  for (const o of command.options(subject)) {
    known.set(o.attributeName(), o.attributeName());
    known.set(o.long!.replace(/^--/, ''), o.attributeName());
  }
  return axes.map((a) => {
    const name = known.get(a.name);
    if (!name) throw new UsageError(`--grid ${a.name}: not an option of ${command.name} ${subject.id} (options: ${optionNames(command, subject).join(', ')})`);
    return { name, values: a.values };
  });
}

/**
 * The sweep's definition and jobs from the command line: grid axes, fixed
 * options (given or defaulted), and seeds (point k: base + k) for seeded
 * commands. Every point is checked before anything runs.
 */
export function planSweep(
  command: SweepCommand,
  subject: SweepSubject,
  specs: readonly string[],
  given: Record<string, unknown>,
  fromCli: (name: string) => boolean,
  env: RunnerEnv,
): SweepPlan {
  if (specs.length === 0) throw new UsageError('give at least one --grid name=values');
  const axes = axisNames(command, subject, specs.map(parseAxis));
  const onGrid = new Set(axes.map((a) => a.name));
  const fixed: Record<string, string> = {};
  for (const name of optionNames(command, subject)) {
    const v = given[name];
    if (v === undefined) continue;
    if (onGrid.has(name)) {
      if (fromCli(name)) throw new UsageError(`--${name} is given both as a fixed option and on the grid`);
      continue;
    }
    fixed[name] = String(v);
  }
  let seedBase: number | null = null;
  if (command.seeded && !onGrid.has('seed')) {
    seedBase = parseSeed(fixed.seed ?? '1');
    delete fixed.seed;
  }
  const points = expandGrid(axes);
  const optionsAt = (k: number, seed?: number): Record<string, string> => ({ ...fixed, ...points[k], ...(seed !== undefined ? { seed: String(seed) } : {}) });
  points.forEach((p, k) => {
    try {
      preparePoint({ command: command.name, options: optionsAt(k, seedBase ?? undefined) }, subject, env);
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`grid point ${k} (${pointText(p)}): ${e.message}`);
      throw e;
    }
  });
  const stride = seedBase === null ? 0 : Math.max(...points.map((_, k) => command.seedsPerRun?.(subject, optionsAt(k)) ?? 1));
  const seeds = points.map((p, k) => (seedBase !== null ? (seedBase + k * stride) % (MAX_SEED + 1) : onGrid.has('seed') ? Number(p.seed) : null));
  const header = sweepHeader({ command: command.name, subject: subject.id, grid: axes, fixed, seedBase, points: points.length });
  const jobs = points.map(
    (_, k): JobData => ({
      sweep: header.id,
      point: k,
      command: command.name,
      subject: subject.id,
      options: optionsAt(k, seedBase !== null ? seeds[k]! : undefined),
    }),
  );
  return { header, points, jobs, seeds };
}

function parseThreads(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1024) throw new UsageError(`--jobs must be an integer in 1..1024, got "${text}"`);
  return n;
}

async function runSweep(command: SweepCommand, subject: SweepSubject, opts: Record<string, unknown> & SweepFlags, sub: Command): Promise<number> {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const threads = parseThreads(opts.jobs);
  const source = queueSource(opts);
  const queue = source === undefined ? undefined : parseQueueUrl(source.text, source.source);
  if (queue && opts.sim !== undefined && opts.sim !== 'internal') {
    throw new UsageError('--sim runs where the points run: give it to `lbcheck worker --sim`, not to a queued sweep');
  }
  // The --file modules as main.ts loaded them (commander hands --file to the outermost command).
  const env: RunnerEnv = { files: fileArguments(process.argv.slice(2)), sim: opts.sim ?? 'internal', fromQueue: queue !== undefined };
  const plan = planSweep(command, subject, opts.grid ?? [], opts, (name) => sub.getOptionValueSource(name) === 'cli', env);
  if (queue) await probe(queue); // an unreachable queue fails before FILE is touched
  if (opts.csv !== undefined && !opts.resume && existsSync(opts.csv))
    throw new UsageError(`--csv ${opts.csv} exists; pass --resume to continue that sweep, or choose another file`);
  const results = openResults(opts.out, plan.header, Boolean(opts.resume), (k) => plan.points[k]);
  let csv: ReturnType<typeof openCsv> | undefined;
  try {
    csv =
      opts.csv === undefined
        ? undefined
        : openCsv(
            opts.csv,
            plan.header.grid.map((a) => a.name),
            Boolean(opts.resume),
            results.lines,
          );
  } catch (e) {
    results.close();
    throw e;
  }
  const pending = plan.jobs.filter((d) => !results.done.has(d.point));
  const progress = countProgress(pending.length, 'points', Boolean(opts.json));
  let ok = 0,
    notOk = 0;
  const write = (d: JobData, o: JobOutcome): void => {
    const line: ResultLine = {
      point: d.point,
      params: plan.points[d.point],
      seed: plan.seeds[d.point],
      ok: o.ok,
      ...(o.result !== undefined ? { result: o.result } : {}),
      ...(o.error ? { error: o.error } : {}),
    };
    results.append(line); // FILE first: a row in the CSV is always in FILE
    csv?.append(line);
    if (o.ok) ok++;
    else notOk++;
    progress.tick();
  };
  let summary: Awaited<ReturnType<typeof runJobs>>;
  try {
    summary = await runJobs(pending, { runner: RUNNER, env, threads, ...(queue !== undefined ? { queue: queue.href } : {}) }, write);
  } finally {
    progress.stop();
    results.close();
    csv?.close();
  }
  const all = readResults(opts.out, plan.header, (k) => plan.points[k]);
  for (const f of summary.failed) process.stderr.write(`lbcheck: point ${f.point} failed on the queue (not written; --resume runs it again): ${f.error}\n`);
  const cpu = process.cpuUsage(cpu0);
  const report = {
    sweep: plan.header.id,
    command: command.name,
    [command.subjectKind === 'claim' ? 'claim' : 'model']: subject.id,
    file: opts.out,
    ...(opts.csv ? { csv: opts.csv } : {}),
    points: plan.points.length,
    alreadyWritten: results.done.size,
    computed: ok + notOk,
    ok: all.filter((l) => l.ok).length,
    notOk: all.filter((l) => !l.ok).length,
    failedOnQueue: summary.failed.length,
    ran: queue ? { queue: redactUrl(queue) } : { threads: summary.threads },
    seconds: (performance.now() - start) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  if (opts.json) printJson(report);
  else {
    const where = queue ? `through the queue at ${redactUrl(queue)}` : `on ${summary.threads} threads`;
    console.log(
      wrap(
        `sweep ${command.name} ${subject.id}: ${report.points} points (sweep ${report.sweep}); ${report.computed} ` +
          `computed ${where}, ${report.alreadyWritten} already in ${opts.out}`,
      ),
    );
    console.log(
      wrap(
        `${report.ok} ok, ${report.notOk} not ok${report.failedOnQueue ? `, ${report.failedOnQueue} failed on the queue` : ''}; ` +
          `${report.seconds.toFixed(2)} s wall, ${report.cpuSeconds.toFixed(2)} s CPU in this process`,
      ),
    );
    console.log(`wrote ${opts.out}${opts.csv ? ` and ${opts.csv}` : ''}`);
  }
  return report.notOk === 0 && report.failedOnQueue === 0 && report.ok === report.points ? 0 : 1;
}

export function sweepCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(
    new Command('sweep').description(
      'run solve, fluid, simulate or regress over a grid of parameters (or check a claim that takes parameters ' +
        'at every point), on every core or through a Redis queue',
    ),
  );
  for (const command of SWEEP_COMMANDS) {
    const what = command.name === 'check' ? 'decide a claim that takes parameters at every point of a grid' : `sweep ${command.name} over a grid`;
    const group = addFileOption(new Command(command.name).description(what));
    for (const subject of command.subjects(registry)) {
      const sub = new Command(subject.id).description(subject.title);
      addParamOptions(sub, subject, ignoredParams(command, subject));
      for (const o of command.options(subject)) {
        o.mandatory = false; // a required option may come from the grid; planSweep checks every point
        if (command.seeded && o.attributeName() === 'seed')
          o.description = 'base seed S: point k runs with seed S + k (regress: S + k times the panel size), unless the grid sets seed';
        if (!OWN.has(o.attributeName())) sub.addOption(o);
      }
      sub
        .requiredOption('--grid <name=values>', "grid axis, repeatable: 'lambda=0.1:0.1:0.9' (start:step:end), 'N=10,20', 'alpha=3/5,2/5;1/2,1/2'", collect)
        .requiredOption('--out <file>', 'results, one JSON line per point, appended as points finish')
        .option('--csv <file>', 'also append the results to a CSV, one row per point as it finishes (columns: README "sweep")')
        .option('--resume', 'continue the sweep in --out: run only the points not written yet')
        .option('--jobs <n>', 'local worker threads (default: every core)')
        .option(
          '--queue <url>',
          `run through a Redis queue taken by \`lbcheck worker\`: ${QUEUE_HELP.queue}; default: the environment variable ${QUEUE_ENV} when set`,
        )
        .option('--queue-file <file>', QUEUE_HELP.queueFile);
      if (command.name === 'regress')
        sub.addOption(new Option('--sim <which>', '"internal" or a simulator command, for local runs (queued runs use each worker\'s --sim)'));
      sub
        .option('--json', 'print one JSON document (the summary; results are in --out)')
        .action(async (opts: Record<string, unknown> & SweepFlags) => setExit(await runSweep(command, subject, opts, sub)));
      group.addCommand(addFileOption(sub));
    }
    cmd.addCommand(group);
  }
  return cmd;
}
