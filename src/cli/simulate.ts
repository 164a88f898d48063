/** `lbcheck simulate <family>`: one seeded event simulation, every estimate with its 95% interval. */
import { Command } from 'commander';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { parseSeed } from '../sim/random.ts';
import { runSimulation } from '../sim/run.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { fmt, paramText, renderTable } from '../report/table.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { printJson } from './output.ts';
import { progressFor } from './progress.ts';
import { parsePositive, short } from './sim-output.ts';

interface SimulateFlags {
  T: string;
  seed: string;
  json?: boolean;
}

export const DEFAULT_SIM_SEED = '1';

function runSimulate(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & SimulateFlags): void {
  const params = family.parse(rawParams(family, opts));
  const horizon = parsePositive(opts.T, '--T');
  const seed = parseSeed(opts.seed);
  const progress = progressFor(Boolean(opts.json));
  const r = runSimulation(family.simulator!, params, { seed, horizon, onProgress: (f) => progress.update('simulating', f) });
  progress.stop();
  const metrics = Object.fromEntries(Object.entries(r.metrics).map(([k, e]) => [k, { mean: e.mean, stderr: e.stderr, ci95: e.ci95 }]));
  const report = {
    model: family.id,
    params: family.toJSON(params),
    seed,
    events: r.events,
    eventsPerSecond: r.eventsPerSecond,
    metrics,
    seconds: r.seconds,
    horizon,
    warmup: r.warmup,
    batches: r.batches,
    batchLength: r.batchLength,
  };
  if (opts.json) return printJson(report);
  console.log(`${family.id}  ${paramText(report.params)}`);
  console.log(
    `simulated T = ${fmt(horizon)} (seed ${seed}): ${r.events} events in ${r.seconds.toFixed(2)} s, ${fmt(Math.round(r.eventsPerSecond))} events/s; ` +
      `warm-up ${fmt(r.warmup)} deleted (MSER), ${r.batches} batches of ${fmt(r.batchLength)}`,
  );
  const rows = Object.entries(r.metrics).map(([k, e]) => [k, short(e.mean), short(e.stderr), `[${short(e.ci95[0])}, ${short(e.ci95[1])}]`]);
  console.log(renderTable(['metric', 'mean', 'stderr', '95% CI (t, ' + (r.batches - 1) + ' df)'], rows));
}

export function simulateCommand(registry: Registry): Command {
  const cmd = addFileOption(new Command('simulate').description('simulate a model (per-server event simulation) and estimate its metrics with 95% intervals'));
  for (const family of familiesOf(registry, 'simulator')) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    sub
      .requiredOption('--T <time>', 'simulated time, warm-up included')
      .option('--seed <S>', 'seed, an integer in [0, 4294967295]; the same seed reproduces the run', DEFAULT_SIM_SEED)
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & SimulateFlags) => runSimulate(family, opts));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
