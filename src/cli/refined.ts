/** `lbcheck refined <family>`: the refined mean field, E[metric] = meanField + V/N + A/N^2 + O(1/N^3), of every metric. */
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { atN, refinedExpansion } from '../meanfield/refined.ts';
import { paramRecord } from '../report/param-record.ts';
import { fmt, paramText, renderTable } from '../report/table.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { printJson } from './output.ts';

interface RefinedFlags {
  order: string;
  N?: string;
  json?: boolean;
}

/** Residuals of the linear solves above this make the answer untrusted (exit 1). */
const RESIDUAL_LIMIT = 1e-8;

function parseOrder(text: string): 1 | 2 {
  if (text !== '1' && text !== '2') throw new UsageError(`--order must be 1 or 2, got "${text}"`);
  return Number(text) as 1 | 2;
}

function parseNs(text: string | undefined): number[] {
  if (text === undefined) return [];
  return text.split(',').map((s) => {
    const v = Number(s);
    if (s.trim() === '' || !Number.isInteger(v) || v < 1) throw new UsageError(`--N must list integers >= 1, got "${text}"`);
    return v;
  });
}

/** The JSON report of one expansion; `sound` says whether its evidence holds. */
export function refinedRun(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & RefinedFlags) {
  const view = family.fluid!.refined!;
  const order = parseOrder(opts.order);
  const Ns = parseNs(opts.N);
  const params = family.parse(rawParams(family, opts, view.ignoredParams));
  const start = performance.now();
  const r = refinedExpansion(view.model(params), order);
  const worst = Math.max(r.evidence.drift, ...Object.values(r.evidence.residuals));
  const report = {
    model: family.id,
    ...paramRecord(family, params, view.ignoredParams),
    order,
    coordinates: r.coordinates,
    fixedPointMethod: r.fixedPointMethod,
    expansion: r.expansion,
    atN: Ns.map((N) => ({
      N,
      order1: Object.fromEntries(Object.entries(r.expansion).map(([k, s]) => [k, atN(s, N, 1)])),
      ...(order === 2 ? { order2: Object.fromEntries(Object.entries(r.expansion).map(([k, s]) => [k, atN(s, N, 2)])) } : {}),
    })),
    evidence: { ...r.evidence, residualLimit: RESIDUAL_LIMIT },
    seconds: (performance.now() - start) / 1000,
  };
  const sound = worst <= RESIDUAL_LIMIT && r.evidence.largestRealPart < 0;
  return { report, sound };
}

function runRefined(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & RefinedFlags): number {
  const { report, sound } = refinedRun(family, opts);
  if (opts.json) {
    printJson(report);
    return sound ? 0 : 1;
  }
  const { order } = report;
  console.log(`${family.id} refined mean field  ${paramText(report.paramsExact)}, order ${order}: E[m] = meanField + V/N${order === 2 ? ' + A/N^2' : ''} + O(1/N^${order + 1})`);
  console.log(`fixed point: ${report.fixedPointMethod}`);
  const names = Object.keys(report.expansion);
  const head = ['metric', 'meanField', 'V (1/N)', ...(order === 2 ? ['A (1/N^2)'] : []), ...report.atN.flatMap((a) => [`N=${a.N}: +V/N`, ...(order === 2 ? [`+A/N^2`] : [])])];
  const rows = names.map((k) => {
    const s = report.expansion[k];
    return [k, fmt(s.meanField), fmt(s.order1), ...(order === 2 ? [fmt(s.order2!)] : []), ...report.atN.flatMap((a) => [fmt(a.order1[k]), ...(a.order2 ? [fmt(a.order2[k])] : [])])];
  });
  console.log(renderTable(head, rows));
  const e = report.evidence;
  const res = Object.entries(e.residuals).map(([k, v]) => `${k} ${v.toExponential(1)}`).join(', ');
  console.log(`${e.method}; drift at the fixed point ${e.drift.toExponential(1)}, residuals ${res}; Jacobian eigenvalues: largest real part ${e.largestRealPart.toExponential(2)}, smallest modulus ${e.smallestEigenvalue.toExponential(2)}; ${report.seconds.toFixed(3)} s`);
  if (!sound) console.log(`NOT TRUSTED: ${e.largestRealPart >= 0 ? 'the fixed point is not stable (an eigenvalue with real part >= 0)' : `a residual or the drift exceeds ${RESIDUAL_LIMIT}`}`);
  return sound ? 0 : 1;
}

export function refinedCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('refined').description('the refined mean field: each metric as meanField + V/N + A/N^2 + O(1/N^3) (Gast & Van Houdt 2017; Gast, Bortolussi & Tribastone 2019)'));
  for (const family of familiesOf(registry, 'fluid').filter((f) => f.fluid!.refined)) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family, family.fluid!.refined!.ignoredParams);
    sub
      .option('--order <k>', '1: the 1/N term V; 2: also the 1/N^2 term A', '2')
      .option('--N <list>', 'also print meanField + V/N (and + A/N^2) at these N, comma-separated (e.g. 10,20,50)')
      .option('--json', 'print one JSON document: expansion.<metric>.meanField, .order1 (V), .order2 (A)')
      .action((opts: Record<string, unknown> & RefinedFlags) => setExit(runRefined(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
