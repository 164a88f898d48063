/** `transient --json`'s document: every metric at every time, with the error bounds and the truncation's evidence. */
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { trustedTransient, type TransientAnswer } from '../transient/transient-model.ts';
import { paramRecord } from './param-record.ts';

export function transientReport(family: ModelFamily<ParamSpecs, unknown>, params: unknown, a: TransientAnswer) {
  return {
    model: family.id,
    ...paramRecord(family, params),
    method: a.method,
    start: a.start,
    times: a.points.map((p) => p.t),
    metrics: a.points.map((p) => p.metrics),
    metricError: a.points.map((p) => p.metricError),
    metricErrorMethod: '(boundary mass + uniformization error) times the range of the metric over every explored state',
    boundaryMass: a.points.map((p) => p.boundaryMass),
    uniformizationError: a.points.map((p) => p.uniformizationError),
    states: a.states,
    transitions: a.transitions,
    uniformizationRate: a.rate,
    products: a.products,
    seconds: a.seconds,
    tolerance: a.tolerance,
    withinTolerance: a.withinTolerance,
    ...(a.truncation ? { truncation: a.truncation } : {}),
    trusted: trustedTransient(a),
  };
}

export type TransientReport = ReturnType<typeof transientReport>;
