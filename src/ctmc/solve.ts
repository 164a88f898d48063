/**
 * One entry point for every stationary solver. `auto` takes the exact solver
 * where the banded elimination is cheap, GTH where it is affordable in float,
 * and the iterative solver beyond. Every answer carries its evidence.
 */
import { exactArith, floatArith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import { DEFAULT_BOUNDARY_TOLERANCE, type ChainDefinition, type MetricValues, type ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { Rational } from '../core/rational.ts';
import { bigRatioToNumber } from '../core/rational.ts';
import { bandOf, eliminationCost } from './band.ts';
import { ExactBudgetExceeded, solveExact, type ExactSolution } from './exact.ts';
import { explore } from './explore.ts';
import { DEFAULT_RULE, jacobiResidual, meetsRule, ruleWith, RESIDUAL_NORMS, type ResidualNorm } from './convergence.ts';
import { transitionCount, type SparseGenerator } from './generator.ts';
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
  /** Tolerance of the float solvers' convergence rule (convergence.ts; default 1e-9). */
  tolerance?: number;
  maxIterations?: number;
  /** Largest acceptable stationary mass on a truncation boundary (default 1e-12). */
  boundaryTolerance?: number;
  onProgress?: (what: string) => void;
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
  seconds: number;
  converged: boolean;
  errorEstimate?: number;
  primes?: number;
  /** For chains cut at queue length K: the stationary mass on the cut. */
  truncation?: { K: number; boundaryMass: number; tolerance: number; withinTolerance: boolean };
}

export interface Solved {
  evidence: Evidence;
  /** State i has packed code codes[i] in these radices. */
  codes: Float64Array;
  radices: readonly number[];
  pi: Float64Array;
  metrics: MetricValues<number>;
  exact?: { solution: ExactSolution; values: MetricValues<Rational>; text: MetricValues<string> };
  /** Whether `auto` would try the exact solver on this chain. */
  exactIsCheap: boolean;
}

/** What `auto` does, except that it never picks the exact solver (used to search K). */
type SearchMethod = Method | 'float';

/** Seconds `auto` gives the exact solver before it falls back to float (rationals can grow with K). */
const AUTO_EXACT_SECONDS = 5;

function exactIsCheap(g: SparseGenerator<number>): boolean {
  return eliminationCost(g.n, bandOf(g)) <= LIMITS.autoExact && g.n <= LIMITS.exactStates;
}

function chooseMethod(method: SearchMethod, g: SparseGenerator<number>): DirectMethod {
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
      if (exactIsCheap(g)) return 'exact';
      return cost <= LIMITS.gth / 10 ? 'gth' : 'iterative';
    case 'float':
      return cost <= LIMITS.gth / 10 ? 'gth' : 'iterative';
  }
}

/** The stationary law by the chosen method, before metrics. */
interface Law {
  method: DirectMethod;
  pi: Float64Array;
  residual: number;
  residualNorm: ResidualNorm;
  iterations: number;
  converged: boolean;
  errorEstimate?: number;
  exact?: { solution: ExactSolution; def: ChainDefinition<Rational>; codes: Float64Array };
}

function solveLaw<P>(family: ModelFamily<ParamSpecs, P>, p: P, g: SparseGenerator<number>, method: DirectMethod, opts: SearchOptions, exactSeconds?: number): Law {
  if (method === 'exact') {
    const def = family.ctmc(p, exactArith);
    const ge = explore(def, exactArith);
    const solution = solveExact(ge, bandOf(ge), {
      maxSeconds: exactSeconds,
      onProgress: (k, bits) => opts.onProgress?.(`exact: ${k} primes, ${bits} bits`),
    });
    const pi = Float64Array.from(solution.numerators, (a) => bigRatioToNumber(a, solution.total));
    return { method, pi, residual: 0, residualNorm: DEFAULT_RULE.norm, iterations: 0, converged: true, exact: { solution, def, codes: ge.codes } };
  }
  if (method === 'gth') {
    const pi = solveGth(g, bandOf(g));
    if (!pi) throw new Error('GTH met a zero pivot on an irreducible chain');
    const rule = ruleWith(opts.tolerance);
    const r = jacobiResidual(g, pi);
    return { method, pi, residual: r, residualNorm: rule.norm, iterations: 0, converged: meetsRule(rule, r) };
  }
  const r = solveIterative(g, {
    tolerance: opts.tolerance,
    maxIterations: opts.maxIterations,
    onProgress: (it, res) => opts.onProgress?.(`iteration ${it}: residual ${res.toExponential(2)}`),
  });
  return { method, pi: r.pi, residual: r.residual, residualNorm: r.residualNorm, iterations: r.iterations, converged: r.converged, errorEstimate: r.errorEstimate };
}

/** Stationary mass of the states on the truncation boundary. */
function boundaryMass(def: ChainDefinition<unknown>, codes: Float64Array, weight: (i: number) => number): number {
  const digits = new Int32Array(def.radices.length);
  let mass = 0;
  for (let i = 0; i < codes.length; i++) {
    decodeInto(codes[i], def.radices, digits);
    if (def.atBoundary!(digits)) mass += weight(i);
  }
  return mass;
}

type SearchOptions = Omit<SolveOptions, 'method'> & { method: SearchMethod };

/** `auto` tries the exact solver within a time budget, then falls back to float. */
function autoLaw<P>(family: ModelFamily<ParamSpecs, P>, p: P, g: SparseGenerator<number>, opts: SearchOptions): Law {
  try {
    return solveLaw(family, p, g, 'exact', opts, AUTO_EXACT_SECONDS);
  } catch (e) {
    if (!(e instanceof ExactBudgetExceeded)) throw e;
    return solveLaw(family, p, g, chooseMethod('float', g), opts);
  }
}

/** Solves the chain of one parameter point (K fixed) and gathers metrics and evidence. */
function solveOnce<P>(family: ModelFamily<ParamSpecs, P>, p: P, opts: SearchOptions): Solved {
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
  const law = opts.method === 'auto' && method === 'exact' ? autoLaw(family, p, g, opts) : solveLaw(family, p, g, method, opts);
  const tolerance = opts.boundaryTolerance ?? DEFAULT_BOUNDARY_TOLERANCE;
  const K = family.truncation?.requestedK(p);
  const truncation = def.atBoundary && K !== undefined
    ? { K, boundaryMass: boundaryMass(def, g.codes, (i) => law.pi[i]), tolerance }
    : undefined;
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
      ...(law.exact ? { primes: law.exact.solution.primes } : {}),
      ...(truncation ? { truncation: { ...truncation, withinTolerance: truncation.boundaryMass <= tolerance } } : {}),
    },
    codes: g.codes,
    radices: g.radices,
    pi: law.pi,
    metrics: floatMetrics(def, floatArith, g.codes, law.pi),
    ...(exact ? { exact } : {}),
    exactIsCheap: exactIsCheap(g),
  };
}

/** Largest K the automatic truncation tries before it reports an untrusted answer. */
const MAX_AUTO_K = 4096;

/**
 * Solves a model; for truncated families without a user-given K, grows K (by half,
 * or by the family's nextK) until the boundary mass is below tolerance (an
 * unstable system never gets there: its last answer comes back with
 * withinTolerance = false). K is searched in float; an exact solve (asked for,
 * or picked by `auto` where cheap) is done once, at the K found.
 */
export function solveModel<P>(family: ModelFamily<ParamSpecs, P>, p: P, opts: SolveOptions): Solved {
  const t = family.truncation;
  if (!t || t.requestedK(p) !== undefined) return solveOnce(family, p, opts);
  const search = opts.method === 'exact' || opts.method === 'auto' ? 'float' : opts.method;
  let K = t.initialK(p);
  for (;;) {
    opts.onProgress?.(`truncation K = ${K}`);
    const solved = solveOnce(family, t.withK(p, K), { ...opts, method: search });
    const tr = solved.evidence.truncation;
    if (tr && !tr.withinTolerance && K < MAX_AUTO_K) {
      K = Math.min(MAX_AUTO_K, t.nextK?.(p, K) ?? Math.ceil(K * 1.5));
      continue;
    }
    const exactWanted = opts.method === 'exact' || (opts.method === 'auto' && solved.exactIsCheap);
    return exactWanted ? solveOnce(family, t.withK(p, K), opts) : solved;
  }
}

/** A solve to trust: converged, and its truncation (if any) lost less than its tolerance. */
export function trusted(e: Evidence): boolean {
  return e.converged && (e.truncation?.withinTolerance ?? true);
}
