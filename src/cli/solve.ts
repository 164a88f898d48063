/** `lbcheck solve <family>`: the stationary law of the finite-N CTMC, with its evidence. */
import { Command, Option } from 'commander';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { BYTES_PER_STATE, MAX_STATES, MEMORY_SHARE, POLICY } from '../core/numerical-policy.ts';
import { budgetText, stateBudget } from '../ctmc/explore/state-budget.ts';
import { METHODS, SOLVERS, solveModel, type Method } from '../ctmc/solve.ts';
import type { SearchOptions } from '../ctmc/truncation/truncation-search.ts';
import type { TruncationEvidence } from '../ctmc/solve-chain.ts';
import { solvedReport } from '../report/solve-report.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { freeMemory } from './memory.ts';
import { metricRows, paramText, renderTable } from '../report/table.ts';
import { wrap } from '../report/wrap.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { interactive, progressFor } from './progress.ts';
import { searchSizeNote } from './solve-size.ts';
import { parsePositive, parseTolerance, printJson } from './output.ts';
import { runParametric } from './parametric.ts';

export interface SolveFlags {
  method: Method;
  param?: string;
  tolerance?: string;
  boundaryTolerance?: string;
  maxStates?: string;
  maxSeconds?: string;
  json?: boolean;
}

/** A solve request read from option text (UsageError on bad input): what `solve` and `sweep solve` run. */
export interface SolveRequest {
  params: unknown;
  options: SearchOptions;
}

export function parseSolve(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & SolveFlags): SolveRequest {
  return { params: family.parse(rawParams(family, opts)), options: parseSolveOptions(opts) };
}

/** The solver options of solveOptions() read from option text (also `regress`'s exact side). */
export function parseSolveOptions(opts: SolveFlags): SearchOptions {
  return {
    method: opts.method,
    tolerance: parseTolerance(opts.tolerance, '--tolerance'),
    boundaryTolerance: parseTolerance(opts.boundaryTolerance, '--boundary-tolerance'),
    maxStates: stateBudget(freeMemory(), opts.maxStates === undefined ? undefined : parsePositive(opts.maxStates, '--max-states')),
    maxSeconds: opts.maxSeconds === undefined ? undefined : parsePositive(opts.maxSeconds, '--max-seconds'),
  };
}

/** The JSON report of one solve, with its evidence; `trusted` says whether to believe it. */
export function solveReport(family: ModelFamily<ParamSpecs, unknown>, req: SolveRequest, onProgress?: (what: string) => void) {
  const solved = solveModel(family, req.params, { ...req.options, onProgress });
  return solvedReport(family, req.params, solved);
}

/** The truncation in one line: its shape, boundary mass and largest estimated metric error. */
function truncationLine(t: TruncationEvidence): string {
  const caps = t.caps ? `, its chain's cap raised from ${t.caps[0]} to ${t.caps[t.caps.length - 1]}` : '';
  const shape = t.K !== undefined ? `at K = ${t.K}` : `by finite state projection (${t.rounds?.length ?? 1} rounds${caps})`;
  const errors = t.metricError ? Object.values(t.metricError).flat() : [];
  const error = errors.length
    ? `; largest estimated metric error ${errors.reduce((a, b) => Math.max(a, b), 0).toExponential(2)} (change ` +
      `between the last two truncations${t.metricErrorParts?.solver ? " plus the solver's error" : ''})`
    : '';
  const tightened = t.solverTolerance !== undefined ? `; solver tolerance tightened to ${t.solverTolerance.toExponential(0)}` : '';
  return `truncated ${shape}: boundary mass ${t.boundaryMass.toExponential(2)} (tolerance ${t.tolerance.toExponential(0)})${error}${tightened}`;
}

function runSolve(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & SolveFlags): number {
  if (opts.param !== undefined) return runParametric(family, { ...opts, param: opts.param });
  const req = parseSolve(family, opts);
  const note = interactive(Boolean(opts.json)) ? searchSizeNote(family, req.params, req.options.maxStates!) : null;
  if (note) process.stderr.write(`lbcheck: ${note}\n`);
  const progress = progressFor(Boolean(opts.json));
  const report = solveReport(family, req, (what) => progress.update(what));
  progress.stop();
  if (opts.json) printJson(report);
  else {
    console.log(`${family.id}  ${paramText(report.paramsExact)}`);
    const resid =
      report.method === 'exact'
        ? `0 (pi Q = 0 verified in rationals; ${report.primes} prime(s), ${report.liftingSteps} p-adic lifting steps)`
        : `${report.residual.toExponential(2)} (${report.residualNorm.split(' (')[0]})`;
    const error = report.errorEstimate !== undefined ? `, error estimate ${report.errorEstimate.toExponential(2)} (||pi - pi*||_1)` : '';
    console.log(
      `method ${report.method}: ${report.states} states, ${report.transitions} transitions, ${report.iterations} iterations, ${report.seconds.toFixed(3)} s`,
    );
    console.log(wrap(`residual ${resid}${error}`));
    const t = report.truncation;
    if (t) console.log(wrap(truncationLine(t)));
    if (t?.stopped) console.log(wrap(`SEARCH STOPPED: ${t.stopped}; these numbers are not to be trusted`));
    if (t?.metricErrorWithinTolerance === false)
      console.log(wrap(`METRIC ERROR TOO LARGE: a metric's estimated error exceeds ${t.metricTolerance} (relative); these numbers are not to be trusted`));
    if (!report.converged) console.log('NOT CONVERGED: the residual or the error estimate missed the tolerance; these numbers are not to be trusted');
    if (!(t?.withinTolerance ?? true)) console.log('TRUNCATION TOO COARSE: the boundary mass exceeds its tolerance; these numbers are not to be trusted');
    const head = ['metric', 'value', ...(report.exact ? [t ? 'exact (of the truncated chain)' : 'exact'] : [])];
    console.log(renderTable(head, metricRows(report.metrics, report.exact)));
  }
  return report.trusted ? 0 : 1;
}

/** The options of a solve (shared by `solve` and `sweep solve`). */
export function solveOptions(): Option[] {
  return [
    new Option('--method <method>', `stationary solver. ${METHODS.map((m) => `${m}: ${SOLVERS[m].description}`).join('; ')}`).choices(METHODS).default('auto'),
    new Option('--tolerance <r>', POLICY.solverTolerance.help).default(String(POLICY.solverTolerance.value)),
    new Option('--boundary-tolerance <m>', POLICY.boundaryTolerance.help).default(String(POLICY.boundaryTolerance.value)),
    new Option(
      '--max-states <n>',
      `most states a solve holds (default ${budgetText(MAX_STATES)}, or fewer: what ${Math.round(MEMORY_SHARE * 100)}% ` +
        `of the free memory holds at ${BYTES_PER_STATE} bytes a state); more is refused unless the memory holds it`,
    ),
    new Option('--max-seconds <s>', `${POLICY.searchSeconds.help} (default ${POLICY.searchSeconds.value})`),
  ];
}

export function solveCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('solve').description('solve the finite-N CTMC of a model exactly or numerically'));
  for (const family of familiesOf(registry)) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    for (const o of solveOptions()) sub.addOption(o);
    sub
      .option('--param <name>', 'leave this rate free: every metric as an exact rational function of it (other parameters fixed)')
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & SolveFlags) => setExit(runSolve(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
