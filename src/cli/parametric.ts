/** `lbcheck solve <family> --param NAME`: the metrics as exact rational functions of one rate. */
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { familyChainAt } from '../parametric/family-parameter.ts';
import { formatFunction, functionJson, type RationalFunction } from '../parametric/rational-function.ts';
import { solveParametric, type ParametricMetrics, type ParametricResult } from '../parametric/solve-parametric.ts';
import { rawParams } from './model-options.ts';
import { printJson } from './output.ts';
import { progressFor } from './progress.ts';
import { wrap } from '../report/wrap.ts';

const SYMBOL: Record<string, string> = { lambda: 'λ', nu: 'ν', mu: 'μ' };

function metricsJson(metrics: ParametricMetrics): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(metrics)) out[name] = Array.isArray(f) ? f.map(functionJson) : functionJson(f);
  return out;
}

function metricLines(metrics: ParametricMetrics, v: string): string[] {
  const line = (name: string, f: RationalFunction): string => `${name} = ${formatFunction(f, v)}`;
  return Object.entries(metrics).flatMap(([name, f]) => (Array.isArray(f) ? f.map((g, i) => line(`${name}[${i + 1}]`, g)) : [line(name, f)]));
}

export function parametricJson(r: ParametricResult): Record<string, unknown> {
  return r.status === 'solved'
    ? { parameter: r.parameter, status: r.status, metrics: metricsJson(r.metrics), evidence: r.evidence }
    : { parameter: r.parameter, status: r.status, reason: r.reason, evidence: r.evidence };
}

export function runParametric(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & { param: string; json?: boolean }): number {
  const raw = rawParams(family, opts);
  const chainAt = familyChainAt(family, raw, opts.param);
  const progress = progressFor(Boolean(opts.json));
  const r = solveParametric(opts.param, chainAt, { onProgress: (what) => progress.update(what) });
  progress.stop();
  const fixed = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as Record<string, string>;
  if (opts.json) {
    printJson({ model: family.id, params: fixed, parametric: parametricJson(r) });
  } else {
    const v = SYMBOL[r.parameter] ?? r.parameter;
    const e = r.evidence;
    console.log(
      `${family.id}  ${Object.entries(fixed)
        .map(([k, t]) => `${k}=${t}`)
        .join(' ')}  free: ${r.parameter} (${v})`,
    );
    if (r.status === 'unknown') {
      console.log(wrap(`UNKNOWN: ${r.reason} (${e.states} states, ${e.seconds.toFixed(3)} s)`));
    } else {
      console.log(`parametric exact: ${e.states} states, ${e.transitions} transitions, ${e.seconds.toFixed(3)} s; pi Q = 0 verified in Z[${v}]`);
      console.log(
        wrap(
          `rates of degree ${e.rateDegree} in ${v}; pi(${v}) ~ polynomials of degree ${e.lawDegree} (proven ` +
            `bound ${e.degreeBound}); ${e.points} points x ${e.primes} primes`,
        ),
      );
      for (const line of metricLines(r.metrics, v)) console.log(wrap(line));
    }
  }
  return r.status === 'solved' ? 0 : 1;
}
