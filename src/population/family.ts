/**
 * populationFamily: a model family from a population declaration. From one
 * `population(p, A)` come the CTMC (every solver, automatic truncation with
 * its evidence), the derived simulator (`lbcheck simulate`, `regress`) and,
 * for density-dependent rates, the fluid drift and its fixed point
 * (`lbcheck fluid`).
 */
import { floatArith, type Arith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import { defineFamily, type FamilySpec } from '../core/family.ts';
import type { MetricSchema } from '../core/metric-schema.ts';
import type { ModelFamily, TruncationView } from '../core/model.ts';
import type { ParamSpecs, ParamsOf } from '../core/params.ts';
import { capTruncation, type Capped } from '../core/truncation.ts';
import type { FluidView } from '../core/fluid-view.ts';
import type { PanelCase, SimulatorView } from '../core/simulator-view.ts';
import { populationChain } from './chain.ts';
import { fluidFixedPoint, fluidMetrics, fluidStart, populationFluid } from './fluid.ts';
import { populationDensity } from './refined.ts';
import { DERIVED_SIMULATOR, simulatePopulation } from './simulator.ts';
import type { Population } from './types.ts';

export interface PopulationSpec<S extends ParamSpecs, P, M extends MetricSchema = MetricSchema>
  extends Omit<FamilySpec<S, P, M>, 'ctmc' | 'simulator' | 'fluid' | 'truncation'> {
  /** The declaration at parameters p (with p.K set, for truncated families). */
  population<T>(p: P, A: Arith<T>): Population<T>;
  /**
   * Queues unbounded: the parameters include `K: capParam`; without --K the
   * solver grows K from initialK until the boundary mass is below tolerance.
   * The counts must pack into codes below 2^53 at every K it reaches: declare
   * the population's `total` when the counts sum to a fixed number.
   */
  truncation?: Pick<TruncationView<P & Capped>, 'initialK' | 'nextK' | 'unstable'>;
  /** Offer the derived simulator, with named regression panels (`small` is regress's default). */
  simulator?: { panels: Readonly<Record<string, readonly PanelCase[]>> };
  /**
   * Rates are density dependent, rate = N f(x/N) with N = scale(p): derive the
   * fluid limit. Its drift calls each rate at the fractional counts N z (or the
   * event's `limit(z)`), and its metrics call the rewards there too.
   */
  fluid?: {
    scale(p: P): number;
    ignoredParams?: Readonly<Record<string, string>>;
    startHelp?: string;
    /**
     * Offer `lbcheck refined` (every event declares `density`): the parameters it does not read, with the text they are
     * read as (the N the declaration is built at).
     */
    refined?: { ignoredParams: Readonly<Record<string, string | undefined>> };
  };
}

export function populationFamily<S extends ParamSpecs, P = ParamsOf<S>, M extends MetricSchema = MetricSchema>(
  spec: PopulationSpec<S, P, M>,
): ModelFamily<S, P, M> {
  const { population, truncation: search, simulator, fluid, ...rest } = spec;
  const truncation = search ? (capTruncation<P & Capped>(search) as unknown as TruncationView<P>) : undefined;
  /** Truncated families outside the solver (simulator, fluid): the user's K, else the search's first K. */
  const capped = (p: P): P => (truncation && truncation.fixedK(p) === undefined ? truncation.withK(p, truncation.initialK(p)) : p);
  const capText = (p: P): string => (truncation ? `, queues cut at K = ${truncation.fixedK(capped(p))} (arrivals beyond are lost)` : '');

  const simulatorView: SimulatorView<P> | undefined = simulator && {
    panels: simulator.panels,
    method: (p) => DERIVED_SIMULATOR + capText(p),
    simulate: (p, o) => simulatePopulation(population(capped(p), floatArith), o, rest.id),
  };

  const fluidView: FluidView<P> | undefined = fluid && {
    ...(fluid.ignoredParams ? { ignoredParams: fluid.ignoredParams } : {}),
    startHelp: fluid.startHelp ?? 'one fraction per count (count / N), in the declared order (default: the declared initial state)',
    system: (p) => populationFluid(population(capped(p), floatArith), fluid.scale(p), rest.id).system,
    start: (p, values) => fluidStart(populationFluid(population(capped(p), floatArith), fluid.scale(p), rest.id), values),
    fixedPoint: (p) => fluidFixedPoint(populationFluid(population(capped(p), floatArith), fluid.scale(p), rest.id)),
    metrics: (p, z) => fluidMetrics(population(capped(p), floatArith), fluid.scale(p), z, rest.id),
    ...(fluid.refined
      ? {
          refined: {
            ignoredParams: { ...fluid.ignoredParams, ...fluid.refined.ignoredParams },
            model: (p: P) => populationDensity(population(capped(p), floatArith), fluid.scale(p), rest.id),
          },
        }
      : {}),
  };

  /** A declaration the chain cannot be built from is a one-line error naming the family (and the K, which the automatic truncation may have chosen). */
  const chain = <T>(p: P, A: Arith<T>) => {
    try {
      return populationChain(population(p, A), A, rest.id);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      throw new UsageError(`${rest.id}${truncation ? ` at K = ${truncation.fixedK(p)}` : ''}: ${e.message}`);
    }
  };

  return defineFamily<S, P, M>({
    ...rest,
    ctmc: chain,
    ...(truncation ? { truncation } : {}),
    ...(simulatorView ? { simulator: simulatorView } : {}),
    ...(fluidView ? { fluid: fluidView } : {}),
  });
}
