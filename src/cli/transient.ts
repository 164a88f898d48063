/** `lbcheck transient <family>`: every metric's expectation at given times, from the empty system or a given state, with error bounds. */
import { Command, Option } from 'commander';
import { floatArith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import { MAX_STATES, POLICY } from '../core/numerical-policy.ts';
import type { ParamSpecs } from '../core/params.ts';
import { budgetText, stateBudget } from '../ctmc/explore/state-budget.ts';
import { flatMetricName } from '../core/metric-names.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { fmt, paramText, renderTable } from '../report/table.ts';
import { transientReport, type TransientReport } from '../report/transient-report.ts';
import { transientModel } from '../transient/transient-model.ts';
import { addFileOption } from './files.ts';
import { freeMemory } from './memory.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { parsePositive, parseTolerance, printJson } from './output.ts';
import { progressFor } from './progress.ts';
import { checkStartNames, parseStart } from './start-state.ts';
import { parseTimes } from './time-list.ts';

interface TransientFlags {
  t?: string;
  from?: string;
  tolerance?: string;
  maxStates?: string;
  json?: boolean;
}

/** Vector metrics show this many entries in the table (--json has them all). */
const VECTOR_COLUMNS = 3;

/** The table's columns: every scalar metric, the first entries of each vector metric. */
function columns(metrics: TransientReport['metrics'][number]): { head: string; read: (m: typeof metrics) => number }[] {
  return Object.entries(metrics).flatMap(([name, v]) =>
    Array.isArray(v)
      ? v.slice(0, VECTOR_COLUMNS).map((_, i) => ({ head: flatMetricName(name, i + 1), read: (m: typeof metrics) => (m[name] as number[])[i] ?? 0 }))
      : [{ head: name, read: (m: typeof metrics) => m[name] as number }],
  );
}

const largest = (e: TransientReport['metricError'][number]): number =>
  Object.values(e)
    .flat()
    .reduce((a, b) => Math.max(a, b), 0);

function printTable(family: ModelFamily<ParamSpecs, unknown>, r: TransientReport): void {
  console.log(`${family.id}  ${paramText(r.paramsExact)}`);
  console.log(`from ${r.start}`);
  const last = r.times.length - 1;
  console.log(
    `method uniformization: ${r.states} states, ${r.transitions} transitions, rate q = ${fmt(r.uniformizationRate)}, ` +
      `${r.products} products, L1 error of the law <= ${(r.uniformizationError[last] ?? 0).toExponential(2)}, ${r.seconds.toFixed(3)} s`,
  );
  const t = r.truncation;
  if (t) {
    const how = t.automatic ? `automatic, ${t.rounds.length} round(s)` : 'given';
    console.log(
      `truncated at K = ${t.K} (${how}): probability of reaching a queue of ${t.K} by t = ${fmt(r.times[last] ?? 0)} is ${t.boundaryMass.toExponential(2)}`,
    );
    if (t.stopped) console.log(`SEARCH STOPPED: ${t.stopped}; these numbers are not to be trusted`);
  }
  if (!r.withinTolerance)
    console.log(`ERROR BOUND TOO LARGE: some metric's error bound exceeds ${r.tolerance} (relative); these numbers are not to be trusted`);
  const cols = r.metrics.length ? columns(r.metrics[0]) : [];
  const rows = r.times.map((time, k) => [fmt(time), ...cols.map((c) => fmt(c.read(r.metrics[k]))), largest(r.metricError[k]).toExponential(1)]);
  console.log(renderTable(['t', ...cols.map((c) => c.head), 'error bound'], rows));
  if (r.metrics.length && cols.length < Object.values(r.metrics[0]).flat().length) console.log('(vector metrics: first entries shown; --json has every entry)');
}

function runTransient(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & TransientFlags): number {
  if (opts.t === undefined) throw new UsageError('--t is required: times as a list, 0.5,1,2,5, or a grid start:step:end, 0:0.1:5');
  const times = parseTimes(opts.t);
  const params = family.parse(rawParams(family, opts));
  const start = opts.from === undefined ? undefined : parseStart(opts.from);
  if (opts.from !== undefined) {
    const cap = family.truncation;
    const first = cap && cap.fixedK(params) === undefined ? cap.withK(params, cap.initialK(params)) : params;
    const def = family.ctmc(first, floatArith);
    checkStartNames(opts.from, def.describe(Int32Array.from(def.initial)));
  }
  const tolerance = parseTolerance(opts.tolerance, '--tolerance');
  const maxStates = stateBudget(freeMemory(), opts.maxStates === undefined ? undefined : parsePositive(opts.maxStates, '--max-states'));
  const progress = progressFor(Boolean(opts.json));
  const last = times[times.length - 1];
  const answer = transientModel(family, params, {
    times,
    start,
    tolerance,
    maxStates,
    onProgress: (f) => progress.update(`t = ${(f * last).toPrecision(3)} of ${fmt(last)}`, f),
  });
  progress.stop();
  const report = transientReport(family, params, answer);
  if (opts.json) printJson(report);
  else printTable(family, report);
  return report.trusted ? 0 : 1;
}

export function transientCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(
    new Command('transient').description("the finite-N CTMC at given times: every metric's expectation, by uniformization, with error bounds"),
  );
  for (const family of familiesOf(registry)) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    sub
      .option('--t <times>', 'times: a list 0.5,1,2,5 or a grid start:step:end, 0:0.1:5 [required]')
      .option(
        '--from <state>',
        'start state as the chain prints it: name=value pairs (names left out are 0), e.g. y0=1,y2=3 for jsq-d, ' +
          "n1=2 for jiq-blocking (default: the chain's initial state)",
      )
      .addOption(new Option('--tolerance <e>', `${POLICY.metricTolerance.help}, at every time`).default(String(POLICY.metricTolerance.value)))
      .option('--max-states <n>', `most states the chain may have (default ${budgetText(MAX_STATES)}, or what the free memory holds)`)
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & TransientFlags) => setExit(runTransient(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
