/** `lbcheck simulate <family>`: one seeded event simulation, every estimate with its 95% interval. */
import { Command } from 'commander';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { parseSeed } from '../sim/random.ts';
import { estimateRun, runSimulation } from '../sim/run.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { fmt, paramText, renderTable } from '../report/table.ts';
import { addParamOptions, paramRecord, rawParams } from './model-options.ts';
import { printJson } from './output.ts';
import { progressFor } from './progress.ts';
import { parsePositive, short } from './sim-output.ts';

interface SimulateFlags {
  T: string;
  seed: string;
  json?: boolean;
}

export const DEFAULT_SIM_SEED = '1';

/** Runs estimated to take longer than this (wall seconds) say so up front, on stderr. */
const LONG_RUN_SECONDS = 10;

/** "3.2 h": a duration for people. */
function duration(seconds: number): string {
  const units: [number, string][] = [[365 * 86400, 'years'], [86400, 'days'], [3600, 'h'], [60, 'min'], [1, 's']];
  const [size, unit] = units.find(([u]) => seconds >= u) ?? [1, 's'];
  return `${Number((seconds / size).toPrecision(2))} ${unit}`;
}

function runSimulate(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & SimulateFlags): number {
  const params = family.parse(rawParams(family, opts));
  const horizon = parsePositive(opts.T, '--T');
  const seed = parseSeed(opts.seed);
  const view = family.simulator!;
  const estimate = estimateRun(view, params, { seed, horizon });
  const long = estimate !== null && estimate.seconds > LONG_RUN_SECONDS;
  if (long) {
    process.stderr.write(
      `lbcheck: simulate: about ${estimate.events.toPrecision(2)} events, about ${duration(estimate.seconds)} ` +
        `(scaled from a pilot run of T = ${fmt(estimate.pilotHorizon)}); a smaller --T is shorter\n`,
    );
  }
  const progress = progressFor(Boolean(opts.json));
  const task = long ? `simulating (about ${duration(estimate.seconds)} in all)` : 'simulating';
  const r = runSimulation(view, params, { seed, horizon, onProgress: (f) => progress.update(task, f) });
  progress.stop();
  const metrics = Object.fromEntries(Object.entries(r.metrics).map(([k, e]) => [k, { mean: e.mean, stderr: e.stderr, ci95: e.ci95 }]));
  const report = {
    model: family.id,
    ...paramRecord(family, params),
    seed,
    status: r.tooShort ? 'unknown' : 'estimated',
    ...(r.tooShort ? { reason: r.tooShort } : {}),
    events: r.events,
    eventsPerSecond: r.eventsPerSecond,
    // A run too short to estimate anything has no estimates.
    metrics: r.tooShort ? null : metrics,
    seconds: r.seconds,
    ...(estimate ? { estimate } : {}),
    horizon,
    warmup: r.warmup,
    batches: r.batches,
    batchLength: r.batchLength,
  };
  const code = r.tooShort ? 1 : 0;
  if (opts.json) {
    printJson(report);
    return code;
  }
  console.log(`${family.id}  ${paramText(report.paramsExact)}`);
  console.log(
    `simulated T = ${fmt(horizon)} (seed ${seed}): ${r.events} events in ${r.seconds.toFixed(2)} s, ${fmt(Math.round(r.eventsPerSecond))} events/s; ` +
      `warm-up ${fmt(r.warmup)} deleted (MSER), ${r.batches} batches of ${fmt(r.batchLength)}`,
  );
  if (r.tooShort) {
    console.log(`UNKNOWN: ${r.tooShort}; no estimates`);
    return code;
  }
  const rows = Object.entries(r.metrics).map(([k, e]) => [k, short(e.mean), short(e.stderr), `[${short(e.ci95[0])}, ${short(e.ci95[1])}]`]);
  console.log(renderTable(['metric', 'mean', 'stderr', '95% CI (t, ' + (r.batches - 1) + ' df)'], rows));
  return code;
}

export function simulateCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('simulate').description('simulate a model (per-server event simulation) and estimate its metrics with 95% intervals'));
  for (const family of familiesOf(registry, 'simulator')) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    sub
      .requiredOption('--T <time>', 'simulated time, warm-up included')
      .option('--seed <S>', 'seed, an integer in [0, 4294967295]; the same seed reproduces the run', DEFAULT_SIM_SEED)
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & SimulateFlags) => setExit(runSimulate(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
