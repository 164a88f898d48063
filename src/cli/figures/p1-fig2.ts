/**
 * Figure 2 of [P1] reproduced: JIQ blocking at N = 10^5 with R = 2 dispatchers,
 * over a grid of alpha_2 (the lighter dispatcher's share) and lambda; simulated
 * blocking with 95% intervals against the product form (THEORY section 2),
 * which at this N sits on Theorem 1's limit max{1 - 2 alpha_2, 1 - 1/lambda}.
 * Each point's agreement is a z-score; Šidák's rule at family-wise 1% judges the grid.
 * The grid runs as a sweep (src/sweep/): on every local core, or through a queue.
 */
import { UsageError } from '../../core/errors.ts';
import type { ModelFamily } from '../../core/model.ts';
import type { ParamSpecs } from '../../core/params.ts';
import { Fraction, ratString, ratToNumber, type Rational } from '../../core/rational.ts';
import { criticalValue, FAMILY_WISE_LEVEL, sidakLevel, zScore } from '../../sim/multiple-testing.ts';
import { runJobs, type Execution } from '../../sweep/run.ts';
import { planSweep, RUNNER } from '../sweep.ts';
import { findSweepCommand } from '../sweep-jobs.ts';
import { svgPlot, type PlotSeries } from '../../report/svg-plot.ts';
import { jiqBlocking, productFormBlocking } from '../../../models/jiq-blocking.ts';

export const ALPHA2 = ['1/10', '1/5', '3/10', '2/5', '1/2'];
export const LAMBDA = ['1/4', '1/2', '3/4', '1', '5/4', '3/2', '7/4', '2'];
/** lambda values of the product-form curves (step 1/20). */
const CURVE = Array.from({ length: 40 }, (_, i) => new Fraction(i + 1, 20));

export interface Fig2Options {
  N: number;
  horizon: number;
  seed: number;
  /** Where the grid's simulations run: the local pool (every core by default) or a queue. */
  execution: Omit<Execution, 'runner' | 'env'>;
  onProgress?: (done: number, total: number) => void;
}

export interface Fig2Point {
  alpha2: number;
  lambda: number;
  simulated: { mean: number; stderr: number; ci95: [number, number] };
  productForm: number;
  /** null: the estimate has no error bar (no variation in any batch), so it decides nothing. */
  z: number | null;
  critical: number;
  flagged: boolean;
  events: number;
}

export interface Fig2Result {
  N: number;
  horizon: number;
  seed: number;
  points: Fig2Point[];
  rule: { method: 'sidak'; familyWiseLevel: number; comparisons: number; perComparisonLevel: number };
  /** fail: some point flagged; unknown: none flagged, some z undecided; pass otherwise. */
  verdict: 'pass' | 'fail' | 'unknown';
  eventsPerSecond: number;
  svg: string;
}

const params = (N: number, alpha2: string, lambda: string) => {
  const a2 = new Fraction(alpha2);
  return jiqBlocking.parse({ N: String(N), lambda, alpha: alphaText(a2) });
};

const alphaText = (a2: Rational): string => `${ratString(new Fraction(1).sub(a2))},${ratString(a2)}`;

/** The figure's grid as a sweep of `simulate jiq-blocking`: alpha outer, lambda inner, point k with seed S + k. */
function fig2Sweep(o: Fig2Options) {
  const grid = [`alpha=${ALPHA2.map((a) => alphaText(new Fraction(a))).join(';')}`, `lambda=${LAMBDA.join(',')}`];
  const fixed = { N: String(o.N), T: String(o.horizon), seed: String(o.seed) };
  const env = { files: [], sim: 'internal', fromQueue: o.execution.queue !== undefined };
  return { plan: planSweep(findSweepCommand('simulate'), jiqBlocking as ModelFamily<ParamSpecs, unknown>, grid, fixed, () => false, env), env };
}

interface SimulatedPoint {
  events: number;
  seconds: number;
  /** Absent when the run was too short to estimate anything (status "unknown"). */
  metrics?: Record<string, { mean: number; stderr: number; ci95: [number, number]; df: number }>;
}

export async function p1Fig2(o: Fig2Options): Promise<Fig2Result> {
  const { plan, env } = fig2Sweep(o);
  const total = plan.jobs.length;
  const outcomes = new Map<number, SimulatedPoint>();
  const run = await runJobs(plan.jobs, { ...o.execution, runner: RUNNER, env }, (d, out) => {
    if (out.result === undefined) throw new UsageError(`P1 Fig. 2 point ${d.point}: ${out.error ?? 'no result'}`);
    outcomes.set(d.point, out.result as SimulatedPoint);
    o.onProgress?.(outcomes.size, total);
  });
  if (run.failed.length > 0)
    throw new UsageError(`P1 Fig. 2: ${run.failed.length} point(s) failed on the queue, e.g. point ${run.failed[0].point}: ${run.failed[0].error}`);
  const level = sidakLevel(total);
  const points: Fig2Point[] = [];
  let events = 0,
    seconds = 0;
  for (const alpha2 of ALPHA2) {
    for (const lambda of LAMBDA) {
      const k = points.length;
      const sim = outcomes.get(k)!;
      const p = params(o.N, alpha2, lambda);
      // A run too short to estimate leaves the point undecided (z null), as a point without an error bar.
      const b = sim.metrics?.blocking ?? { mean: NaN, stderr: NaN, ci95: [NaN, NaN] as [number, number], df: undefined };
      const exact = productFormBlocking(p);
      const z = sim.metrics ? zScore(b.mean, b.stderr, exact) : null;
      const critical = criticalValue(level, b.df);
      events += sim.events;
      seconds += sim.seconds;
      points.push({
        alpha2: ratToNumber(new Fraction(alpha2)),
        lambda: ratToNumber(new Fraction(lambda)),
        simulated: { mean: b.mean, stderr: b.stderr, ci95: b.ci95 },
        productForm: exact,
        z,
        critical,
        flagged: z !== null && !(Math.abs(z) <= critical),
        events: sim.events,
      });
    }
  }
  const series: PlotSeries[] = ALPHA2.flatMap((alpha2, i): PlotSeries[] => [
    {
      label: `product form, α₂ = ${alpha2}`,
      kind: 'line',
      colour: i,
      points: CURVE.map((l) => ({ x: ratToNumber(l), y: productFormBlocking(params(o.N, alpha2, ratString(l))) })),
    },
    {
      label: `simulated, α₂ = ${alpha2}`,
      kind: 'points',
      colour: i,
      points: points
        .filter((q) => q.alpha2 === ratToNumber(new Fraction(alpha2)))
        .map((q) => ({ x: q.lambda, y: q.simulated.mean, lo: q.simulated.ci95[0], hi: q.simulated.ci95[1] })),
    },
  ]);
  const svg = svgPlot({
    title: `JIQ blocking, N = ${o.N}, R = 2: simulation (95% CI) vs product form`,
    xLabel: 'λ (arrival rate per server)',
    yLabel: 'blocking probability B',
    yDomain: [0, 1],
    series,
  });
  return {
    N: o.N,
    horizon: o.horizon,
    seed: o.seed,
    points,
    rule: { method: 'sidak', familyWiseLevel: FAMILY_WISE_LEVEL, comparisons: total, perComparisonLevel: level },
    verdict: points.some((q) => q.flagged) ? 'fail' : points.some((q) => q.z === null) ? 'unknown' : 'pass',
    eventsPerSecond: events / seconds,
    svg,
  };
}
