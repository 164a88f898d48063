/**
 * A density-dependent population process as the refined mean field reads it
 * (Gast & Van Houdt 2017; Gast, Bortolussi & Tribastone 2019): coordinates
 * z (fractions), transitions z -> z + l/N at rate N beta_l^N(z), where the
 * intensity may depend on N itself, beta_l^N(z) = b_l(z, 1/N) (sampling
 * without replacement, an allotment from N servers). Intensities and metrics
 * are written through Arith, so the engine differentiates them exactly
 * (jets, ./jet.ts), in z and in eps = 1/N alike.
 */
import type { Arith } from './arith.ts';

export interface DensityTransition {
  /** Names the transition in errors. */
  readonly name: string;
  /** The jump l: coordinates index[k] change by delta[k] / N. */
  readonly index: readonly number[];
  readonly delta: readonly number[];
  /** b(z, eps) with eps = 1/N: the rate per unit of N at fractions z; b(z, 0) is the limit intensity. */
  intensity<U>(z: readonly U[], eps: U, A: Arith<U>): U;
}

export interface DensityMetric {
  readonly name: string;
  /** 1-based position in a vector metric. */
  readonly index?: number;
  /** A smooth function of the fractions; with `per`, the metric is E[value] / E[per] (a ratio of expectations). */
  value<U>(z: readonly U[], A: Arith<U>): U;
  per?<U>(z: readonly U[], A: Arith<U>): U;
}

/**
 * The coordinates must be independent: where counts sum to a fixed total
 * (occupancies y_0..y_K of N servers), one count per conservation law is left
 * out and written as the total minus the others inside the intensities
 * (y_0 = 1 - y_1 - ... - y_K), or the levels S_i = y_i + ... + y_K are used
 * (jsq-d: S_0 = N is implied). Otherwise the Jacobian at the fixed point is
 * singular (a zero eigenvalue along the conserved direction) and the engine
 * stops with that message rather than solving a singular Lyapunov equation.
 */
export interface DensityModel {
  readonly names: readonly string[];
  readonly transitions: readonly DensityTransition[];
  readonly metrics: readonly DensityMetric[];
  /** A fixed point of the limit drift (checked by the engine), and how it was found. */
  readonly fixedPoint: Float64Array;
  readonly fixedPointMethod: string;
  /** The start of transient expansions, as fractions (default: every coordinate 0, an empty system). */
  readonly start?: Float64Array;
}
