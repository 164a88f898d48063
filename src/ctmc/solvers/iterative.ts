/**
 * Stationary law of a large float CTMC by multilevel aggregation /
 * disaggregation (Horton & Leutenegger 1994), with over-corrected coarse
 * corrections and iterant recombination on top (De Sterck, Miller & Sanders 2011).
 * Generic: it uses only the generator and the mixed-radix digits of its states.
 *
 * The passes live in their own files: the levels (iterative-coarsening.ts: level
 * l+1 lumps blocks of 2 x 2 x ... neighbouring states of level l), the cycle
 * (iterative-cycle.ts), the recombination (iterative-recombination.ts); this file
 * is the driver.
 *
 * Cycle at level l, iterate x (solving x Q = 0):
 *   1. Gauss-Seidel, a forward and a backward sweep of x_j <- sum_i x_i q_ij / q_j.
 *   2. Lump: coarse rate I -> J = sum_{i in I} (x_i / x_I) sum_{j in J} q_ij,
 *      coarse iterate y_I = x_I = sum_{i in I} x_i. (Exact if x is exact.)
 *   3. Solve the coarse chain for y approximately: one cycle (two when the level
 *      shrank at least threefold), dense GTH on the coarsest level.
 *   4. Disaggregate: x_i <- x_i (y_I / x_I)^omega.
 *   5. Gauss-Seidel as in 1.
 *
 * Why omega = 2: the lumping weights x_i / x_I carry the tilt of a smooth error
 * inside each block, so the coarse law fixes the error only across block
 * boundaries. Along a direction cut into blocks of 2 that is half of a smooth
 * log-error; smoothing then spreads the remaining staircase, leaving half the
 * slope. Doubling the correction in log space removes it (cf. over-correction in
 * unsmoothed aggregation AMG). The extra factor is capped at e^{+-2} so that the
 * huge corrections of early cycles are not doubled. A semi-coarsened level
 * resolves the whole digits exactly, where doubling would overshoot: omega = 1.
 *
 * Driver, on the finest level (the chain itself): after each cycle the Jacobi
 * correction d_j = (x Q)_j / q_j is formed (x normalised to sum 1); the run stops
 * when the convergence rule (convergence.ts) holds for ||d||_1 and for the error
 * estimate. Otherwise the last few cycle outputs are recombined, x = sum_k c_k x_k
 * with sum_k c_k = 1 minimising ||sum_k c_k d_k||_2 (d is linear in x), and the
 * recombination is kept only if its residual is certainly smaller than that of
 * the plain cycle output.
 */

import { POLICY } from '../../core/numerical-policy.ts';
import { meetsRule, ruleWith, type ConvergenceRule, type ResidualNorm } from './convergence.ts';
import type { SparseGenerator } from '../explore/generator.ts';
import type { BandMatrix } from './gth.ts';
import { buildHierarchy, type Hierarchy, type Level } from './iterative-coarsening.ts';
import { cycle, solveDirect } from './iterative-cycle.ts';
import { History } from './iterative-recombination.ts';
import { residualErrorBound } from './residual-bound.ts';

export interface IterativeOptions {
  /** Tolerance of the convergence rule (convergence.ts; default DEFAULT_SOLVER_TOLERANCE). */
  tolerance?: number;
  /** Cycles before giving up (default POLICY.iterativeMaxCycles, at least 1). */
  maxIterations?: number;
  onProgress?: (iteration: number, residual: number) => void;
  /** A starting law (e.g. the previous truncation's, warm start), > 0 where the chain's law is; default uniform. */
  initial?: Float64Array;
  /**
   * The levels of an earlier solve of this same generator (IterativeResult.hierarchy),
   * used instead of building them again (a re-solve at a tighter tolerance). The
   * answer is the one new levels give: every cycle refreshes each coarse level's
   * rates and iterate from the level above before it reads them.
   */
  hierarchy?: Hierarchy;
}

export interface IterativeResult {
  /** Sums to 1. */
  pi: Float64Array;
  /** ||d||_1, d_j = (pi Q)_j / q_j: the convergence rule's residual. */
  residual: number;
  residualNorm: ResidualNorm;
  iterations: number;
  /** The convergence rule holds for the residual and for the error estimate. */
  converged: boolean;
  /**
   * Estimate of ||pi - pi*||_1. Iterative runs (not a bound): from the last
   * cycles' steps ||x_k - x_{k-1}||_1, as the tail of a geometric series (see
   * tailFactor); it is at least the last step. Chains small enough for
   * a single dense GTH solve: a bound, the residual (with its rounding) times
   * the chain's computed condition (residual-bound.ts).
   */
  errorEstimate: number;
  /**
   * Iterative runs (not the single dense solve): the iterate before the last cycle
   * (sums to 1) and the factor tailFactor(rho) that extrapolates the last step
   * to the remaining error. A functional's change over that cycle times `tail`
   * estimates how far the solver's error moves it (solve-chain.ts).
   */
  lastCycle?: LastCycle;
  /** The levels the solve used (their finest iterate is `pi`), for a re-solve of the same generator. */
  hierarchy: Hierarchy;
}

export interface LastCycle {
  previous: Float64Array;
  tail: number;
}

/**
 * Earlier cycle outputs kept for recombination: with the newest, three iterants,
 * which can cancel up to two error components; the Gram solve stays 3 x 3 and the
 * history costs 2 x 3 vectors of the chain's size.
 */
const HISTORY = 2;

function normalize(x: Float64Array): void {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  for (let i = 0; i < x.length; i++) x[i] /= s;
}

/** The Jacobi correction d_j = (x Q)_j / q_j into `out`; returns ||d||_1, the convergence rule's norm. */
function residualInto(L: Level, out: Float64Array): number {
  const { n, inPtr, inSrc, inWeight, x } = L;
  let total = 0;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let p = inPtr[j]; p < inPtr[j + 1]; p++) s += x[inSrc[p]] * inWeight[p];
    const d = s - x[j];
    out[j] = d;
    total += Math.abs(d);
  }
  return total;
}

/**
 * What raising x_j by e can add to ||d||_1, per unit e: e at j itself and
 * e q_jk / q_k at each successor k, so 1 + sum_k q_jk / q_k.
 */
function raiseCosts(L: Level): Float64Array {
  const cost = new Float64Array(L.n).fill(1);
  for (let p = 0; p < L.inSrc.length; p++) cost[L.inSrc[p]] += L.inWeight[p];
  return cost;
}

/** Normalises x to sum 1 (as normalize) and returns ||x - before||_1, in one pass after the sum. */
function normalizedStep(x: Float64Array, before: Float64Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i];
  let step = 0;
  for (let i = 0; i < x.length; i++) {
    x[i] /= s;
    step += Math.abs(x[i] - before[i]);
  }
  return step;
}

/**
 * The factor that turns the last step s_k = ||x_k - x_{k-1}||_1 into an estimate of
 * the remaining error ||x_k - x*||_1: the tail rho + rho^2 + ... = rho / (1 - rho)
 * of a geometric series, rho the largest step ratio over the last three cycles
 * (capped at 0.99), and never less than 1 (the error is at least about one step).
 */
function tailFactor(steps: number[]): number {
  const k = steps.length - 1;
  let rho = 0;
  for (let i = Math.max(1, k - 2); i <= k; i++) if (steps[i - 1] > 0) rho = Math.max(rho, steps[i] / steps[i - 1]);
  rho = Math.min(rho, 0.99);
  return Math.max(1, rho / (1 - rho));
}

/** An earlier solve's levels of g with a new finest iterate, so that the earlier law (its iterate) is kept as it was. */
function reused(h: Hierarchy, g: SparseGenerator<number>): Hierarchy {
  const [top, ...coarse] = h.levels;
  if (top.codes !== g.codes || top.n !== g.n) throw new Error('reused solver levels belong to another generator');
  return { ...h, levels: [{ ...top, x: new Float64Array(top.n).fill(1 / top.n) }, ...coarse] };
}

/** A chain small enough for one dense solve: its error bounded from its residual and the chain's condition (residual-bound.ts). */
function singleSolve(L: Level, dense: BandMatrix, rule: ConvergenceRule): Omit<IterativeResult, 'hierarchy'> {
  solveDirect(L, dense);
  normalize(L.x);
  const residual = residualInto(L, new Float64Array(L.n));
  const errorEstimate = residualErrorBound({ ...L, inRate: L.inRate! }, L.x, residual); // a level with no coarser one keeps its rates
  return { pi: L.x, residual, residualNorm: rule.norm, iterations: 1, converged: meetsRule(rule, residual, errorEstimate), errorEstimate };
}

export function solveIterative(g: SparseGenerator<number>, opts: IterativeOptions = {}): IterativeResult {
  const rule = ruleWith(opts.tolerance);
  const maxIterations = Math.max(1, opts.maxIterations ?? POLICY.iterativeMaxCycles.value);
  const h = opts.hierarchy ? reused(opts.hierarchy, g) : buildHierarchy(g);
  const top = h.levels[0];
  if (opts.initial) {
    top.x.set(opts.initial);
    normalize(top.x);
  }
  if (h.coarsenings.length === 0) {
    const single = singleSolve(top, h.dense, rule);
    opts.onProgress?.(1, single.residual);
    return { ...single, hierarchy: h };
  }
  const d = new Float64Array(top.n);
  const before = new Float64Array(top.n);
  let raiseCost: Float64Array | undefined;
  const raiseCostOf = (): Float64Array => (raiseCost ??= raiseCosts(top)); // only recombinations that raise entries to FLOOR read it
  const history = new History(top.n, HISTORY + 1);
  const steps: number[] = [];
  let residual = Infinity;
  let errorEstimate = Infinity;
  let tail = 1;
  let iterations = 0;
  while (iterations < maxIterations) {
    before.set(top.x);
    cycle(h, 0);
    iterations++;
    steps.push(normalizedStep(top.x, before));
    residual = residualInto(top, d);
    tail = tailFactor(steps);
    errorEstimate = steps[steps.length - 1] * tail;
    opts.onProgress?.(iterations, residual);
    if (meetsRule(rule, residual, errorEstimate) || Number.isNaN(residual) || iterations === maxIterations) break;
    history.push(top.x, d);
    if (history.recombine(before, raiseCostOf, residual)) top.x.set(before);
    else history.reset();
  }
  return {
    pi: top.x,
    residual,
    residualNorm: rule.norm,
    iterations,
    converged: meetsRule(rule, residual, errorEstimate),
    errorEstimate,
    lastCycle: { previous: before, tail },
    hierarchy: h,
  };
}
