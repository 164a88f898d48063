/** `lbcheck fluid <family>`: the N -> infinity fluid limit: a trajectory of the ODE, its fixed point and the limiting metrics. */
import { Command, Option } from 'commander';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { clampProbabilities } from '../core/probability-clamp.ts';
import type { Trajectory } from '../fluid/integrate.ts';
import { hasSettled, integrateUntilSettled, soundRun } from '../fluid/settle.ts';
import { DEFAULT_ATOL, DEFAULT_RTOL, POLICY, SETTLED_DRIFT } from '../core/numerical-policy.ts';
import type { FluidFixedPoint } from '../core/fluid-view.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { svgPlot } from '../report/svg-plot.ts';
import { fmt, metricRows, paramText, renderTable } from '../report/table.ts';
import { wrap } from '../report/wrap.ts';
import { checkWritable, writeOutput } from './writable.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { paramRecord } from '../report/param-record.ts';
import { printJson } from './output.ts';

interface FluidFlags {
  x0?: string;
  t: string;
  samples: string;
  svg?: string;
  json?: boolean;
}

function parseNumber(text: string, name: string, ok: (v: number) => boolean, rule: string): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || !ok(v)) throw new UsageError(`--${name} must be ${rule}, got "${text}"`);
  return v;
}

function parseStart(text: string | undefined): number[] | undefined {
  return text?.split(',').map((s, i) => parseNumber(s, `x0[${i + 1}]`, (v) => v >= 0, 'a number >= 0'));
}

/** Largest |x_i - fixed point_i| over the coordinates the fixed point determines. */
function distance(x: Float64Array, fp: FluidFixedPoint): number {
  let d = 0;
  fp.state.forEach((v, i) => {
    if (!Number.isNaN(v)) d = Math.max(d, Math.abs(x[i] - v));
  });
  return d;
}

function drawSvg(file: string, title: string, names: readonly string[], shown: readonly number[], tr: Trajectory, fp: FluidFixedPoint): void {
  const series = shown.flatMap((i, colour) => [
    { label: names[i], kind: 'line' as const, colour, points: Array.from(tr.times, (t, k) => ({ x: t, y: tr.states[k][i] })) },
    ...(Number.isNaN(fp.state[i])
      ? []
      : [{ label: `${names[i]} fixed point`, kind: 'points' as const, colour, legend: false, points: [{ x: tr.times[tr.times.length - 1], y: fp.state[i] }] }]),
  ]);
  const svg = svgPlot({ title, xLabel: 't', yLabel: 'fraction of servers', series, legendNote: 'dots at the end: fixed point' });
  writeOutput(file, svg, '--svg');
}

/** A fluid request read from option text (UsageError on bad input): what `fluid` and `sweep fluid` run. */
export interface FluidRequest {
  params: unknown;
  /** The largest time: the run stops once settled, at the latest here. */
  t: number;
  samples: number;
  x0?: number[];
}

export function parseFluid(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & FluidFlags): FluidRequest {
  const view = family.fluid!;
  return {
    params: family.parse(rawParams(family, opts, view.ignoredParams)),
    t: parseNumber(opts.t, 't', (v) => v > 0 && v <= 1e6, 'a number in (0, 1e6]'),
    samples: parseNumber(opts.samples, 'samples', (v) => Number.isInteger(v) && v >= 2 && v <= 100_000, 'an integer in 2..100000'),
    x0: parseStart(opts.x0),
  };
}

/** The JSON report of one fluid run (and what drawing it needs); `sound` says whether the run can be trusted. */
export function fluidRun(family: ModelFamily<ParamSpecs, unknown>, req: FluidRequest) {
  const start = performance.now();
  const view = family.fluid!;
  const sys = view.system(req.params);
  const x0 = view.start(req.params, req.x0);
  const fp = view.fixedPoint(req.params);
  const tr = integrateUntilSettled(sys, x0, { tMax: req.t, samples: req.samples });
  const shown = sys.shown ?? sys.names.map((_, i) => i);
  // Probabilities clamped to [0, 1]; a clamp larger than the integrator's tolerance for values <= 1 is flagged in the evidence.
  const limit = clampProbabilities(view.metrics(req.params, fp.state), family.probabilities, CLAMP_TOLERANCE);
  const atEnd = clampProbabilities(view.metrics(req.params, tr.final), family.probabilities, CLAMP_TOLERANCE);
  const clamped = [...limit.clamps.map((c) => ({ ...c, at: 'fixedPoint' })), ...atEnd.clamps.map((c) => ({ ...c, at: 'final' }))];
  const named = (x: Float64Array, only: readonly number[] = sys.names.map((_, i) => i)): Record<string, number | null> =>
    Object.fromEntries(only.map((i) => [sys.names[i], Number.isNaN(x[i]) ? null : x[i]]));
  const report = {
    model: family.id,
    ...paramRecord(family, req.params, view.ignoredParams),
    fixedPoint: named(fp.state),
    ...(fp.exact ? { fixedPointExact: fp.exact } : {}),
    fixedPointMethod: fp.method,
    metrics: limit.values,
    trajectory: tr.states.map((x, k) => ({ t: tr.times[k], ...named(x, shown) })),
    final: {
      /** The time the run stopped: when it settled, or the largest time. */
      t: tr.evidence.settledAt ?? tr.times[tr.times.length - 1],
      maxT: req.t,
      distanceToFixedPoint: distance(tr.final, fp),
      metrics: atEnd.values,
      /** The run completed with drift <= SETTLED_DRIFT; otherwise the final state is not the limit. */
      settled: hasSettled(tr.evidence),
      drift: tr.evidence.finalDrift,
      settledDrift: SETTLED_DRIFT,
    },
    evidence: { ...tr.evidence, ...(clamped.length > 0 ? { clamped, clampTolerance: CLAMP_TOLERANCE } : {}) },
    seconds: (performance.now() - start) / 1000,
  };
  // A usable answer: the run is sound, it settled (otherwise its end is not the limit), and no probability was off by more than rounding.
  return { report, sound: soundRun(tr.evidence) && report.final.settled && clamped.every((c) => !c.beyondTolerance), sys, x0, fp, tr, shown };
}

function runFluid(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & FluidFlags): number {
  const req = parseFluid(family, opts);
  if (opts.svg) checkWritable(opts.svg, '--svg');
  const { report, sound: ok, sys, x0, fp, tr, shown } = fluidRun(family, req);
  if (opts.svg) drawSvg(opts.svg, `${family.id} fluid limit: ${paramText(report.paramsExact)}`, sys.names, shown, tr, fp);
  if (opts.json) printJson(report);
  else {
    console.log(`${family.id} fluid limit  ${paramText(report.paramsExact)}`);
    console.log(`fixed point (${fp.method}):`);
    console.log(
      renderTable(
        ['coordinate', 'value'],
        shown.map((i) => [sys.names[i], Number.isNaN(fp.state[i]) ? 'open' : fmt(fp.state[i])]),
      ),
    );
    if (fp.exact)
      console.log(
        `exact: ${Object.entries(fp.exact)
          .map(([k, v]) => `${k} = ${v ?? 'open'}`)
          .join(', ')}`,
      );
    console.log('limiting metrics at the fixed point:');
    console.log(renderTable(['metric', 'value'], metricRows(report.metrics)));
    const e = tr.evidence;
    const start = `ODE from x(0) = (${shown.map((i) => `${sys.names[i]}=${fmt(x0[i])}`).join(', ')})`;
    if (report.final.settled) {
      console.log(
        wrap(
          `${start} settled at t = ${fmt(report.final.t)} (drift ${e.finalDrift.toExponential(2)} <= ${SETTLED_DRIFT}; ` +
            `largest time ${fmt(req.t)}): distance to the fixed point ${report.final.distanceToFixedPoint.toExponential(2)}`,
        ),
      );
    } else if (e.completed) {
      console.log(
        wrap(
          `${start}: NOT SETTLED by t = ${fmt(req.t)}, the largest time (--t): drift ${e.finalDrift.toExponential(2)} ` +
            `> ${SETTLED_DRIFT}, so the ODE's final state (distance ${report.final.distanceToFixedPoint.toExponential(2)} ` +
            `to the fixed point) is not the limit, and whether it reaches the fixed point is unknown; raise --t`,
        ),
      );
    } else {
      console.log(
        wrap(
          `${start}: stopped at the step limit before t = ${fmt(req.t)}, drift ${e.finalDrift.toExponential(2)}: whether it reaches the fixed point is unknown`,
        ),
      );
    }
    console.log(
      wrap(
        `${e.method}: ${e.steps} steps (${e.rejected} rejected), ${e.evaluations} evaluations, ${e.faceHits} ` +
          `face hits, conservation defect ${e.conservationDefect.toExponential(2)}, min face value ` +
          `${sys.faces.length > 0 ? fmt(e.minFaceValue) : 'none (no faces)'}, ${report.seconds.toFixed(3)} s`,
      ),
    );
    for (const c of report.evidence.clamped ?? []) {
      if (c.beyondTolerance)
        console.log(
          wrap(
            `CLAMPED: ${c.metric} (${c.at === 'final' ? 'at the end of the run' : 'at the fixed point'}) was ` +
              `${c.value.toExponential(3)}, outside [0, 1] by more than the integrator's tolerance ${CLAMP_TOLERANCE}: the answer is unknown`,
          ),
        );
    }
    if (opts.svg) console.log(`wrote ${opts.svg}`);
  }
  return ok ? 0 : 1;
}

/** How far outside [0, 1] a probability may come from rounding: the integrator's tolerance for a value of at most 1. */
const CLAMP_TOLERANCE = DEFAULT_ATOL + DEFAULT_RTOL;

/** The options of a fluid run (shared by `fluid` and `sweep fluid`; --svg is fluid's own). */
export function fluidOptions(family: ModelFamily<ParamSpecs, unknown>): Option[] {
  return [
    new Option('--x0 <list>', `start state, comma-separated: ${family.fluid!.startHelp}`),
    new Option('--t <time>', `the largest time: the ODE is integrated until it settles (drift max|dx/dt| <= ${SETTLED_DRIFT}), at the latest to t`).default(
      String(POLICY.fluidHorizon.value),
    ),
    new Option('--samples <k>', 'trajectory points reported, equally spaced from 0 to the time the run stopped').default('101'),
  ];
}

export function fluidCommand(registry: Registry, setExit: (code: number) => void): Command {
  const cmd = addFileOption(new Command('fluid').description('the N -> infinity fluid limit of a model: ODE trajectory, fixed point, limiting metrics'));
  for (const family of familiesOf(registry, 'fluid')) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family, family.fluid!.ignoredParams);
    for (const o of fluidOptions(family)) sub.addOption(o);
    sub
      .option('--svg <file>', 'draw the trajectories (and fixed-point levels) as SVG')
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & FluidFlags) => setExit(runFluid(family, opts)));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
