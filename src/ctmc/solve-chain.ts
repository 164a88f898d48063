/**
 * Solves one chain: explore it, check it is irreducible, find its stationary
 * law by the chosen method (src/ctmc/solvers/registry.ts), and gather metrics and the
 * evidence that goes with them. Needs no model family: any caller (families
 * through solve.ts, tests, claims, user-built chains) solves a chain here.
 */
import { exactArith, floatArith, type Arith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import type { ChainDefinition, MetricValues } from '../core/model.ts';
import { DEFAULT_BOUNDARY_TOLERANCE } from '../core/numerical-policy.ts';
import { decodeInto } from '../core/mixed-radix.ts';
import type { Rational } from '../core/rational.ts';
import type { ExactSolution } from './solvers/exact.ts';
import { explore, growI32, restrictReturning, type Restriction, type Reuse } from './explore/explore.ts';
import { RESIDUAL_NORMS } from './solvers/convergence.ts';
import { transitionCount, type SparseGenerator } from './explore/generator.ts';
import { firstNonReturningState } from './explore/irreducible.ts';
import type { Hierarchy } from './solvers/iterative-coarsening.ts';
import { exactIsCheap } from './solvers/methods/auto.ts';
import { solverFor, type DirectMethod, type MethodChoice } from './solvers/registry.ts';
import type { SolverInput } from './solvers/solver.ts';
import { exactMetrics, floatMetricsWithSensitivity, zipMetrics } from './metrics.ts';

/**
 * A chain in every arithmetic: the same definition instantiated in float (every
 * solve) and in exact rationals (exact solves), e.g. `(A) => family.ctmc(p, A)`.
 */
export type Chain = <T>(A: Arith<T>) => ChainDefinition<T>;

export interface SolveOptions {
  /** `auto` picks by size (solvers/methods/auto.ts); `float` is `auto` without the exact solver. */
  method: MethodChoice;
  /** Tolerance of the float solvers' convergence rule (solvers/convergence.ts; default DEFAULT_SOLVER_TOLERANCE). */
  tolerance?: number;
  maxIterations?: number;
  /** Largest acceptable stationary mass on a truncation boundary (default DEFAULT_BOUNDARY_TOLERANCE). */
  boundaryTolerance?: number;
  /** Seconds `auto` gives the exact solver before it falls back to float (default AUTO_EXACT_SECONDS). */
  autoExactSeconds?: number;
  /**
   * The most states a solve holds (default MAX_STATES; state-budget.ts derives one from free memory): a larger chain is
   * refused before it is built, a truncation search stops at it.
   */
  maxStates?: number;
  onProgress?: (what: string) => void;
}

export interface ChainSolveOptions extends SolveOptions {
  /** The queue-length cap the chain was cut at, reported with its boundary mass (chains with `atBoundary`). */
  K?: number;
  /**
   * Solve the chain restricted to these states (increasing codes, the initial
   * state among them; explore.ts `restrictReturning`): transitions out of the
   * set are dropped, states that cannot return to the initial one within it are
   * left out, and the states that lose a transition count as boundary.
   */
  states?: Float64Array;
  /** A starting law for the iterative solver, aligned with `states` (warm start). */
  initial?: Float64Array;
  /** A restriction to a subset of `states` whose rows are reused (explore.ts restrict; float solves only). */
  reuse?: Reuse<number>;
  /** The restricted chain of an earlier solve of these very `states`, solved again as it is (float solves only; e.g. at a tighter tolerance). */
  same?: Restriction<number>;
  /** With `same`: that solve's iterative levels (Solved.hierarchy), reused rather than built again. */
  hierarchy?: Hierarchy;
}

export interface Evidence {
  method: DirectMethod;
  states: number;
  transitions: number;
  /** The residual in `residualNorm`; 0 for exact solves (pi Q = 0 verified in rationals). */
  residual: number;
  /** The norm of `residual` (convergence.ts), written out. */
  residualNorm: string;
  iterations: number;
  /** The whole time of the answer (a truncation search included). */
  seconds: number;
  /** The last solve's own time (explore, solve, metrics), when it differs from `seconds`. */
  solveSeconds?: number;
  converged: boolean;
  errorEstimate?: number;
  /** Exact solves: banded eliminations mod a prime (1 with p-adic lifting, unless a prime was unlucky). */
  primes?: number;
  /** Exact solves: p-adic digits lifted from that one elimination (0 when solved by CRT over many primes). */
  liftingSteps?: number;
  /** For truncated chains (with `atBoundary`, or restricted to a state set). */
  truncation?: TruncationEvidence;
}

/** One truncation a search tried. */
export interface SearchRound {
  K?: number;
  /** How a projection round's set was made: the breadth-first start, or grown by the fitted tail. */
  growth?: 'breadth-first' | 'fit';
  /** This round solved the round before's truncation again, warm-started from its law, at a tighter solver tolerance. */
  resolved?: true;
  /**
   * This round solved the next round's set less its latest additions (the set a
   * growth by fewer states would have made), its generator filtered from the
   * next round's and warm-started from its law: the truncation the next round's
   * metric change is measured against.
   */
  prefix?: true;
  /** The float solver's tolerance of this round, once the search has tightened it. */
  solverTolerance?: number;
  states: number;
  boundaryMass: number;
  seconds: number;
}

export interface TruncationEvidence {
  /** The queue-length cap, for chains cut at K (given, or found by the K search). */
  K?: number;
  /**
   * Stationary mass of the states where the truncation drops transitions (queues
   * at K, or the frontier of a projected state set). How much of the law reaches
   * the cut, not a bound on a metric's error: see metricError.
   */
  boundaryMass: number;
  /**
   * Iterative solves: the solver's estimate of how far its own error moves
   * boundaryMass (boundarySolverError). The boundary is within tolerance when
   * boundaryMass plus this is at most `tolerance`.
   */
  boundaryMassSolverError?: number;
  tolerance: number;
  withinTolerance: boolean;
  /** 'cap': queues cut at K; 'projection': the state set grown where the mass is (projection.ts). */
  kind?: 'cap' | 'projection';
  /**
   * Estimated error of each metric (vector metrics as arrays): the change
   * between the last two truncations of the search (at least the boundary
   * mass, search-rounds.ts truncationChange) plus the float solver's
   * estimated error of the last solve (metricErrorMethod, metricErrorParts).
   * Absent for a K the user gave (the answer is the truncated chain's).
   */
  metricError?: MetricValues<number>;
  metricErrorMethod?: string;
  /** The terms of metricError: the change between the last two truncations, and the solver's estimate (Solved.metricSolverError; absent for a direct solve). */
  metricErrorParts?: { truncation: MetricValues<number>; solver?: MetricValues<number> };
  /** The float solver's tolerance of the last solves, when the search tightened it (its solver error kept it from settling). */
  solverTolerance?: number;
  /** A metric error counts as within tolerance when at most metricTolerance * max(1, |value|). */
  metricTolerance?: number;
  /** Whether every metric's error is within metricTolerance. */
  metricErrorWithinTolerance?: boolean;
  /** The truncations the search tried, in order (the last is the answer's). */
  rounds?: SearchRound[];
  /** Projections whose search raised the family's cap on the projected chain (the mass sat at it): the caps tried, in order, the last the answer's. */
  caps?: number[];
  /** Why the search stopped before its tolerances were met (budget, no convergence). */
  stopped?: string;
}

export interface Solved {
  evidence: Evidence;
  /** State i has packed code codes[i] in these radices. */
  codes: Float64Array;
  radices: readonly number[];
  pi: Float64Array;
  /** Float metrics, computed when first read (a truncation search reads only its last rounds'). */
  readonly metrics: MetricValues<number>;
  /**
   * Iterative solves: the solver's estimated error of each metric, errorEstimate
   * times the metric's sensitivity to it (metrics.ts floatMetricsWithSensitivity),
   * computed when first read. Undefined for exact and GTH solves.
   */
  readonly metricSolverError?: MetricValues<number>;
  /** Restricted solves (opts.states): the restricted chain; its `leaking` states (those that lost a transition) are the frontier the projection grows from. */
  restriction?: Restriction<number>;
  /**
   * Iterative solves: the solver's levels, for a re-solve of the same chain (ChainSolveOptions.hierarchy); a caller
   * done with them drops them, they hold some 20 bytes a transition.
   */
  hierarchy?: Hierarchy;
  exact?: { solution: ExactSolution; values: MetricValues<Rational>; text: MetricValues<string> };
  /** Whether `auto` would try the exact solver on this chain. */
  exactIsCheap: boolean;
}

/**
 * The solver's error of the boundary mass F, estimated from the iterative
 * solver's last cycle: |F(x_k) - F(x_{k-1})| times the tail factor
 * rho / (1 - rho) (at least 1) that makes the L1 step into errorEstimate (when
 * one slow mode dominates, e_k = c rho^k v, it is F's own geometric tail).
 * Metrics take the bound errorEstimate times half the reward's range instead
 * (floatMetricsWithSensitivity): on jsq-d N = 6 at lambda = 0.9 mean jobs moved 1.6e-9 in
 * the last cycle and 4.0e-9 after it, its steps not falling while the L1 steps
 * did. That bound is no use for F: errorEstimate / 2 (about 1e-10) dwarfs a
 * boundary tolerance of 1e-12, while this estimate, 1.6e-12 there, covered
 * F's true move of 2.0e-13.
 */
function boundarySolverError(now: number, before: number, tail: number): number {
  return Math.abs(now - before) * tail;
}

/** The chain's generator: all reachable states, or the restriction to (the returning part of) opts.states. */
function generatorOf<T>(def: ChainDefinition<T>, A: Arith<T>, opts: ChainSolveOptions): { g: SparseGenerator<T>; leaking?: Uint8Array; kept?: Int32Array } {
  const reuse = A.kind === 'float' ? (opts.reuse as Reuse<T> | undefined) : undefined; // its rates are floats
  return opts.states ? restrictReturning(def, A, opts.states, reuse) : { g: explore(def, A, { maxStates: opts.maxStates }) };
}

/** What the solver is given: the float chain, the exact one on demand, and the options that apply to it. */
function solverInput(chain: Chain, g: SparseGenerator<number>, opts: ChainSolveOptions): SolverInput {
  const exact = () => {
    const def = chain(exactArith);
    return { def, g: generatorOf(def, exactArith, opts).g };
  };
  const { tolerance, maxIterations, initial, autoExactSeconds, onProgress } = opts;
  return { g, exact, tolerance, maxIterations, initial, hierarchy: opts.same && opts.hierarchy, autoExactSeconds, onProgress };
}

/** The states on the truncation boundary: `atBoundary`, or leaking out of a restricted set (their indices, increasing). */
function boundaryStates(def: ChainDefinition<unknown>, codes: Float64Array, leaking?: Uint8Array): Int32Array {
  const digits = new Int32Array(def.radices.length);
  let at: Int32Array = new Int32Array(1024);
  let m = 0;
  for (let i = 0; i < codes.length; i++) {
    if (!leaking?.[i]) {
      if (!def.atBoundary) continue;
      decodeInto(codes[i], def.radices, digits);
      if (!def.atBoundary(digits)) continue;
    }
    at = growI32(at, m + 1);
    at[m++] = i;
  }
  return at.subarray(0, m);
}

/** The mass of a law on some states. */
function massOn(states: Int32Array, pi: Float64Array): number {
  let mass = 0;
  for (let k = 0; k < states.length; k++) mass += pi[states[k]];
  return mass;
}

function checkIrreducible(def: ChainDefinition<number>, g: SparseGenerator<number>): void {
  const stuck = firstNonReturningState(g);
  if (stuck < 0) return;
  const digits = new Int32Array(g.radices.length);
  decodeInto(g.codes[stuck], g.radices, digits);
  throw new UsageError(`the chain is not irreducible: state ${def.describe(digits)} cannot return to the initial state`);
}

/**
 * x at the positions `at` (a loop, not Float64Array.from with a closure: a closure
 * naming `opts` in solveChain would keep the options, the last round's restriction
 * among them, alive as long as the lazy metrics that share its scope).
 */
function picked(x: Float64Array, at: Int32Array): Float64Array {
  const out = new Float64Array(at.length);
  for (let k = 0; k < at.length; k++) out[k] = x[at[k]];
  return out;
}

/**
 * The stationary law of `chain`, its metrics (float, and exact rationals when
 * the exact solver ran) and evidence: method, size, residual, time, and for
 * chains with `atBoundary` the boundary mass against `boundaryTolerance`.
 * UsageError when the chain is not irreducible or an asked-for method is too large.
 */
export function solveChain(chain: Chain, opts: ChainSolveOptions): Solved {
  const start = performance.now();
  const def = chain(floatArith);
  const { g, leaking, kept } = opts.same ?? generatorOf(def, floatArith, opts);
  if (!opts.states) checkIrreducible(def, g); // a restriction keeps only states that return (restrictReturning)
  if (kept && opts.initial) opts = { ...opts, initial: picked(opts.initial, kept) };
  const law = solverFor(opts.method).law(solverInput(chain, g, opts));
  // The levels go to Solved.hierarchy only: the lazy metrics below keep `law`, and through it they would keep the levels for as long as the answer lives.
  const hierarchy = law.hierarchy;
  law.hierarchy = undefined;
  const tolerance = opts.boundaryTolerance ?? DEFAULT_BOUNDARY_TOLERANCE;
  // The boundary found once (a decode of every state where the family marks one) serves the law and the iterate before its last cycle.
  const boundary = def.atBoundary || leaking ? boundaryStates(def, g.codes, leaking) : undefined;
  const mass = boundary && massOn(boundary, law.pi);
  const cycle = law.lastCycle;
  const massSolverError = mass !== undefined && cycle ? boundarySolverError(mass, massOn(boundary!, cycle.previous), cycle.tail) : undefined;
  law.lastCycle = undefined; // read only here: the lazy metrics keep `law`, and the iterate before the last cycle is a vector of the chain's size
  // The metrics and their sensitivity to ||pi - pi*||_1, in one pass when first read. It reads
  // only the codes: were it to name g, it would keep the whole generator (and its transpose) alive with the answer.
  const codes = g.codes;
  let pass: ReturnType<typeof floatMetricsWithSensitivity> | undefined;
  const floatPass = () => (pass ??= floatMetricsWithSensitivity(def, codes, law.pi));
  let solverError: MetricValues<number> | undefined;
  const exact = law.exact && {
    solution: law.exact.solution,
    ...exactMetrics(law.exact.def, exactArith, law.exact.codes, law.exact.solution.numerators, law.exact.solution.total),
  };
  return {
    evidence: {
      method: law.method,
      states: g.n,
      transitions: transitionCount(g),
      residual: law.residual,
      residualNorm: RESIDUAL_NORMS[law.residualNorm],
      iterations: law.iterations,
      seconds: (performance.now() - start) / 1000,
      converged: law.converged,
      ...(law.errorEstimate !== undefined ? { errorEstimate: law.errorEstimate } : {}),
      ...(law.exact ? { primes: law.exact.solution.primes, liftingSteps: law.exact.solution.liftingSteps } : {}),
      ...(mass !== undefined
        ? {
            truncation: {
              ...(opts.K !== undefined ? { K: opts.K } : {}),
              boundaryMass: mass,
              ...(massSolverError !== undefined ? { boundaryMassSolverError: massSolverError } : {}),
              tolerance,
              withinTolerance: mass + (massSolverError ?? 0) <= tolerance,
            },
          }
        : {}),
    },
    codes,
    radices: g.radices,
    pi: law.pi,
    get metrics() {
      return floatPass().values;
    },
    get metricSolverError() {
      const e = law.errorEstimate;
      if (e === undefined) return undefined;
      const perL1 = floatPass().perL1;
      return (solverError ??= zipMetrics(perL1, perL1, (s) => e * s)); // read several times per round by the search
    },
    ...(leaking ? { restriction: { g, leaking } } : {}),
    ...(hierarchy ? { hierarchy } : {}),
    ...(exact ? { exact } : {}),
    exactIsCheap: exactIsCheap(g),
  };
}

/** Whether every metric's estimated truncation error is at most tolerance * max(1, |value|). */
export function metricErrorsWithin(error: MetricValues<number>, values: MetricValues<number>, tolerance: number): boolean {
  return Object.entries(error).every(([name, e]) => {
    const v = ([] as number[]).concat(values[name] ?? []);
    return ([] as number[]).concat(e).every((x, i) => x <= tolerance * Math.max(1, Math.abs(v[i] ?? 0)));
  });
}

/**
 * A solve to trust: converged; its truncation (if any) has boundary mass within
 * tolerance, metric errors (where estimated) within theirs, and a search that finished.
 */
export function trusted(e: Evidence): boolean {
  const t = e.truncation;
  if (!e.converged) return false;
  if (!t) return true;
  return t.withinTolerance && (t.metricErrorWithinTolerance ?? true) && t.stopped === undefined;
}
