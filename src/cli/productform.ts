/** `lbcheck productform <family>`: metrics from the closed-network product form, exact or log-scaled float. */
import { Command } from 'commander';
import type { MetricValues, ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { ratString, ratToNumber, type Rational } from '../core/rational.ts';
import { UsageError } from '../core/errors.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { metricRows, paramText, renderTable } from '../report/table.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { paramRecord } from '../report/param-record.ts';
import { printJson } from './output.ts';

interface ProductFormFlags {
  exact?: boolean;
  json?: boolean;
}

function mapMetrics<A, B>(m: MetricValues<A>, f: (a: A) => B): MetricValues<B> {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Array.isArray(v) ? v.map(f) : f(v)]));
}

function runProductForm(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & ProductFormFlags): number {
  const view = family.productForm!;
  const start = performance.now();
  const params = family.parse(rawParams(family, opts));
  const why = view.inapplicable(params);
  if (why) throw new UsageError(why);
  const exact = opts.exact ? view.exactMetrics(params) : undefined;
  const metrics = exact ? mapMetrics(exact, (r: Rational) => ratToNumber(r)) : view.metrics(params);
  const text = exact ? mapMetrics(exact, ratString) : undefined;
  const report = {
    model: family.id,
    ...paramRecord(family, params),
    method: opts.exact ? 'productform-exact' : 'productform-log',
    states: view.states(params),
    transitions: null,
    metrics,
    ...(text ? { exact: text } : {}),
    residual: null,
    iterations: 0,
    seconds: (performance.now() - start) / 1000,
  };
  if (opts.json) printJson(report);
  else {
    console.log(`${family.id}  ${paramText(report.paramsExact)}`);
    console.log(`method ${report.method} (convolution over ${report.states} states), ${report.seconds.toFixed(3)} s`);
    console.log(renderTable(['metric', 'value', ...(text ? ['exact'] : [])], metricRows(metrics, text)));
  }
  return 0;
}

export function productFormCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('productform').description('metrics from the product form (normalising constants by convolution)'));
  for (const family of familiesOf(registry, 'productForm')) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    sub
      .option('--exact', 'exact rationals (default: log-scaled float, fine for N = 10^6)')
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & ProductFormFlags) => setExit(runProductForm(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
