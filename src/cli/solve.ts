/** `lbcheck solve <family>`: the stationary law of the finite-N CTMC, with its evidence. */
import { Command, Option } from 'commander';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { METHODS, solveModel, trusted, type Method } from '../ctmc/solve.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { metricRows, paramText, renderTable } from '../report/table.ts';
import { addParamOptions, paramRecord, rawParams } from './model-options.ts';
import { progressFor } from './progress.ts';
import { parseTolerance, printJson } from './output.ts';

interface SolveFlags {
  method: Method;
  tolerance?: string;
  boundaryTolerance?: string;
  json?: boolean;
}

function runSolve(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & SolveFlags): number {
  const params = family.parse(rawParams(family, opts));
  const progress = progressFor(Boolean(opts.json));
  const solved = solveModel(family, params, {
    method: opts.method,
    tolerance: parseTolerance(opts.tolerance, '--tolerance'),
    boundaryTolerance: parseTolerance(opts.boundaryTolerance, '--boundary-tolerance'),
    onProgress: (what) => progress.update(what),
  });
  progress.stop();
  const e = solved.evidence;
  const report = {
    model: family.id,
    ...paramRecord(family, params),
    method: e.method,
    states: e.states,
    transitions: e.transitions,
    metrics: solved.metrics,
    ...(solved.exact ? { exact: solved.exact.text } : {}),
    residual: e.residual,
    iterations: e.iterations,
    seconds: e.seconds,
    converged: e.converged,
    ...(e.errorEstimate !== undefined ? { errorEstimate: e.errorEstimate } : {}),
    ...(e.primes !== undefined ? { primes: e.primes, liftingSteps: e.liftingSteps } : {}),
    ...(e.truncation ? { truncation: e.truncation } : {}),
    trusted: trusted(e),
  };
  if (opts.json) printJson(report);
  else {
    console.log(`${family.id}  ${paramText(report.paramsExact)}`);
    const resid = e.method === 'exact' ? `0 (pi Q = 0 verified in rationals; ${e.primes} prime(s), ${e.liftingSteps} p-adic lifting steps)` : e.residual.toExponential(2);
    console.log(`method ${e.method}: ${e.states} states, ${e.transitions} transitions, residual ${resid}, ${e.iterations} iterations, ${e.seconds.toFixed(3)} s`);
    if (e.truncation) {
      console.log(`truncated at K = ${e.truncation.K}: boundary mass ${e.truncation.boundaryMass.toExponential(2)} (tolerance ${e.truncation.tolerance.toExponential(0)})`);
    }
    if (!e.converged) console.log('NOT CONVERGED: the residual missed the tolerance; these numbers are not to be trusted');
    if (!(e.truncation?.withinTolerance ?? true)) console.log('TRUNCATION TOO COARSE: the boundary mass exceeds its tolerance; these numbers are not to be trusted');
    const head = ['metric', 'value', ...(solved.exact ? ['exact'] : [])];
    console.log(renderTable(head, metricRows(solved.metrics, solved.exact?.text)));
  }
  return report.trusted ? 0 : 1;
}

export function solveCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('solve').description('solve the finite-N CTMC of a model exactly or numerically'));
  for (const family of familiesOf(registry)) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    sub
      .addOption(new Option('--method <method>', 'stationary solver').choices(METHODS).default('auto'))
      .option('--tolerance <r>', 'residual target max|pi Q| of the iterative solver', '1e-12')
      .option('--boundary-tolerance <m>', 'largest trusted stationary mass on a truncation boundary (queueing families)', '1e-12')
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & SolveFlags) => setExit(runSolve(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
