/**
 * The transient law of one chain at a list of times, and every metric's
 * expectation there with a bound on its error. The chain's truncation boundary
 * (ChainDefinition.atBoundary: a queue at the cap K) is made absorbing, so that
 * up to the first time the process reaches it the explored chain and the uncut
 * one move alike, and the mass on the boundary at t is the probability of
 * having reached it by t. With m that mass and delta the uniformization's bound
 * on ||p(t) - p~(t)||_1 (uniformize.ts), the computed law (normalized) and the
 * uncut one differ by at most 2 (m + delta) in L1, and a metric f by at most
 * (m + delta) (max f - min f), the range taken over every explored state
 * (where the uncut process holds the mass that reached the boundary is not
 * known; a range over the states of nonzero weight would be 0 for a start on
 * the boundary). As for stationary answers, a metric unbounded past the set is
 * bounded on the set only.
 * Ratio metrics (`per`, e.g. a mean sojourn by Little's law) are stationary
 * identities with no transient meaning and are left out.
 */
import { floatArith } from '../core/arith.ts';
import type { ChainDefinition, MetricValues } from '../core/model.ts';
import { decodeInto } from '../core/mixed-radix.ts';
import { POLICY } from '../core/numerical-policy.ts';
import { explore } from '../ctmc/explore/explore.ts';
import { transitionCount } from '../ctmc/explore/generator.ts';
import { floatMetricsWithSensitivity } from '../ctmc/metrics.ts';
import { uniformize } from './uniformize.ts';

/** The start state: the first state, in code order, whose digits satisfy it (scratch digits: read them, never keep them). */
export type StartTest = (def: ChainDefinition<number>, digits: Int32Array) => boolean;

export interface TransientOptions {
  /** Output times, increasing, >= 0. */
  times: readonly number[];
  /** Default: the chain's initial state. */
  start?: StartTest;
  /** Budget of the uniformization's bound on ||p(t) - p~(t)||_1 at the last time (default POLICY.transientEpsilon). */
  epsilon?: number;
  /** The most states the explored chain may have (explore.ts). */
  maxStates?: number;
  /** Keep each time's law (TransientPoint.law). */
  keepLaws?: boolean;
  onProgress?(fraction: number): void;
}

export interface TransientPoint {
  t: number;
  /** Every plain metric's expectation at t. */
  metrics: MetricValues<number>;
  /** (boundaryMass + uniformizationError) times each metric's range over every explored state. */
  metricError: MetricValues<number>;
  /** Probability of having reached the truncation boundary by t (0 for chains without one). */
  boundaryMass: number;
  /** Bound on the L1 error of the computed law at t. */
  uniformizationError: number;
  /** The normalized law on the explored states (with keepLaws). */
  law?: Float64Array;
}

export interface TransientChainResult {
  points: TransientPoint[];
  states: number;
  transitions: number;
  /** The start state, as the chain describes it. */
  start: string;
  /** Uniformization rate q and matrix-vector products done. */
  rate: number;
  products: number;
  seconds: number;
  /** The explored states' codes (with keepLaws, to read the laws). */
  codes?: Float64Array;
}

/** No state of the explored chain passes the start test. */
export class StartNotFound extends Error {}

/** The names of the ratio metrics, left out of transient answers. */
function ratioNames(def: ChainDefinition<number>): Set<string> {
  return new Set(def.metrics.filter((m) => m.per).map((m) => m.name));
}

function withoutNames(values: MetricValues<number>, drop: Set<string>): MetricValues<number> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !drop.has(name)));
}

function scaled(values: MetricValues<number>, c: number): MetricValues<number> {
  return Object.fromEntries(Object.entries(values).map(([name, v]) => [name, Array.isArray(v) ? v.map((x) => c * x) : c * v]));
}

export function transientChain(def: ChainDefinition<number>, o: TransientOptions): TransientChainResult {
  const begun = performance.now();
  if (o.times.some((t, k) => !(t >= 0) || !Number.isFinite(t) || (k > 0 && !(t > o.times[k - 1]))))
    throw new Error('transient times must be finite, >= 0 and increasing');
  const g = explore(def, floatArith, { maxStates: o.maxStates });
  const digits = new Int32Array(def.radices.length);
  const absorbing = new Uint8Array(g.n);
  let start = o.start ? -1 : g.initial;
  for (let i = 0; i < g.n; i++) {
    if (!def.atBoundary && start >= 0) break;
    decodeInto(g.codes[i], def.radices, digits);
    if (def.atBoundary?.(digits)) absorbing[i] = 1;
    if (start < 0 && o.start!(def, digits)) start = i;
  }
  if (start < 0) throw new StartNotFound('no state of the chain passes the start test');
  decodeInto(g.codes[start], def.radices, digits);
  const startText = def.describe(digits);
  const law0 = new Float64Array(g.n);
  law0[start] = 1;
  const drop = ratioNames(def);
  // Each metric's half-range over every explored state: where the uncut process has the mass that reached the boundary is unknown.
  const halfRange = withoutNames(floatMetricsWithSensitivity(def, g.codes, new Float64Array(g.n).fill(1 / g.n)).perL1, drop);
  const points: TransientPoint[] = [];
  const scratch = o.keepLaws ? undefined : new Float64Array(g.n);
  const run = uniformize(g, absorbing, law0, {
    times: o.times,
    epsilon: o.epsilon ?? POLICY.transientEpsilon.value,
    onProgress: o.onProgress,
    onTime({ t, law, error }) {
      let total = 0;
      let boundaryMass = 0;
      for (let i = 0; i < g.n; i++) {
        total += law[i];
        if (absorbing[i]) boundaryMass += law[i];
      }
      const normalized = scratch ?? new Float64Array(g.n);
      for (let i = 0; i < g.n; i++) normalized[i] = law[i] / total;
      const { values } = floatMetricsWithSensitivity(def, g.codes, normalized);
      points.push({
        t,
        metrics: withoutNames(values, drop),
        metricError: scaled(halfRange, 2 * (boundaryMass + error)),
        boundaryMass,
        uniformizationError: error,
        ...(o.keepLaws ? { law: normalized } : {}),
      });
    },
  });
  return {
    points,
    states: g.n,
    transitions: transitionCount(g),
    start: startText,
    rate: run.rate,
    products: run.products,
    seconds: (performance.now() - begun) / 1000,
    ...(o.keepLaws ? { codes: g.codes } : {}),
  };
}
