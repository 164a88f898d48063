/**
 * What a model family offers the engines. Models describe; engines solve.
 */
import type { Arith, Store } from './arith.ts';
import type { MetricSchema } from './metric-schema.ts';
import type { ParamSpecs, ParamsOf } from './params.ts';
import type { Rational } from './rational.ts';
import type { SimulatorView } from './simulator-view.ts';
import type { FluidView } from './fluid-view.ts';

/** Metric values by name; vector metrics (per dispatcher, per class) are arrays. */
export type MetricValues<V> = Record<string, V | V[]>;

/** A claimed stationary law, known through the ratio of neighbouring states. */
export interface ClaimedLaw {
  /** pi(to)/pi(from) for a transition from -> to, as an exact rational (> 0). */
  ratio(from: Int32Array, to: Int32Array): Rational;
}

/** A product-form law of the model's chain and the metrics it gives in closed form. */
export interface ProductFormView<P> {
  /** Why the product form is not the stationary law for p, or null when it is. */
  inapplicable(p: P): string | null;
  /** Number of states the law is over (the chain's reachable states). */
  states(p: P): number;
  metrics(p: P): MetricValues<number>;
  exactMetrics(p: P): MetricValues<Rational>;
  law(p: P): ClaimedLaw & {
    /** Unnormalised weight of a state, from its digits. */
    weightExact(s: Int32Array): Rational;
    logWeight(s: Int32Array): number;
  };
}

/** Receives one transition: the target's packed code and its rate. */
export type Emit<T> = (target: number, rate: T) => void;

/**
 * A state reward whose expectation is a metric; `index` groups vector metrics
 * (1-based). States are the chain's digits, or a population's counts.
 */
export interface MetricDef<T, S = Int32Array> {
  readonly name: string;
  readonly index?: number;
  reward(s: S): T;
  /** When present, the metric is the ratio E[reward] / E[per] (e.g. a mean over admitted jobs, by Little's law or PASTA). */
  per?(s: S): T;
}

/**
 * A CTMC over states packed in mixed radix (see core/mixed-radix.ts). The same
 * definition is instantiated with float or exact arithmetic.
 */
export interface ChainDefinition<T> {
  readonly digitNames: readonly string[];
  readonly radices: readonly number[];
  readonly initial: readonly number[];
  /**
   * Emits every transition out of the state whose digits are `s` (scratch: read
   * it, never keep it); `code` is the packed state. Rates must be > 0.
   */
  successors(s: Int32Array, code: number, emit: Emit<T>): void;
  readonly metrics: readonly MetricDef<T>[];
  /**
   * Optional: every metric's reward of one state at once, out[k] =
   * metrics[k].reward(s), in metric order. A solver's metric pass then makes
   * one call per state instead of one per metric (jsq-d has 2 + K metrics, K =
   * 71 at N = 6). Ratio metrics' `per` is still asked of each. It may return
   * how many leading entries it wrote: the rewards past them are 0 in this state
   * (their entries are left as they were), so the pass skips them (jsq-d's s_i
   * past the longest queue: at N = 8, 2 + K = 59 metrics, mostly 0). Returning
   * nothing means it wrote them all.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: an implementation that writes every slot returns nothing.
  rewardsInto?(s: Int32Array, out: Store<T>): number | void;
  /** Formats the state for people, e.g. "(n0=3, n1=2, n2=0)". */
  describe(s: Int32Array): string;
  /**
   * Chains cut at a queue length K: true for states on the cut (some queue at K),
   * where the cut drops transitions. Their stationary mass measures how much of
   * the law reaches the cut; it is not a bound on a metric's error (a metric
   * weighs the lost tail by its own reward, e.g. queue lengths).
   */
  atBoundary?(s: Int32Array): boolean;
  /**
   * The number of reachable states, or an upper bound, known before exploring:
   * the explorer refuses a chain above its cap at once instead of after
   * exploring it. `sizeHint` says what answers the question instead.
   */
  readonly stateCount?: number;
  readonly sizeHint?: string;
  /**
   * What the finite state projection fits log pi to, linearly (src/ctmc/truncation/projection.ts):
   * `count` numbers of a state, written into `out`; default its digits. A family
   * whose mass lies along a diagonal (balanced queues, unsorted classes) names
   * the total and the imbalances, in which the tail falls along every direction.
   */
  readonly massFeatures?: MassFeatures;
}

/** Features of a state for the projection's fit of log pi (ChainDefinition.massFeatures). */
export interface MassFeatures {
  readonly count: number;
  fill(s: Int32Array, out: Float64Array): void;
  /**
   * The states the fit runs over: 'tail' (default), the outer half of the set by
   * mass; 'all', every state. Choosing states by their mass biases the slopes
   * towards zero wherever the features leave part of log pi unexplained (a state
   * is chosen for its low mass, not for where it lies), so a family whose law
   * the features follow only roughly fits over all states (models/affinity/mass-features.ts).
   */
  readonly fitOver?: 'tail' | 'all';
  /**
   * While more than this mass sits on the frontier of the projection's start,
   * the start grows breadth first instead of by the fit (default START_MASS in
   * ctmc/truncation/truncation-search.ts). affinity at lambda = 0.9 needs 1e-2
   * (models/affinity/mass-features.ts): fitted from its 8,192-state
   * breadth-first set (frontier 0.034) the next round had 8.3e-3, against
   * 3.5e-3 breadth first and 1.8e-7 one fitted round later.
   */
  readonly breadthFirstAbove?: number;
}

/**
 * Families whose queues are unbounded and cut at K. The user may give K;
 * otherwise the engine truncates: by finite state projection on the chain of
 * `projection(p)` where the family offers it (src/ctmc/truncation/projection.ts), or by
 * growing K from `initialK` until the boundary mass is below tolerance.
 */
export interface TruncationView<P> {
  /**
   * The K these parameters fix: the user's --K, or one the engine set through
   * withK (the K search, the projection's cap); undefined while K is still to be chosen.
   */
  fixedK(p: P): number | undefined;
  /**
   * Parameters whose chain the finite state projection explores part of: queues
   * cut only where the state codes (or a tail that is surely negligible) end.
   */
  projection?(p: P): P;
  /** A first K to try (from the load). */
  initialK(p: P): number;
  withK(p: P, K: number): P;
  /** The K to try after `K` missed the tolerance (default ceil(1.5 K)); chains whose states grow steeply with K step by one. */
  nextK?(p: P, K: number): number;
  /** The largest K the state codes hold (a projection's cap is raised up to it while the mass sits at the cap); default: the projection's own cap. */
  largestK?(p: P): number;
  /**
   * Why the automatic K search cannot succeed at p, or null: the uncut chain has
   * no stationary law (the search would never end), or its tail needs more
   * states than any budget holds. Automatic K is then refused, up front.
   */
  unstable?(p: P): string | null;
}

export interface ModelFamily<S extends ParamSpecs = ParamSpecs, P = ParamsOf<S>, M extends MetricSchema = MetricSchema> {
  readonly id: string;
  readonly title: string;
  readonly params: S;
  /** The metric schema: every metric's name and kind, as the chain, simulator and fluid view report them (core/metric-schema.ts). */
  readonly metrics?: M;
  /**
   * The metrics that are probabilities or fractions (each value, each entry of a vector, in [0, 1]): float answers are
   * clamped to [0, 1] (core/probability-clamp.ts).
   */
  readonly probabilities?: readonly string[];
  /** Small parameters (option text) the family contract test checks every view on (test/models/contract.test.ts). */
  readonly example?: Readonly<Record<string, string>>;
  /** Reads and cross-checks parameters from option text (UsageError on bad input). */
  parse(raw: Record<string, string | undefined>): P;
  /** Parameters as JSON numbers, with defaults filled in. */
  toJSON(p: P): Record<string, number | number[] | string>;
  ctmc<T>(p: P, A: Arith<T>): ChainDefinition<T>;
  readonly productForm?: ProductFormView<P>;
  readonly truncation?: TruncationView<P>;
  /** Per-server event simulator (core/simulator-view.ts). */
  readonly simulator?: SimulatorView<P>;
  /** N -> infinity fluid limit: ODE, fixed point, limiting metrics (core/fluid-view.ts). */
  readonly fluid?: FluidView<P>;
}
