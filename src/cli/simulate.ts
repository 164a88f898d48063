/** `lbcheck simulate <family>`: one seeded event simulation, every estimate with its 95% interval. */
import { Command, Option } from 'commander';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { parseSeed } from '../sim/random.ts';
import { estimateRun, runSimulation, type RunEstimate } from '../sim/run.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { fmt, paramText, renderTable } from '../report/table.ts';
import { wrap } from '../report/wrap.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { paramRecord } from '../report/param-record.ts';
import { parsePositive, printJson } from './output.ts';
import { progressFor } from './progress.ts';
import { short } from './sim-output.ts';

interface SimulateFlags {
  T: string;
  seed: string;
  json?: boolean;
}

export const DEFAULT_SIM_SEED = '1';

/** Runs estimated to take longer than this (CPU seconds, from the pilots) say so up front, on stderr. */
const LONG_RUN_SECONDS = 10;

/** Runs estimated to take longer than this (CPU seconds, a week) are refused: nobody waits for them, and they are usually a mistyped --T. */
export const MAX_RUN_SECONDS = 7 * 86400;

/** "3.2 h": a duration for people. */
function duration(seconds: number): string {
  const units: [number, string][] = [
    [365 * 86400, 'years'],
    [86400, 'days'],
    [3600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const [size, unit] = units.find(([u]) => seconds >= u) ?? [1, 's'];
  return `${Number((seconds / size).toPrecision(2))} ${unit}`;
}

/** A simulation request read from option text (UsageError on bad input): what `simulate` and `sweep simulate` run. */
export interface SimulateRequest {
  params: unknown;
  horizon: number;
  seed: number;
}

export function parseSimulate(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & SimulateFlags): SimulateRequest {
  return { params: family.parse(rawParams(family, opts)), horizon: parsePositive(opts.T, '--T'), seed: parseSeed(opts.seed) };
}

/**
 * The JSON report of one seeded simulation: each estimate with its 95% interval
 * and degrees of freedom, or, for a run too short to estimate anything,
 * status "unknown", the reason and no metrics.
 */
export function simulateReport(
  family: ModelFamily<ParamSpecs, unknown>,
  req: SimulateRequest,
  onProgress?: (fraction: number) => void,
  estimate?: RunEstimate | null,
) {
  const r = runSimulation(family.simulator!, req.params, { seed: req.seed, horizon: req.horizon, onProgress });
  const metrics = Object.fromEntries(Object.entries(r.metrics).map(([k, e]) => [k, { mean: e.mean, stderr: e.stderr, ci95: e.ci95, df: e.df }]));
  return {
    model: family.id,
    ...paramRecord(family, req.params),
    seed: req.seed,
    status: r.tooShort ? ('unknown' as const) : ('estimated' as const),
    ...(r.tooShort ? { reason: r.tooShort } : {}),
    events: r.events,
    eventsPerSecond: r.eventsPerSecond,
    metrics: r.tooShort ? null : metrics,
    seconds: r.seconds,
    ...(estimate ? { estimate } : {}),
    horizon: req.horizon,
    warmup: r.warmup,
    batches: r.batches,
    batchLength: r.batchLength,
    /** How the simulator works: 'per-server event simulation', or a derived simulator's own label. */
    method: family.simulator!.method?.(req.params) ?? 'per-server event simulation',
  };
}

function runSimulate(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & SimulateFlags): number {
  const req = parseSimulate(family, opts);
  const estimate = estimateRun(family.simulator!, req.params, req);
  if (estimate !== null && estimate.seconds > MAX_RUN_SECONDS) {
    const fits = req.horizon * (MAX_RUN_SECONDS / estimate.seconds);
    throw new UsageError(
      `--T ${opts.T} would take about ${duration(estimate.seconds)} (scaled from a pilot run of T = ${fmt(estimate.pilotHorizon)}), ` +
        `more than the ${duration(MAX_RUN_SECONDS)} a simulation may run; --T ${fits.toPrecision(2)} takes about that long`,
    );
  }
  const long = estimate !== null && estimate.seconds > LONG_RUN_SECONDS;
  if (long) {
    process.stderr.write(
      `lbcheck: simulate: about ${estimate.events.toPrecision(2)} events, about ${duration(estimate.seconds)} ` +
        `(scaled from a pilot run of T = ${fmt(estimate.pilotHorizon)}); a smaller --T is shorter\n`,
    );
  }
  const progress = progressFor(Boolean(opts.json));
  const task = long ? `simulating (about ${duration(estimate.seconds)} in all)` : 'simulating';
  const report = simulateReport(family, req, (f) => progress.update(task, f), estimate);
  progress.stop();
  const code = report.metrics === null ? 1 : 0;
  if (opts.json) {
    printJson(report);
    return code;
  }
  console.log(`${family.id}  ${paramText(report.paramsExact)}`);
  console.log(`method: ${report.method}`);
  console.log(
    wrap(
      `simulated T = ${fmt(report.horizon)} (seed ${report.seed}): ${report.events} events in ${report.seconds.toFixed(2)} ` +
        `s, ${fmt(Math.round(report.eventsPerSecond))} events/s; ` +
        `warm-up ${fmt(report.warmup)} deleted (MSER), ${report.batches} batches of ${fmt(report.batchLength)}`,
    ),
  );
  if (report.metrics === null) {
    console.log(wrap(`UNKNOWN: ${report.reason}; no estimates`));
    return code;
  }
  const rows = Object.entries(report.metrics).map(([k, e]) => [k, short(e.mean), short(e.stderr), `[${short(e.ci95[0])}, ${short(e.ci95[1])}]`]);
  console.log(renderTable(['metric', 'mean', 'stderr', `95% CI (t, ${report.batches - 1} df)`], rows));
  return code;
}

/** The options of a simulation (shared by `simulate` and `sweep simulate`). */
export function simulateOptions(): Option[] {
  return [
    new Option('--T <time>', 'simulated time, warm-up included').makeOptionMandatory(),
    new Option('--seed <S>', 'seed, an integer in [0, 4294967295]; the same seed reproduces the run').default(DEFAULT_SIM_SEED),
  ];
}

export function simulateCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('simulate').description('simulate a model (per-server event simulation) and estimate its metrics with 95% intervals'));
  for (const family of familiesOf(registry, 'simulator')) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    for (const o of simulateOptions()) sub.addOption(o);
    sub.option('--json', 'print one JSON document').action((opts: Record<string, unknown> & SimulateFlags) => setExit(runSimulate(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
