/**
 * What a model family offers for its N -> infinity fluid limit: the ODE (a
 * piecewise-smooth field that switches on faces x_i = 0), a start, its fixed
 * point from closed forms or root equations, and the limiting metrics under the
 * CTMC's metric names, so the two sides compare key by key.
 */
import type { DensityModel } from './density-model.ts';
import type { MetricValues } from './model.ts';

export interface LinearInvariant {
  readonly name: string;
  /** sum_i weights[i] x_i = total along every trajectory. */
  readonly weights: Float64Array;
  readonly total: number;
}

export interface FluidSystem {
  readonly names: readonly string[];
  /**
   * Coordinates held >= 0 whose face x_i = 0 switches the field ("no tokens left").
   * On the face (x_i exactly 0) the field must be the sliding one: dx_i >= 0, and
   * exactly 0 while the motion slides along the face.
   */
  readonly faces: readonly number[];
  readonly invariants: readonly LinearInvariant[];
  /** Coordinates reported in trajectories and plots (default: all). */
  readonly shown?: readonly number[];
  /** dx = f(x); allocation-free, called in the integrator's inner loop. */
  derivative(x: Float64Array, dx: Float64Array): void;
}

export interface FluidFixedPoint {
  /** Coordinates in the order of FluidSystem.names; NaN where the equations leave one open. */
  state: Float64Array;
  /** Exact values "p/q" where known (null where left open). */
  exact?: Record<string, string | null>;
  /** How it was obtained: closed form, root equation ... */
  method: string;
}

export interface FluidView<P> {
  /**
   * Parameters the limit does not depend on (such as N, or a queue cap K), with the
   * text they are read as (undefined: absent). `lbcheck fluid` does not offer them.
   */
  readonly ignoredParams?: Readonly<Record<string, string | undefined>>;
  system(p: P): FluidSystem;
  /** What --x0 lists, for --help. */
  readonly startHelp: string;
  /** The user's start (--x0 values, checked: UsageError) or the default start when absent. */
  start(p: P, values?: readonly number[]): Float64Array;
  fixedPoint(p: P): FluidFixedPoint;
  /** Limiting metrics at a fixed point, named as the CTMC's metrics. */
  metrics(p: P, x: Float64Array): MetricValues<number>;
  /** The process as transitions with smooth intensities: what `lbcheck refined` expands in 1/N. */
  readonly refined?: RefinedView<P>;
}

export interface RefinedView<P> {
  /** Parameters the expansion does not read (N above all), as in ignoredParams. */
  readonly ignoredParams: Readonly<Record<string, string | undefined>>;
  model(p: P): DensityModel;
}
