/** `lbcheck refined <family>`: the refined mean field, E[metric] = meanField + V/N + A/N^2 + O(1/N^3), of every metric. */
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { DensityModel } from '../core/density-model.ts';
import { atN, refinedExpansion, type Series } from '../meanfield/refined.ts';
import { transientExpansion } from '../meanfield/transient.ts';
import { paramRecord } from '../report/param-record.ts';
import { fmt, paramText, renderTable } from '../report/table.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { printJson } from './output.ts';

interface RefinedFlags {
  order?: string;
  N?: string;
  t?: string;
  json?: boolean;
}

/** Residuals of the linear solves above this make the answer untrusted (exit 1). */
const RESIDUAL_LIMIT = 1e-8;

function parseOrder(text: string | undefined, transient: boolean): 1 | 2 {
  if (text === undefined) return transient ? 1 : 2;
  if (text !== '1' && text !== '2') throw new UsageError(`--order must be 1 or 2, got "${text}"`);
  if (transient && text === '2') throw new UsageError('--t: the transient expansion is of order 1 (drop --order 2)');
  return Number(text) as 1 | 2;
}

/** "0.5,1,2,5" or "start:step:end" (end included): times >= 0, ascending. */
function parseTimes(text: string): number[] {
  const range = text.split(':');
  const bad = (): never => {
    throw new UsageError(`--t must list times >= 0 in ascending order (0.5,1,2) or give start:step:end (0:0.5:10), got "${text}"`);
  };
  let times: number[];
  if (range.length === 3) {
    const [a, h, b] = range.map((v) => (v.trim() === '' ? NaN : Number(v)));
    if (![a, h, b].every(Number.isFinite) || !(h > 0) || b < a || (b - a) / h > 10_000) bad();
    times = Array.from({ length: Math.floor((b - a) / h + 1e-9) + 1 }, (_, k) => a + k * h);
  } else times = text.split(',').map((v) => (v.trim() === '' ? NaN : Number(v)));
  if (times.some((v, i) => !Number.isFinite(v) || v < 0 || (i > 0 && v <= times[i - 1]))) bad();
  return times;
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
  const times = opts.t === undefined ? undefined : parseTimes(opts.t);
  const order = parseOrder(opts.order, times !== undefined);
  const Ns = parseNs(opts.N);
  const params = family.parse(rawParams(family, opts, view.ignoredParams));
  const start = performance.now();
  const model = view.model(params);
  if (times) return { report: transientReport(family, params, model, times, Ns, start), sound: true };
  const r = refinedExpansion(model, order);
  const worst = Math.max(r.evidence.drift, ...Object.values(r.evidence.residuals));
  const report = {
    model: family.id,
    ...paramRecord(family, params, view.ignoredParams),
    order,
    coordinates: r.coordinates,
    fixedPointMethod: r.fixedPointMethod,
    expansion: r.expansion,
    atN: valuesAt(r.expansion, Ns, order),
    evidence: { ...r.evidence, residualLimit: RESIDUAL_LIMIT },
    seconds: (performance.now() - start) / 1000,
  };
  const sound = worst <= RESIDUAL_LIMIT && r.evidence.largestRealPart < 0;
  return { report, sound };
}

/** pi + V/N (and + A/N^2) of every metric at each N. */
function valuesAt(expansion: Readonly<Record<string, Series>>, Ns: readonly number[], order: 1 | 2) {
  const at = (k: 1 | 2) => (N: number) => Object.fromEntries(Object.entries(expansion).map(([m, s]) => [m, atN(s, N, k)]));
  return Ns.map((N) => ({ N, order1: at(1)(N), ...(order === 2 ? { order2: at(2)(N) } : {}) }));
}

function transientReport(
  family: ModelFamily<ParamSpecs, unknown>,
  params: unknown,
  model: DensityModel,
  times: readonly number[],
  Ns: readonly number[],
  start: number,
) {
  const r = transientExpansion(model, times);
  return {
    model: family.id,
    ...paramRecord(family, params, family.fluid!.refined!.ignoredParams),
    order: 1 as const,
    coordinates: model.names,
    start: model.start ? Array.from(model.start) : 'every coordinate 0',
    transient: r.points.map((p) => ({ t: p.t, expansion: p.expansion, atN: valuesAt(p.expansion, Ns, 1) })),
    evidence: {
      method: 'the moment ODE (x, V, W) by Dormand-Prince, derivatives by jets',
      integration: r.evidence.map(({ method, steps, rejected, evaluations, completed }) => ({ method, steps, rejected, evaluations, completed })),
    },
    seconds: (performance.now() - start) / 1000,
  };
}

function printTransient(family: ModelFamily<ParamSpecs, unknown>, report: ReturnType<typeof transientReport>): void {
  console.log(
    `${family.id} transient refined mean field  ${paramText(report.paramsExact)}: E[m(X_t)] = x(t) + V(t)/N + ` +
      `O(1/N^2), from ${Array.isArray(report.start) ? 'the declared start' : 'the empty system'}`,
  );
  const names = Object.keys(report.transient[0]?.expansion ?? {});
  const Ns = report.transient[0]?.atN.map((a) => a.N) ?? [];
  const rows = report.transient.flatMap((p) =>
    names.map((k) => [fmt(p.t), k, fmt(p.expansion[k].meanField), fmt(p.expansion[k].order1), ...p.atN.map((a) => fmt(a.order1[k]))]),
  );
  console.log(renderTable(['t', 'metric', 'x(t)', 'V(t)', ...Ns.map((N) => `N=${N}: +V/N`)], rows));
  const steps = report.evidence.integration.reduce((a, e) => a + e.steps, 0);
  console.log(`${report.evidence.method}: ${steps} steps over ${report.evidence.integration.length} segments; ${report.seconds.toFixed(3)} s`);
}

function runRefined(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & RefinedFlags): number {
  const { report, sound } = refinedRun(family, opts);
  if ('transient' in report) {
    if (opts.json) printJson(report);
    else printTransient(family, report);
    return 0;
  }
  if (opts.json) {
    printJson(report);
    return sound ? 0 : 1;
  }
  const { order } = report;
  console.log(
    `${family.id} refined mean field  ${paramText(report.paramsExact)}, order ${order}: E[m] = meanField + ` +
      `V/N${order === 2 ? ' + A/N^2' : ''} + O(1/N^${order + 1})`,
  );
  console.log(`fixed point: ${report.fixedPointMethod}`);
  const names = Object.keys(report.expansion);
  const head = [
    'metric',
    'meanField',
    'V (1/N)',
    ...(order === 2 ? ['A (1/N^2)'] : []),
    ...report.atN.flatMap((a) => [`N=${a.N}: +V/N`, ...(order === 2 ? [`+A/N^2`] : [])]),
  ];
  const rows = names.map((k) => {
    const s = report.expansion[k];
    return [
      k,
      fmt(s.meanField),
      fmt(s.order1),
      ...(order === 2 ? [fmt(s.order2!)] : []),
      ...report.atN.flatMap((a) => [fmt(a.order1[k]), ...(a.order2 ? [fmt(a.order2[k])] : [])]),
    ];
  });
  console.log(renderTable(head, rows));
  const e = report.evidence;
  const res = Object.entries(e.residuals)
    .map(([k, v]) => `${k} ${v.toExponential(1)}`)
    .join(', ');
  console.log(
    `${e.method}; drift at the fixed point ${e.drift.toExponential(1)}, residuals ${res}; Jacobian eigenvalues: ` +
      `largest real part ${e.largestRealPart.toExponential(2)}, smallest modulus ${e.smallestEigenvalue.toExponential(2)}; ${report.seconds.toFixed(3)} s`,
  );
  if (!sound)
    console.log(
      `NOT TRUSTED: ${
        e.largestRealPart >= 0 ? 'the fixed point is not stable (an eigenvalue with real part >= 0)' : `a residual or the drift exceeds ${RESIDUAL_LIMIT}`
      }`,
    );
  return sound ? 0 : 1;
}

export function refinedCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(
    new Command('refined').description(
      'the refined mean field: each metric as meanField + V/N + A/N^2 + O(1/N^3) (Gast & Van Houdt 2017; Gast, Bortolussi & Tribastone 2019)',
    ),
  );
  for (const family of familiesOf(registry, 'fluid').filter((f) => f.fluid!.refined)) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family, family.fluid!.refined!.ignoredParams);
    sub
      .option('--order <k>', '1: the 1/N term V; 2: also the 1/N^2 term A (default 2; 1 with --t)')
      .option('--t <times>', 'the transient expansion (order 1) at these times from the start: a list 0.5,1,2 or start:step:end')
      .option('--N <list>', 'also print meanField + V/N (and + A/N^2) at these N, comma-separated (e.g. 10,20,50)')
      .option('--json', 'print one JSON document: expansion.<metric>.meanField, .order1 (V), .order2 (A)')
      .action((opts: Record<string, unknown> & RefinedFlags) => setExit(runRefined(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
