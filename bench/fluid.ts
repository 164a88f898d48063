/**
 * `npm run bench -- fluid`: the fluid integrator on each family's ODE, from the
 * default start to t = 200: steps, evaluations, face hits, conservation, time.
 */
import type { ModelFamily } from '../src/core/model.ts';
import type { ParamSpecs } from '../src/core/params.ts';
import { integrate } from '../src/fluid/integrate.ts';
import { heteroPs } from '../models/hetero-ps.ts';
import { jiqBlocking } from '../models/jiq-blocking.ts';
import { jiqQueueing } from '../models/jiq-queueing.ts';
import { jsqD } from '../models/jsq-d.ts';
import { emit, round, timed } from './measure.ts';

const CASES: [ModelFamily<ParamSpecs, unknown>, Record<string, string>][] = [
  [jiqBlocking as ModelFamily<ParamSpecs, unknown>, { N: '1', lambda: '9/10', alpha: '1/2,3/10,1/5' }],
  [jiqBlocking as ModelFamily<ParamSpecs, unknown>, { N: '1', lambda: '9/10', alpha: '1/2,3/10,1/5', nu: '1/2' }],
  [jiqQueueing as ModelFamily<ParamSpecs, unknown>, { N: '1', lambda: '9/10', alpha: '1/2,3/10,1/5', nu: '1/4' }],
  [jsqD as ModelFamily<ParamSpecs, unknown>, { N: '1000', lambda: '9/10', d: '2' }],
  [heteroPs as ModelFamily<ParamSpecs, unknown>, { servers: '1,1', rates: '2,1', lambda: '1' }],
];

export function fluidSuite(): void {
  for (const [family, raw] of CASES) {
    const p = family.parse(raw);
    const view = family.fluid!;
    const sys = view.system(p);
    const run = timed(() => integrate(sys, view.start(p), { t: 200, samples: 2 }));
    const e = run.value.evidence;
    emit({
      case: `fluid ${family.id} ${Object.entries(raw)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}`,
      dimension: sys.names.length,
      steps: e.steps,
      rejected: e.rejected,
      evaluations: e.evaluations,
      faceHits: e.faceHits,
      conservationDefect: e.conservationDefect,
      minFaceValue: sys.faces.length ? e.minFaceValue : null,
      finalDrift: e.finalDrift,
      seconds: round(run.seconds),
      cpuSeconds: round(run.cpuSeconds),
    });
  }
}
