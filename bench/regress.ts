/**
 * `npm run bench -- regress`: the floors of `lbcheck regress`, on a stand-in
 * simulator that answers at once (the exact value plus Gaussian noise of a
 * stated stderr, plus an optional bias), so that the statistics, not a
 * simulator, are measured. One JSON line per floor:
 *   - overhead: regress's own wall and CPU seconds for 10 cases, everything but
 *     the simulator and the exact solves (floor: under 1 s);
 *   - 35%: every metric 35% high with a stderr large enough that each z is
 *     about 2.5 (each comparison passes alone) fails;
 *   - 3%: one metric of one case 3% high, with the stderr lbcheck's own
 *     simulator has at the panel's default horizon, fails in >= 95 of 100 seeds;
 *     and so with every stderr at the largest value that still counts as precise;
 *   - false alarms: the honest stand-in fails in about 1% of seeds at most.
 * REGRESS_SEEDS (default 100) sets the number of seeds.
 */
import { jiqBlocking, type JiqBlockingParams } from '../models/jiq-blocking.ts';
import { flattenMetrics } from '../src/core/metric-names.ts';
import { solveModel } from '../src/ctmc/solve.ts';
import type { MetricEstimate } from '../src/sim/external.ts';
import { substream } from '../src/sim/random.ts';
import { externalRunner, internalRunner, regress, type CaseRunner, type RegressReport } from '../src/sim/regress.ts';
import { emit, round } from './measure.ts';

const SEEDS = Number(process.env.REGRESS_SEEDS ?? 100);
const panel = jiqBlocking.simulator!.panels.small;

const key = (params: unknown): string => JSON.stringify(params);
/** Exact metrics by case id, and case ids by the parameters the harness sends, solved once for the whole bench. */
const exact = new Map(panel.map((c) => [c.id, flattenMetrics(solveModel(jiqBlocking, jiqBlocking.parse({ ...c.params }), { method: 'auto' }).metrics)]));
const idOf = new Map(panel.map((c) => [key(jiqBlocking.toJSON(jiqBlocking.parse({ ...c.params }))), c.id]));

/** The stand-in: exact + bias + stderr N(0, 1), with df 19 reported (as lbcheck's simulator). */
function standIn(stderr: (id: string, metric: string) => number, bias: (id: string, metric: string, value: number) => number): CaseRunner<JiqBlockingParams> {
  return async (input) => {
    const id = idOf.get(key(input.params))!;
    const rng = substream(input.seed, 0);
    const normal = (): number => Math.sqrt(-2 * Math.log(1 - rng.uniform())) * Math.cos(2 * Math.PI * rng.uniform());
    const out: Record<string, MetricEstimate> = {};
    for (const [metric, v] of Object.entries(exact.get(id)!)) {
      const s = stderr(id, metric);
      out[metric] = { mean: v + bias(id, metric, v) + s * normal(), stderr: s, df: 19 };
    }
    return out;
  };
}

async function rate(runner: CaseRunner<JiqBlockingParams>): Promise<{ fail: number; unknown: number; byOmnibus: number }> {
  let fail = 0,
    unknown = 0,
    byOmnibus = 0;
  for (let k = 0; k < SEEDS; k++) {
    const r = await regress(jiqBlocking, panel, { seed: 1000 + k * panel.length, runner, simulator: 'stand-in' });
    if (r.verdict === 'fail') fail++;
    if (r.verdict === 'unknown') unknown++;
    if (r.decidedBy === 'omnibus' || r.decidedBy === 'both') byOmnibus++;
  }
  return { fail, unknown, byOmnibus };
}

export async function regressSuite(): Promise<void> {
  // The stderr of lbcheck's own simulator at the panel's default horizon (seed 1), per case and metric.
  const own: RegressReport = await regress(jiqBlocking, panel, { seed: 1, runner: internalRunner(jiqBlocking), simulator: 'internal' });
  const honest = new Map(own.comparisons.map((c) => [`${c.id} ${c.metric}`, c.stderr]));
  const honestStderr = (id: string, metric: string): number => honest.get(`${id} ${metric}`)!;

  // Overhead: 10 cases of the stand-in (5 distinct, so half the solves come from the cache).
  const ten = [...panel.slice(0, 5), ...panel.slice(0, 5).map((c) => ({ ...c, id: `${c.id}-again` }))];
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const r = await regress(jiqBlocking, ten, { seed: 1, runner: standIn(honestStderr, () => 0), simulator: 'stand-in' });
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - wall) / 1000;
  const exactSeconds = r.cases.reduce((a, c) => a + (c.exactSeconds ?? 0), 0);
  emit({
    case: 'regress overhead, 10 cases (stand-in simulator)',
    seconds: round(seconds),
    cpuSeconds: round((used.user + used.system) / 1e6),
    exactSeconds: round(exactSeconds),
    overheadSeconds: round(seconds - exactSeconds),
    floor: 1,
    meetsFloor: seconds - exactSeconds < 1,
  });

  const biased35 = await rate(
    standIn(
      (id, m) => (0.35 * exact.get(id)![m]) / 2.5 || 1e-3,
      (_id, _m, v) => 0.35 * v,
    ),
  );
  emit({
    case: 'every metric 35% high, stderr = 0.35 exact / 2.5',
    seeds: SEEDS,
    ...biased35,
    floor: 'fails in every seed',
    meetsFloor: biased35.fail === SEEDS,
  });

  // The comparison whose stderr is nearest its precision bound: the hardest place to see a 3% bias.
  const hardest = own.comparisons.reduce((a, c) => (c.stderr / c.requiredStderr > a.stderr / a.requiredStderr ? c : a));
  const target = `${hardest.id} ${hardest.metric}`;
  const biased3 = await rate(standIn(honestStderr, (id, m, v) => (`${id} ${m}` === target ? 0.03 * v : 0)));
  emit({
    case: `3% high on ${target} only, stderr of lbcheck's simulator at T = ${panel[1].horizon}`,
    exact: round(hardest.exact),
    stderr: round(hardest.stderr),
    seeds: SEEDS,
    ...biased3,
    floor: '>= 95 of 100 fail',
    meetsFloor: biased3.fail >= 0.95 * SEEDS,
  });

  // The same bias with the largest stderr that still counts as precise (requiredStderr): the floor for any simulator the verdict trusts.
  const bound = new Map(own.comparisons.map((c) => [`${c.id} ${c.metric}`, c.requiredStderr * 0.999]));
  const atBound = await rate(
    standIn(
      (id, m) => bound.get(`${id} ${m}`)!,
      (id, m, v) => (`${id} ${m}` === target ? 0.03 * v : 0),
    ),
  );
  emit({
    case: `3% high on ${target} only, every stderr at its precision bound`,
    stderr: round(bound.get(target)!),
    seeds: SEEDS,
    ...atBound,
    floor: '>= 95 of 100 fail',
    meetsFloor: atBound.fail >= 0.95 * SEEDS,
  });

  const unbiased = await rate(standIn(honestStderr, () => 0));
  emit({ case: 'honest stand-in (false alarms)', seeds: SEEDS, ...unbiased, familyWiseLevel: 0.01 });
}

/**
 * `npm run bench -- regress-calibration`: false alarms of lbcheck's own
 * simulators on their small panels at the default horizons, and of the Python
 * example (examples/jiq_blocking_sim.py) at T = 20,000 (a fail needs a flag, so
 * the false-alarm rate is measured at any horizon). REGRESS_SEEDS seeds (default
 * 20; REGRESS_FIRST=k starts at the k-th); REGRESS_FAMILIES=jsq-d,python (say)
 * runs some of them.
 */
export async function regressCalibrationSuite(): Promise<void> {
  const seeds = Number(process.env.REGRESS_SEEDS ?? 20);
  const first = Number(process.env.REGRESS_FIRST ?? 0);
  const only = process.env.REGRESS_FAMILIES?.split(',');
  const families = (await import('../models/index.ts')).families.filter((f) => f.simulator && (!only || only.includes(f.id)));
  const runs: { family: (typeof families)[number]; sim: string; horizon?: number }[] = [
    ...families.map((family) => ({ family, sim: 'internal' })),
    ...(!only || only.includes('python')
      ? [{ family: jiqBlocking as (typeof families)[number], sim: 'python3 examples/jiq_blocking_sim.py', horizon: 20_000 }]
      : []),
  ];
  for (const { family, sim, horizon } of runs) {
    const small = family.simulator!.panels.small;
    const counts = { pass: 0, fail: 0, unknown: 0, omnibus: 0 };
    const zs: number[] = [];
    const wall = performance.now();
    const cpu = process.cpuUsage();
    for (let k = 0; k < seeds; k++) {
      const r = await regress(family, small, {
        seed: 1 + (first + k) * small.length,
        horizon,
        simulator: sim,
        jobs: 2,
        runner: sim === 'internal' ? internalRunner(family) : externalRunner(sim, 600_000),
      });
      counts[r.verdict]++;
      if (r.decidedBy === 'omnibus' || r.decidedBy === 'both') counts.omnibus++;
      for (const c of r.comparisons) if (c.z !== null) zs.push(c.z);
    }
    const used = process.cpuUsage(cpu);
    const beyond = (q: number): number => round(zs.filter((z) => Math.abs(z) > q).length / zs.length);
    const sd = Math.sqrt(zs.reduce((a, z) => a + z * z, 0) / zs.length);
    emit({
      case: `${family.id} ${sim}${horizon ? ` T=${horizon}` : ''}`,
      seeds,
      ...counts,
      comparisons: zs.length,
      // t(19) quantiles: 0.975 -> 2.093, 0.995 -> 2.861
      beyondT19_975: beyond(2.093),
      beyondT19_995: beyond(2.861),
      rmsZ: round(sd),
      seconds: round((performance.now() - wall) / 1000),
      cpuSeconds: round((used.user + used.system) / 1e6),
    });
  }
}
