/**
 * How good the mean field is at finite N: for a family with a refined view
 * (src/meanfield/), the exact E_N of a metric (lumped chain, boundary mass
 * <= 1e-10) at each N, beside the mean field pi, the refined pi + V/N and
 * pi + V/N + A/N^2 — for each sampling the family offers (jsq-d: with and
 * without replacement, each with its own V and A). A table and an SVG plot
 * against N.
 */
import { UsageError } from '../../core/errors.ts';
import type { ModelFamily } from '../../core/model.ts';
import type { ParamSpecs } from '../../core/params.ts';
import { flattenMetrics } from '../../core/metric-names.ts';
import { solveSequence } from '../../check/solving.ts';
import { atN, refinedExpansion } from '../../meanfield/refined.ts';
import { svgPlot, type PlotSeries } from '../../report/svg-plot.ts';

export interface AccuracyOptions {
  family: ModelFamily<ParamSpecs, unknown>;
  /** The family's parameters as option text, N and sampling left out. */
  raw: Record<string, string | undefined>;
  sizes: readonly number[];
  metric: string;
  progress(what: string): void;
}

export interface AccuracyCurve {
  /** The sampling ('with', 'without'), or null for a family without one. */
  sampling: string | null;
  meanField: number;
  V: number;
  A: number;
  rows: { N: number; exact: number; order1: number; order2: number; states: number }[];
}

/** The samplings to draw: both of a family with a `sampling` choice, else the family as it is. */
function samplings(family: ModelFamily<ParamSpecs, unknown>): (string | null)[] {
  return 'sampling' in family.params ? ['with', 'without'] : [null];
}

export function meanFieldAccuracy(o: AccuracyOptions): { curves: AccuracyCurve[]; svg: string } {
  const { family } = o;
  const view = family.fluid?.refined;
  if (!view) throw new UsageError(`${family.id} has no refined mean field view`);
  const curves: AccuracyCurve[] = [];
  for (const sampling of samplings(family)) {
    const at = (N: number | string): Record<string, string | undefined> => ({ ...o.raw, N: String(N), ...(sampling ? { sampling } : {}) });
    const r = refinedExpansion(view.model(family.parse(at(view.ignoredParams.N ?? '1000000'))), 2);
    const s = r.expansion[o.metric];
    if (!s) throw new UsageError(`--metric must be one of ${Object.keys(r.expansion).join(', ')}, got "${o.metric}"`);
    const run = solveSequence(family, (N) => family.parse(at(N)), o.sizes, o.progress);
    if ('untrusted' in run) throw new UsageError(`an exact solve cannot be trusted: ${run.untrusted}`);
    curves.push({
      sampling,
      meanField: s.meanField,
      V: s.order1,
      A: s.order2!,
      rows: run.solves.map((x) => ({
        N: x.N,
        exact: flattenMetrics(x.solved.metrics)[o.metric] as number,
        order1: atN(s, x.N, 1),
        order2: atN(s, x.N, 2),
        states: x.solved.evidence.states,
      })),
    });
  }
  const series: PlotSeries[] = curves.flatMap((c, k) => {
    const tag = c.sampling ? ` (${c.sampling})` : '';
    const pts = (f: (r: AccuracyCurve['rows'][number]) => number) => c.rows.map((r) => ({ x: r.N, y: f(r) }));
    return [
      { label: `exact E_N${tag}`, kind: 'points' as const, colour: 3 * k, points: pts((r) => r.exact) },
      { label: `pi + V/N${tag}`, kind: 'line' as const, colour: 3 * k + 1, points: pts((r) => r.order1) },
      { label: `pi + V/N + A/N^2${tag}`, kind: 'line' as const, colour: 3 * k + 2, points: pts((r) => r.order2) },
    ];
  });
  const Ns = o.sizes;
  series.push({
    label: 'pi (mean field)',
    kind: 'line',
    colour: 9,
    points: [
      { x: Ns[0], y: curves[0].meanField },
      { x: Ns[Ns.length - 1], y: curves[0].meanField },
    ],
  });
  const params = Object.entries(o.raw)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const svg = svgPlot({ title: `${family.id} ${params}: ${o.metric}, exact against the refined mean field`, xLabel: 'N', yLabel: o.metric, series });
  return { curves, svg };
}
