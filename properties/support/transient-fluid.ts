/**
 * The distance between a finite-N chain's transient means and a fluid
 * trajectory: sup over a grid of times on [0, T] and over the compared
 * coordinates of |E[x^N(t)] - x(t)|, the means by uniformization
 * (lbcheck transient), each within its error bound of 1e-9; an answer without
 * that bound is Inconclusive (the claim is then unknown).
 */
import { type ChainDefinition, Inconclusive, type MetricValues, type ModelFamily, type ParamSpecs, transientModel, trustedTransient } from 'lbcheck';

/** Metric entries (name, or name and 1-based index) compared with the fluid's. */
export type Coordinate = readonly [string] | readonly [string, number];

export interface TrajectoryGap<P> {
  family: ModelFamily<ParamSpecs, P>;
  params: P;
  /** The start state (default: the chain's initial one). */
  start?: (def: ChainDefinition<number>, digits: Int32Array) => boolean;
  /** Output times, increasing from 0. */
  times: readonly number[];
  /** The fluid trajectory's metrics at times[k]. */
  fluidAt(k: number): MetricValues<number>;
  coordinates: readonly Coordinate[];
}

const read = (m: MetricValues<number>, [name, i]: Coordinate): number => {
  const v = m[name];
  if (v === undefined) throw new Error(`no metric "${name}"`);
  return i === undefined ? (v as number) : ((v as number[])[i - 1] ?? 0);
};

/** The sup-distance over the times and coordinates. */
export function trajectoryGap<P>(g: TrajectoryGap<P>): number {
  const a = transientModel(g.family, g.params, { times: g.times, ...(g.start ? { start: g.start } : {}) });
  if (!trustedTransient(a))
    throw new Inconclusive(`the transient answer's error bound exceeds ${a.tolerance}${a.truncation?.stopped ? ` (${a.truncation.stopped})` : ''}`);
  let sup = 0;
  a.points.forEach((pt, k) => {
    const fluid = g.fluidAt(k);
    for (const c of g.coordinates) sup = Math.max(sup, Math.abs(read(pt.metrics, c) - read(fluid, c)));
  });
  return sup;
}

/** n + 1 equally spaced times on [0, T]. */
export const grid = (T: number, n: number): number[] => Array.from({ length: n + 1 }, (_, k) => (k * T) / n);
