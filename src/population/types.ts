/**
 * A family declared at the population level: the state is a vector of counts
 * (servers by queue length, tokens per dispatcher, jobs per class ...), each
 * event has a change of the counts and a rate that is a function of the
 * counts, and metrics are rewards of the counts. Rates and rewards go through
 * Arith, so one declaration is instantiated in float64 and in exact rationals.
 * The engine packs the counts into mixed-radix codes (users never pack codes).
 *
 * What rates and rewards are called with: integer counts in the chain (every
 * solver) and the derived simulator; fractional counts N z in the fluid view
 * (its drift, fixed point and metrics), where z are the fractions the ODE
 * moves. A rate written for integers only (a binomial of a count, a count used
 * as an index) must give the event a `limit(z)`; one that throws or is not a
 * finite number there is a one-line error naming the family and the event.
 */
import type { Arith } from '../core/arith.ts';
import type { MetricDef } from '../core/model.ts';

/** The counts of one state, read-only: integers (an Int32Array) in the chain and the simulator; N z, fractional (a Float64Array), in the fluid view. */
export type Counts = ArrayLike<number>;

export interface PopulationEvent<T> {
  /** Names the event in errors ("join length 2"). */
  readonly name: string;
  /** The change of the counts when the event fires, by count name: { y0: -1, y1: +1 }. */
  readonly change: Readonly<Record<string, number>>;
  /**
   * The rate in state x: >= 0, and 0 where the event cannot fire. Called with
   * integer counts by the chain and the simulator, and with fractional counts
   * N z by the fluid view (unless the event gives `limit`).
   */
  rate(x: Counts): T;
  /**
   * For density-dependent families whose finite-N rate is only asymptotically
   * N f(x/N) (e.g. hypergeometric sampling): the limit intensity f(z) per unit
   * of scale. Absent: f(z) = rate(scale z) / scale, exact when rate = N f(x/N).
   */
  limit?(z: Float64Array): number;
  /**
   * For `lbcheck refined`: the rate per unit of scale as a smooth function of
   * the fractions z (one per count, declared order) and eps = 1/N, through
   * Arith, so that rate(N z) = N density(z, 1/N) at every state. Written once
   * for jets, it gives the drift's derivatives and the 1/N rate term exactly.
   */
  density?<U>(z: readonly U[], eps: U, A: Arith<U>): U;
}

/**
 * A reward of the counts whose expectation is a metric (see MetricDef); with
 * `smooth`, the reward as a smooth function of the fractions z (through
 * Arith), which `lbcheck refined` expands in 1/N. Rewards, like rates, get
 * integer counts in the chain and the simulator and fractional counts N z in
 * the fluid view's metrics.
 */
export type PopulationMetric<T> = MetricDef<T, Counts> & { smooth?<U>(z: readonly U[], A: Arith<U>): U };

export interface Population<T> {
  /** The names of the counts, in order. */
  readonly counts: readonly string[];
  /** The largest value of each count: one bound for all, or one per count. */
  readonly max: number | readonly number[];
  /**
   * When the counts always sum to `total` (servers, tokens), the first count is
   * implied and not stored, and few units over many counts are packed by unit
   * (total digits of radix m instead of m - 1 of radix max + 1). States are
   * packed into codes below 2^53: a truncated family has K + 1 counts, and
   * without `total`, (max + 1)^(K + 1) codes pass 2^53 at a small K (N = 3:
   * K = 26), which the automatic truncation may need (a one-line error that
   * says to declare `total`).
   */
  readonly total?: number;
  /** The initial state by count name; counts not named start at 0 (with `total`, the first one takes the rest). */
  readonly initial: Readonly<Record<string, number>>;
  readonly events: readonly PopulationEvent<T>[];
  readonly metrics: readonly PopulationMetric<T>[];
  /** Formats a state for people (default "(name=value, ...)"). */
  describe?(x: Counts): string;
  /** Truncated families: the states on the cut, whose stationary mass bounds what the cut lost. */
  boundary?(x: Counts): boolean;
}
