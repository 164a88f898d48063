/**
 * One entry point for every stationary solver. `auto` takes the exact solver
 * where the banded elimination is cheap, GTH where it is affordable in float,
 * and the iterative solver beyond. Every answer carries its evidence.
 */
import { exactArith, floatArith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import type { MetricValues, ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { Rational } from '../core/rational.ts';
import { bigRatioToNumber } from '../core/rational.ts';
import { bandOf, eliminationCost } from './band.ts';
import { solveExact, type ExactSolution } from './exact.ts';
import { explore } from './explore.ts';
import { residual, transitionCount, type Generator } from './generator.ts';
import { solveGth } from './gth.ts';
import { firstNonReturningState } from './irreducible.ts';
import { solveIterative } from './iterative.ts';
import { exactMetrics, floatMetrics } from './metrics.ts';
import { decodeInto } from '../core/mixed-radix.ts';

export const METHODS = ['exact', 'gth', 'iterative', 'auto'] as const;
export type Method = (typeof METHODS)[number];
export type DirectMethod = Exclude<Method, 'auto'>;

/** Elimination cost (n * lower * upper bandwidth) up to which each direct method is allowed. */
export const LIMITS = { autoExact: 2e7, exact: 2e9, gth: 3e9, exactStates: 200_000 } as const;

export interface SolveOptions {
  method: Method;
  /** Residual target of the iterative solver (default 1e-12). */
  tolerance?: number;
  maxIterations?: number;
  onProgress?: (what: string) => void;
}

export interface Evidence {
  method: DirectMethod;
  states: number;
  transitions: number;
  /** max_j |(pi Q)_j|; 0 for exact solves (verified in rationals). */
  residual: number;
  iterations: number;
  seconds: number;
  converged: boolean;
  errorEstimate?: number;
  primes?: number;
}

export interface Solved {
  evidence: Evidence;
  /** State i has packed code codes[i] in these radices. */
  codes: Float64Array;
  radices: readonly number[];
  pi: Float64Array;
  metrics: MetricValues<number>;
  exact?: { solution: ExactSolution; values: MetricValues<Rational>; text: MetricValues<string> };
}

function chooseMethod(method: Method, g: Generator<number>): DirectMethod {
  const cost = eliminationCost(g.n, bandOf(g));
  const tooBig = (m: string, limit: number): UsageError =>
    new UsageError(`--method ${m} is too large here: ${g.n} states with elimination cost ${cost.toExponential(1)} (limit ${limit.toExponential(0)}); use --method iterative`);
  switch (method) {
    case 'exact':
      if (cost > LIMITS.exact || g.n > LIMITS.exactStates) throw tooBig('exact', LIMITS.exact);
      return 'exact';
    case 'gth':
      if (cost > LIMITS.gth) throw tooBig('gth', LIMITS.gth);
      return 'gth';
    case 'iterative':
      return 'iterative';
    case 'auto':
      if (cost <= LIMITS.autoExact && g.n <= LIMITS.exactStates) return 'exact';
      return cost <= LIMITS.gth / 10 ? 'gth' : 'iterative';
  }
}

export function solveModel<P>(family: ModelFamily<ParamSpecs, P>, p: P, opts: SolveOptions): Solved {
  const start = performance.now();
  const def = family.ctmc(p, floatArith);
  const g = explore(def, floatArith);
  const stuck = firstNonReturningState(g);
  if (stuck >= 0) {
    const digits = new Int32Array(g.radices.length);
    decodeInto(g.codes[stuck], g.radices, digits);
    throw new UsageError(`the chain is not irreducible: state ${def.describe(digits)} cannot return to the initial state`);
  }
  const method = chooseMethod(opts.method, g);
  const base = { method, states: g.n, transitions: transitionCount(g) };
  const seconds = (): number => (performance.now() - start) / 1000;

  if (method === 'exact') {
    const defExact = family.ctmc(p, exactArith);
    const ge = explore(defExact, exactArith);
    const solution = solveExact(ge, bandOf(ge), { onProgress: (k, bits) => opts.onProgress?.(`exact: ${k} primes, ${bits} bits`) });
    const pi = Float64Array.from(solution.numerators, (a) => bigRatioToNumber(a, solution.total));
    const exact = exactMetrics(defExact, exactArith, ge.codes, solution.numerators, solution.total);
    return {
      evidence: { ...base, residual: 0, iterations: 0, seconds: seconds(), converged: true, primes: solution.primes },
      codes: g.codes,
      radices: g.radices,
      pi,
      metrics: floatMetrics(def, floatArith, g.codes, pi),
      exact: { solution, ...exact },
    };
  }
  if (method === 'gth') {
    const pi = solveGth(g, bandOf(g));
    if (!pi) throw new Error('GTH met a zero pivot on an irreducible chain');
    return {
      evidence: { ...base, residual: residual(g, pi), iterations: 0, seconds: seconds(), converged: true },
      codes: g.codes,
      radices: g.radices,
      pi,
      metrics: floatMetrics(def, floatArith, g.codes, pi),
    };
  }
  const r = solveIterative(g, {
    tolerance: opts.tolerance,
    maxIterations: opts.maxIterations,
    onProgress: (it, res) => opts.onProgress?.(`iteration ${it}: residual ${res.toExponential(2)}`),
  });
  return {
    evidence: { ...base, residual: r.residual, iterations: r.iterations, seconds: seconds(), converged: r.converged, errorEstimate: r.errorEstimate },
    codes: g.codes,
    radices: g.radices,
    pi: r.pi,
    metrics: floatMetrics(def, floatArith, g.codes, r.pi),
  };
}
