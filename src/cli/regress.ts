/** `lbcheck regress <family>`: a simulator (ours or a command) against the exact CTMC on a panel of small cases. */
import { Command, Option } from 'commander';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { UsageError } from '../core/errors.ts';
import { resolvePanel } from '../sim/panel.ts';
import type { PanelCase } from '../core/simulator-view.ts';
import { parseSeed } from '../sim/random.ts';
import { CaseFailure, checkCommand } from '../sim/external.ts';
import { externalRunner, internalRunner, regress, type RegressReport } from '../sim/regress.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { renderTable } from '../report/table.ts';
import { wrap } from '../report/wrap.ts';
import { parsePositive, printJson } from './output.ts';
import { progressFor } from './progress.ts';
import { short, zText } from './sim-output.ts';

interface RegressFlags {
  sim: string;
  cases: string;
  seed: string;
  horizon?: string;
  timeout: string;
  json?: boolean;
}

export const DEFAULT_REGRESS_SEED = '1';

function printHuman(r: RegressReport): void {
  console.log(`${r.family}: simulator ${r.simulator}, seed ${r.seed}`);
  const mark = (c: RegressReport['cases'][number]): string => (c.flagged ? 'FLAGGED' : c.z === null ? 'undecided' : c.imprecise ? 'imprecise' : '');
  const rows = r.cases.map((c) => [c.id, c.metric, `${short(c.estimate)} ± ${short(c.stderr)}`, short(c.exact), zText(c.z), mark(c)]);
  console.log(renderTable(['case', 'metric', 'estimate ± stderr', 'exact (CTMC)', 'z', ''], rows));
  for (const e of r.errors) console.log(wrap(`case ${e.id}: ERROR ${e.error}`));
  if (r.notCompared) console.log(wrap(`not compared: ${r.notCompared.metrics.join(', ')} (${r.notCompared.why})`));
  const flagged = r.cases.filter((c) => c.flagged).length;
  const imprecise = r.cases.filter((c) => c.imprecise).length;
  const critical = [...new Set(r.cases.map((c) => c.critical.toFixed(2)))].join('/');
  const { relative, absolute } = r.rule.detectable;
  console.log(wrap(
    `verdict ${r.verdict}: ${r.rule.comparisons} of ${r.rule.expectedComparisons} expected comparisons, ${flagged} flagged, ${imprecise} imprecise, ` +
      `${r.errors.length} case(s) failed to run; Šidák at family-wise ${r.rule.familyWiseLevel}: each |z| <= ${critical || '-'} ` +
      `(level ${r.rule.perComparisonLevel.toExponential(2)}); each must detect a difference of ${relative} |exact| + ${absolute}`,
  ));
}

/** A regression request read from option text (UsageError on bad input): what `regress` and `sweep regress` run. */
export interface RegressRequest {
  seed: number;
  horizon?: number;
  timeoutMs: number;
  panel: PanelCase[];
  /** "internal", or the shell command of an external simulator (never from a queued job: see src/sweep/). */
  sim: string;
}

export function parseRegress(family: ModelFamily<ParamSpecs, unknown>, opts: RegressFlags): RegressRequest {
  const seed = parseSeed(opts.seed);
  const horizon = opts.horizon === undefined ? undefined : parsePositive(opts.horizon, '--horizon');
  const timeoutMs = parsePositive(opts.timeout, '--timeout') * 1000;
  const panel = resolvePanel(family.simulator!, opts.cases);
  if (opts.sim !== 'internal' && opts.sim.trim() === '') throw new UsageError('--sim must be "internal" or a command, got ""');
  if (opts.sim !== 'internal') {
    try {
      checkCommand(opts.sim); // once, before the first case
    } catch (e) {
      if (e instanceof CaseFailure) throw new UsageError(`--sim: ${e.message}`);
      throw e;
    }
  }
  return { seed, horizon, timeoutMs, panel, sim: opts.sim };
}

export function regressReport(family: ModelFamily<ParamSpecs, unknown>, req: RegressRequest, onProgress?: (done: number, total: number, id?: string) => void): Promise<RegressReport> {
  return regress(family, req.panel, {
    seed: req.seed,
    horizon: req.horizon,
    runner: req.sim === 'internal' ? internalRunner(family) : externalRunner(req.sim, req.timeoutMs),
    simulator: req.sim,
    onProgress,
  });
}

async function runRegress(family: ModelFamily<ParamSpecs, unknown>, opts: RegressFlags): Promise<number> {
  const req = parseRegress(family, opts);
  const progress = progressFor(Boolean(opts.json));
  const report = await regressReport(family, req, (done, total, id) => progress.update(id ? `case ${id}` : 'done', done / total));
  progress.stop();
  // Failed cases: one line each on stderr, naming the case; the report keeps the rest.
  for (const e of report.errors) process.stderr.write(`lbcheck: case ${e.id}: ${e.error}\n`);
  if (opts.json) printJson(report);
  else printHuman(report);
  return report.verdict === 'pass' ? 0 : 1;
}

/** The options of a regression (shared by `regress` and `sweep regress`). */
export function regressOptions(family: ModelFamily<ParamSpecs, unknown>): Option[] {
  return [
    new Option('--sim <which>', '"internal" (lbcheck\'s simulator) or a shell command speaking the JSON protocol (see README)').default('internal'),
    new Option('--cases <panel>', `a built-in panel (${Object.keys(family.simulator!.panels).join(', ')}) or a JSON file of cases`).default('small'),
    new Option('--seed <S>', 'base seed; case i runs with seed S + i').default(DEFAULT_REGRESS_SEED),
    new Option('--horizon <T>', "simulated time for every case (default: each case's own)"),
    new Option('--timeout <seconds>', 'time allowed to an external simulator per case').default('60'),
  ];
}

export function regressCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('regress').description('check a simulator against the exact CTMC on a panel of small cases (z-scores, Šidák at family-wise 1%)'));
  for (const family of familiesOf(registry, 'simulator')) {
    const sub = addFileOption(new Command(family.id)).description(family.title);
    for (const o of regressOptions(family)) sub.addOption(o);
    cmd.addCommand(
      sub
        .option('--json', 'print one JSON document')
        .action(async (opts: RegressFlags) => setExit(await runRegress(family, opts))),
    );
  }
  return cmd;
}
