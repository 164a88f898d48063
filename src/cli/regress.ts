/** `lbcheck regress <family>`: a simulator (ours or a command) against the exact CTMC on a panel of small cases. */
import { Command, Option } from 'commander';
import { availableParallelism } from 'node:os';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { UsageError } from '../core/errors.ts';
import type { SearchOptions } from '../ctmc/solve.ts';
import { resolvePanel } from '../sim/panel.ts';
import type { PanelCase } from '../core/simulator-view.ts';
import { parseSeed } from '../sim/random.ts';
import { CaseFailure, checkCommand, DEFAULT_TIMEOUT_SECONDS } from '../sim/external.ts';
import { DEFAULT_DETECT, parseDetect, type Detect } from '../sim/detectable.ts';
import { parseMetricSpec, type MetricItem } from '../sim/metric-spec.ts';
import { expandGrid, parseAxis } from '../sweep/grid.ts';
import type { RegressReport } from '../sim/regress.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { parsePositive, printJson } from './output.ts';
import { countProgress } from './progress.ts';
import { collect } from './repeatable.ts';
import { printRegress } from './regress-output.ts';
import { parseSolveOptions, solveOptions, type SolveFlags } from './solve.ts';

interface RegressFlags extends SolveFlags {
  sim: string;
  cases?: string;
  grid?: string[];
  seed: string;
  horizon?: string;
  timeout: string;
  metrics?: string;
  detect: string;
  jobs?: string;
  json?: boolean;
}

export const DEFAULT_REGRESS_SEED = '1';

/** A regression request read from option text (UsageError on bad input): what `regress` and `sweep regress` run. */
export interface RegressRequest {
  seed: number;
  horizon?: number;
  timeoutMs: number;
  panel: PanelCase[];
  /** "internal", or the shell command of an external simulator (never from a queued job: see src/sweep/). */
  sim: string;
  metrics?: MetricItem[];
  detect: Detect;
  solve: SearchOptions;
  jobs: number;
}

/**
 * The cases: the family parameters given (any of them as a list through
 * --grid name=v1,v2, the sweep's syntax), else a built-in panel or a file
 * (--cases, default `small`). A case from the command line runs over --horizon,
 * else the longest horizon of the family's small panel.
 */
export function regressPanel(family: ModelFamily<ParamSpecs, unknown>, opts: { cases?: string; grid?: string[] } & Record<string, unknown>): PanelCase[] {
  const view = family.simulator!;
  const given = Object.fromEntries(Object.entries(rawParams(family, opts)).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const axes = (opts.grid ?? []).map(parseAxis);
  if (Object.keys(given).length === 0 && axes.length === 0) return resolvePanel(view, opts.cases ?? 'small');
  if (opts.cases !== undefined) throw new UsageError('--cases and model parameters (--N, --grid ...) both give the cases: give one');
  for (const a of axes) {
    if (!Object.hasOwn(family.params, a.name))
      throw new UsageError(`--grid ${a.name}: ${family.id} has no parameter ${a.name} (parameters: ${Object.keys(family.params).join(', ')})`);
    if (a.name in given) throw new UsageError(`--${a.name} is given both as a fixed option and on the grid`);
  }
  const horizon = Math.max(...view.panels.small.map((c) => c.horizon));
  const points = expandGrid(axes);
  return points.map((point) => ({
    id: axes.length
      ? Object.entries(point)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')
      : family.id,
    params: { ...given, ...point },
    horizon,
  }));
}

function parseJobs(text: string | undefined): number {
  if (text === undefined) return availableParallelism();
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1024) throw new UsageError(`--jobs must be an integer in 1..1024, got "${text}"`);
  return n;
}

export function parseRegress(family: ModelFamily<ParamSpecs, unknown>, opts: RegressFlags & Record<string, unknown>): RegressRequest {
  const seed = parseSeed(opts.seed);
  const horizon = opts.horizon === undefined ? undefined : parsePositive(opts.horizon, '--horizon');
  const timeoutMs = parsePositive(opts.timeout, '--timeout') * 1000;
  const detect = parseDetect(opts.detect);
  const metrics = opts.metrics === undefined ? undefined : parseMetricSpec(opts.metrics, family.metrics, family.id);
  const solve = parseSolveOptions(opts);
  const jobs = parseJobs(opts.jobs);
  const panel = regressPanel(family, opts);
  for (const c of panel) {
    try {
      family.parse({ ...c.params });
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`case ${c.id}: ${e.message}`);
      throw e;
    }
  }
  if (opts.sim !== 'internal' && opts.sim.trim() === '') throw new UsageError('--sim must be "internal" or a command, got ""');
  if (opts.sim !== 'internal') {
    try {
      checkCommand(opts.sim); // once, before the first case
    } catch (e) {
      if (e instanceof CaseFailure) throw new UsageError(`--sim: ${e.message}`);
      throw e;
    }
  }
  return { seed, horizon, timeoutMs, panel, sim: opts.sim, metrics, detect, solve, jobs };
}

export async function regressReport(
  family: ModelFamily<ParamSpecs, unknown>,
  req: RegressRequest,
  onProgress?: (done: number, total: number, id?: string) => void,
): Promise<RegressReport> {
  // Loaded when a regression runs: the simulators and their statistics stay out of every other command's start-up.
  const { externalRunner, internalRunner, regress } = await import('../sim/regress.ts');
  return regress(family, req.panel, {
    seed: req.seed,
    horizon: req.horizon,
    runner: req.sim === 'internal' ? internalRunner(family) : externalRunner(req.sim, req.timeoutMs),
    simulator: req.sim,
    metrics: req.metrics,
    detect: req.detect,
    solve: req.solve,
    jobs: req.jobs,
    onProgress,
  });
}

async function runRegress(family: ModelFamily<ParamSpecs, unknown>, opts: RegressFlags & Record<string, unknown>): Promise<number> {
  const req = parseRegress(family, opts);
  const progress = countProgress(req.panel.length, 'cases', Boolean(opts.json));
  const report = await regressReport(family, req, () => progress.tick());
  progress.stop();
  if (opts.json) {
    // Failed cases also on stderr, one line each (the human report lists them once, itself).
    for (const e of report.errors) process.stderr.write(`lbcheck: case ${e.id}: ${e.error}\n`);
    printJson(report);
  } else printRegress(report);
  return report.verdict === 'pass' ? 0 : 1;
}

/** The options of a regression (shared by `regress` and `sweep regress`; the family's parameters, --grid and --jobs are added by each). */
export function regressOptions(family: ModelFamily<ParamSpecs, unknown>): Option[] {
  return [
    new Option(
      '--sim <which>',
      '"internal" (lbcheck\'s simulator) or a shell command speaking the JSON protocol (docs/guides/regress-your-simulator.md)',
    ).default('internal'),
    new Option(
      '--cases <panel>',
      `a built-in panel (${Object.keys(family.simulator!.panels).join(', ')}) or a JSON file of cases (default small, unless model parameters give the cases)`,
    ),
    new Option('--seed <S>', 'base seed; case i runs with seed S + i').default(DEFAULT_REGRESS_SEED),
    new Option(
      '--horizon <T>',
      "simulated time for every case, a suggestion an external simulator may ignore (default: each panel case's " +
        "own; the small panel's longest for cases from parameters)",
    ),
    new Option('--timeout <seconds>', 'time allowed to an external simulator per case').default(String(DEFAULT_TIMEOUT_SECONDS)),
    new Option('--metrics <list>', 'metrics to compare, e.g. meanJobs,s[1..4] (default: those the simulator reports on the first case)'),
    new Option(
      '--detect <D>',
      `difference each comparison must be able to show with 95% power: 2%, 2%+1e-4 (relative plus absolute floor) or 0.005 (absolute)`,
    ).default(`${DEFAULT_DETECT.relative * 100}%+${DEFAULT_DETECT.absolute}`),
    ...solveOptions(),
  ];
}

export function regressCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(
    new Command('regress').description(
      'check a simulator against the exact CTMC on a panel of small cases (Šidák per comparison and an omnibus test, family-wise 1%)',
    ),
  );
  for (const family of familiesOf(registry, 'simulator')) {
    const sub = addFileOption(new Command(family.id)).description(
      `${family.title}. Cases: the family's parameters (any of them a --grid list), else a panel (--cases)`,
    );
    addParamOptions(sub, family);
    // A parameter `solve` requires is required here only when parameters, not a panel, give the cases.
    for (const o of sub.options) o.description = o.description.replace(' [required]', ' [required unless --cases]');
    for (const o of regressOptions(family)) sub.addOption(o);
    cmd.addCommand(
      sub
        .option('--grid <name=values>', "a parameter as a list, repeatable: 'N=3,5,10', 'lambda=0.5:0.1:0.9', 'alpha=3/5,2/5;1/2,1/2'", collect)
        .option('--jobs <n>', 'cases run at once by an external simulator (default: every core)')
        .option('--json', 'print one JSON document')
        .action(async (opts: RegressFlags & Record<string, unknown>) => setExit(await runRegress(family, opts))),
    );
  }
  return cmd;
}
