/**
 * Automatic truncation of chains with unbounded queues. Two searches, each a
 * sequence of solves that stops when the boundary mass is within tolerance and
 * the metrics have settled (the change between the last two truncations, which
 * is what the evidence reports as each metric's error, within metricTolerance):
 *
 *  - projection (families with TruncationView.projection): finite state
 *    projection, projection.ts. The state set grows where the mass is, each
 *    solve warm-started from the last; the next size comes from the power law
 *    F ~ states^-beta fitted to the last two rounds (F the frontier mass). A
 *    set within tolerance whose metrics moved too much since a much smaller
 *    round is first compared with its own prefix (Search.comparePrefix).
 *  - cap (the others): queues cut at K, K grown by half (or the family's nextK).
 *
 * Searches run in float; an exact solve (asked for, or picked by `auto` where
 * cheap) is done once, on the truncation found. A search stops untrusted, with
 * the reason in `stopped`, when it runs out of its time or state budget, when
 * its boundary mass stops falling, when (projection) it falls too slowly for the
 * budget to be enough, or when the set cannot grow. A family that
 * knows its chain is unstable at p (TruncationView.unstable) refuses the search
 * in one line.
 */
import { floatArith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import { DEFAULT_BOUNDARY_TOLERANCE, DEFAULT_METRIC_TOLERANCE, type ModelFamily, type MetricValues, type TruncationView } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { DEFAULT_TOLERANCE } from './convergence.ts';
import type { Reuse } from './explore.ts';
import { budgetText, MAX_STATES } from './state-budget.ts';
import type { Method } from './method.ts';
import { metricChange, zipMetrics } from './metrics.ts';
import { firstSet, grow, grownPrefix } from './projection.ts';
import { metricErrorsWithin, solveChain, type Chain, type ChainSolveOptions, type SearchRound, type SolveOptions, type Solved } from './solve-chain.ts';

export interface SearchOptions extends SolveOptions {
  method: Method;
  /** Metric errors within metricTolerance * max(1, |value|) (default DEFAULT_METRIC_TOLERANCE). */
  metricTolerance?: number;
  /** CPU seconds after which a search stops, untrusted (default 600; CPU, not wall, so a loaded machine gives the same answer). */
  maxSeconds?: number;
}

/** Largest K the cap search tries before it reports an untrusted answer. */
const MAX_AUTO_K = 4096;
/** CPU seconds a search may take before it stops, untrusted (SearchOptions.maxSeconds). */
export const DEFAULT_SEARCH_SECONDS = 600;
/** States of the breadth-first start of a projection. */
const FIRST_STATES = 1024;
/**
 * While more than this mass sits on its frontier the start grows breadth first
 * (by MAX_GROWTH): frontier states keep the mass that would flow out, so such a
 * law shows no tail to fit (affinity 2,2 at lambda = 0.9: the slope of log pi
 * along a group's total, truly about -0.13, fitted +0.056 on its 1,024-state
 * start, frontier 0.2). A family may set its own (MassFeatures.breadthFirstAbove;
 * affinity needs 1e-2). Above the first frontiers of jsq-d N = 6 (0.036) and
 * hetero-ps 2,2 (0.049), whose fits work from 1,024 states: with 1e-2 they grew
 * breadth first to 8,192, and jsq-d N = 6 then needed 1,469,172 states instead
 * of 917,408.
 */
const START_MASS = 0.05;
/** A projection grows at least MIN_GROWTH and at most MAX_GROWTH times per round; the first round assumes F ~ states^-FIRST_ORDER. */
const MIN_GROWTH = 1.25;
const MAX_GROWTH = 8;
const FIRST_ORDER = 6;
/** The projection search gives up once even its optimistic forecast needs this many times its state budget (after this many rounds). */
const HOPELESS_FACTOR = 30;
const FORECAST_ROUNDS = 4;
/** The search stops when the boundary mass falls less than this factor over STALL_ROUNDS rounds. */
const STALL_FACTOR = 2;
const STALL_ROUNDS = 3;
/**
 * When the solver's estimated error is what keeps a search from settling, the
 * search solves the same truncation again, warm-started from its law, with the
 * solver tolerance divided by TIGHTEN, down to MIN_SOLVER_TOLERANCE (about 45
 * machine epsilons: the residual ||d||_1 of a law of a million states cannot go
 * much below it in float).
 */
const TIGHTEN = 100;
const MIN_SOLVER_TOLERANCE = 1e-14;

/** CPU seconds of this process (wall seconds where there is no process, e.g. in a browser worker). */
function cpuNow(): number {
  if (typeof process === 'undefined' || !process.cpuUsage) return performance.now() / 1000;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** The family's chain at parameters p, in every arithmetic. */
export function familyChain<P>(family: ModelFamily<ParamSpecs, P>, p: P): Chain {
  return (A) => family.ctmc(p, A);
}

/** truncation.metricErrorMethod: how metricError was estimated (metricErrorParts has the terms). */
export const METRIC_ERROR_METHOD = {
  withSolver: "change between the last two truncations plus the float solver's error of the last solve (errorEstimate times half the range of the metric's reward)",
  direct: 'change between the last two truncations (the last float solve direct: no solver term)',
} as const;

/** A search in progress: its rounds, budget and stopping rule. */
class Search {
  readonly rounds: SearchRound[] = [];
  readonly start = performance.now();
  readonly cpuStart = cpuNow();
  readonly tolerance: number;
  readonly metricTolerance: number;
  readonly maxSeconds: number;
  readonly maxStates: number;
  /** The float solver's tolerance: the caller's (or the default) until the search tightens it. */
  solverTolerance: number;
  last?: Solved;
  /** The solve of the truncation before the last one (a re-solve of the same truncation does not move it). */
  previous?: Solved;
  stopped?: string;

  constructor(readonly opts: SearchOptions) {
    this.solverTolerance = opts.tolerance ?? DEFAULT_TOLERANCE;
    this.tolerance = opts.boundaryTolerance ?? DEFAULT_BOUNDARY_TOLERANCE;
    this.metricTolerance = opts.metricTolerance ?? DEFAULT_METRIC_TOLERANCE;
    this.maxSeconds = opts.maxSeconds ?? DEFAULT_SEARCH_SECONDS;
    this.maxStates = opts.maxStates ?? MAX_STATES;
  }

  /** The options of the search's float solves: its float method, at its solver tolerance. */
  get float(): ChainSolveOptions {
    const method = this.opts.method === 'exact' || this.opts.method === 'auto' ? 'float' : this.opts.method;
    return { ...this.opts, method, tolerance: this.solverTolerance };
  }

  /** The rounds, each truncation once: a round re-solved at a tighter solver tolerance is replaced by its re-solve. */
  sets(): SearchRound[] {
    return this.rounds.filter((_, i) => !this.rounds[i + 1]?.resolved);
  }

  elapsed(): number {
    return (performance.now() - this.start) / 1000;
  }

  cpuSeconds(): number {
    return cpuNow() - this.cpuStart;
  }

  /**
   * Records a solve (a projection's with how its set was grown; a cut's K is in
   * its evidence; `resolved` when it re-solved the last truncation at a tighter
   * solver tolerance); true when the search is done. `prefix` (a set grown by
   * the fit) solves that set less its latest additions, to the given size
   * (comparePrefix).
   */
  record(solved: Solved, growth?: 'breadth-first' | 'fit', resolved = false, prefix?: Prefix): boolean {
    if (!resolved) this.previous = this.last;
    this.last = solved;
    const mass = solved.evidence.truncation?.boundaryMass ?? 0;
    const K = solved.evidence.truncation?.K;
    const tightened = this.solverTolerance !== (this.opts.tolerance ?? DEFAULT_TOLERANCE);
    this.rounds.push({
      ...(K !== undefined ? { K } : {}),
      ...(growth ? { growth } : {}),
      ...(resolved ? { resolved } : {}),
      ...(tightened ? { solverTolerance: this.solverTolerance } : {}),
      states: solved.evidence.states,
      boundaryMass: mass,
      seconds: solved.evidence.seconds,
    });
    this.opts.onProgress?.(`truncation ${this.rounds.length}: ${K !== undefined ? `K = ${K}, ` : ''}${solved.evidence.states} states, boundary mass ${mass.toExponential(2)}, ${this.elapsed().toFixed(0)} s`);
    if (this.settled() || (prefix && this.comparePrefix(prefix))) return true;
    if (this.cpuSeconds() > this.maxSeconds) this.stopped = `the search's budget of ${this.maxSeconds} CPU seconds ran out`;
    // At the state budget a re-solve of the same set (accept) may still settle the search: it does not grow.
    else if (solved.evidence.states >= this.maxStates && !this.solverIsWhatIsLeft()) this.stopped = `the search reached its budget of ${budgetText(this.maxStates)} states`;
    else if (this.stalled()) {
      const tail = this.sets().slice(-STALL_ROUNDS - 1).map((r) => r.boundaryMass.toExponential(1));
      this.stopped = `the boundary mass does not fall as the truncation grows (${tail.join(' -> ')}): the system may be unstable, or the truncation grows where the mass is not`;
    }
    return this.stopped !== undefined;
  }

  /**
   * The last set's prefix as the truncation before. When the last set's boundary
   * mass is within tolerance but its metrics moved too much since the truncation
   * before, and that truncation has fewer than 1/MIN_GROWTH^2 of its states, the
   * set less its latest fifth of additions (the set a smaller growth from the
   * same law would have made; `rounds` lists it just before the last one) takes
   * its place. The change between the two, nested and a factor MIN_GROWTH apart,
   * is the estimate a further round would give, for a warm solve of a filtered
   * generator instead of growing and solving a larger set. True when that
   * settles the search.
   */
  comparePrefix(prefix: Prefix): boolean {
    const last = this.last!;
    // Cheap tests first: the metrics are read (a pass over the set, Solved.metrics) only when the boundary is within tolerance.
    if (!last.evidence.truncation?.withinTolerance || !this.previous) return false;
    const size = Math.ceil(last.evidence.states / MIN_GROWTH);
    if (this.previous.evidence.states * MIN_GROWTH > size) return false; // the truncation before is about as close
    const change = this.truncationChange()!;
    if (metricErrorsWithin(change, last.metrics, this.metricTolerance)) return false; // the solver's error is what is left
    const solved = prefix(size, last);
    if (!solved) return false;
    this.previous = solved;
    const mass = solved.evidence.truncation?.boundaryMass ?? 0;
    this.rounds.splice(this.rounds.length - 1, 0, { prefix: true, states: solved.evidence.states, boundaryMass: mass, seconds: solved.evidence.seconds });
    this.opts.onProgress?.(`compared with the set less its latest additions: ${solved.evidence.states} states, boundary mass ${mass.toExponential(2)}, ${this.elapsed().toFixed(0)} s`);
    return this.settled();
  }

  /**
   * Records a solve, then, while the solver's error is what keeps the search
   * from settling, re-solves the same truncation (`again`, warm-started from the
   * last law) at a tighter solver tolerance; true when the search is done.
   */
  accept(solved: Solved, again: (warm: Solved, o: ChainSolveOptions) => Solved, growth?: 'breadth-first' | 'fit', prefix?: Prefix): boolean {
    let done = this.record(solved, growth, false, prefix);
    while (!done && this.solverIsWhatIsLeft()) {
      if (this.solverTolerance <= MIN_SOLVER_TOLERANCE) {
        this.stopped = `the float solver's estimated error keeps the answer from its tolerances even at solver tolerance ${this.solverTolerance.toExponential(0)}`;
        return true;
      }
      this.solverTolerance = Math.max(MIN_SOLVER_TOLERANCE, Number((this.solverTolerance / TIGHTEN).toPrecision(12)));
      this.opts.onProgress?.(`the solver's error is what is left: solving the same truncation again at tolerance ${this.solverTolerance.toExponential(0)}`);
      done = this.record(again(this.last!, this.float), growth, true);
    }
    return done;
  }

  /**
   * Whether the solver's error is what keeps the search from settling: the
   * boundary mass is within tolerance, and the search would settle without the
   * solver's estimates, or those alone exceed the tolerances (then the change
   * between truncations is the solvers' noise as much as the truncations').
   */
  solverIsWhatIsLeft(): boolean {
    const t = this.last!.evidence.truncation;
    if (!t || t.boundaryMass > t.tolerance || this.settledWith(true)) return false;
    if (this.settledWith(false)) return true;
    const solver = this.last!.metricSolverError;
    return (t.boundaryMassSolverError ?? 0) > t.tolerance || (solver !== undefined && !metricErrorsWithin(solver, this.last!.metrics, this.metricTolerance));
  }

  /** Replaces the one round so far by `smaller` then `larger` (accepted as in accept); true when the search is then done. */
  restart(smaller: Solved, larger: Solved, again: (warm: Solved, o: ChainSolveOptions) => Solved): boolean {
    this.rounds.length = 0;
    this.last = undefined;
    this.record(smaller, 'breadth-first');
    return this.accept(larger, again, 'breadth-first');
  }

  /** Boundary mass within tolerance and, after two truncations, metric errors within theirs. */
  settled(): boolean {
    return this.settledWith(true);
  }

  /** settled(), with the solver's estimated errors counted or (to ask whether they are what is left) not. */
  settledWith(solver: boolean): boolean {
    const t = this.last!.evidence.truncation;
    if (!t) return true; // nothing truncated
    if (t.boundaryMass + (solver ? (t.boundaryMassSolverError ?? 0) : 0) > t.tolerance) return false;
    if (t.boundaryMass === 0) return true; // the whole chain
    const error = solver ? this.metricError() : this.truncationChange();
    return error !== undefined && metricErrorsWithin(error, this.last!.metrics, this.metricTolerance);
  }

  stalled(): boolean {
    const sets = this.sets();
    if (sets.length <= STALL_ROUNDS) return false;
    const now = sets[sets.length - 1].boundaryMass;
    const before = sets[sets.length - 1 - STALL_ROUNDS].boundaryMass;
    return now * STALL_FACTOR > before;
  }

  /** Each metric's change between the last two truncations: the estimate of the last one's truncation error. */
  truncationChange(): MetricValues<number> | undefined {
    return this.previous && metricChange(this.last!.metrics, this.previous.metrics);
  }

  /** Each metric's estimated error: truncationChange plus the solver's estimate for the last solve (none for a direct solve). */
  metricError(): MetricValues<number> | undefined {
    const change = this.truncationChange();
    const solver = this.last!.metricSolverError;
    return change && solver ? zipMetrics(change, solver, (a, b) => a + b) : change;
  }

  /**
   * Factor by which the boundary mass should fall in the next round to meet both
   * tolerances (with margin 2). For planning only, the last round's metric error
   * is taken as the last change scaled by the fall of the boundary mass; it is
   * looked at only once the boundary mass is within tolerance, so the metrics of
   * the early rounds are never computed (Solved.metrics is lazy).
   */
  neededReduction(): number {
    const t = this.last!.evidence.truncation!;
    let r = t.boundaryMass / (0.5 * this.tolerance);
    const err = t.withinTolerance ? this.truncationChange() : undefined;
    const sets = this.sets();
    const before = sets[sets.length - 2]?.boundaryMass; // the truncation before, not a re-solve of this one
    const scale = before > t.boundaryMass ? t.boundaryMass / before : 1;
    if (err) {
      for (const [name, e] of Object.entries(err)) {
        const v = ([] as number[]).concat(this.last!.metrics[name]);
        ([] as number[]).concat(e).forEach((x, i) => {
          r = Math.max(r, (2 * x * scale) / (this.metricTolerance * Math.max(1, Math.abs(v[i] ?? 0))));
        });
      }
    }
    return r;
  }

  /** The answer: the last solve (or its exact re-solve), with the search's evidence. */
  finish(final: Solved, kind: 'cap' | 'projection'): Solved {
    const t = final.evidence.truncation;
    const metricError = this.metricError();
    const truncation = this.truncationChange();
    const solver = this.last!.metricSolverError;
    return {
      ...final,
      evidence: {
        ...final.evidence,
        seconds: this.elapsed(),
        solveSeconds: final.evidence.seconds,
        ...(t
          ? {
              truncation: {
                ...t,
                kind,
                ...(metricError
                  ? {
                      metricError,
                      metricErrorMethod: solver ? METRIC_ERROR_METHOD.withSolver : METRIC_ERROR_METHOD.direct,
                      metricErrorParts: { truncation: truncation!, ...(solver ? { solver } : {}) },
                      metricTolerance: this.metricTolerance,
                      metricErrorWithinTolerance: metricErrorsWithin(metricError, final.metrics, this.metricTolerance),
                    }
                  : {}),
                ...(this.solverTolerance !== (this.opts.tolerance ?? DEFAULT_TOLERANCE) ? { solverTolerance: this.solverTolerance } : {}),
                rounds: this.rounds,
                ...(this.stopped ? { stopped: this.stopped } : {}),
              },
            }
          : {}),
      },
    };
  }

  /** The exact re-solve where wanted (asked for, or `auto` on a cheap chain), else the last float solve. */
  final(resolve: (o: ChainSolveOptions) => Solved): Solved {
    const last = this.last!;
    const exactWanted = this.opts.method === 'exact' || (this.opts.method === 'auto' && last.exactIsCheap);
    return exactWanted ? resolve({ ...this.opts, method: this.opts.method }) : last;
  }
}

/** Queues cut at K, K grown until the tolerances are met. */
export function searchCap<P>(family: ModelFamily<ParamSpecs, P>, t: TruncationView<P>, p: P, opts: SearchOptions): Solved {
  const search = new Search(opts);
  const at = (K: number, o: ChainSolveOptions): Solved => solveChain(familyChain(family, t.withK(p, K)), { ...o, K });
  let K = t.initialK(p);
  for (;;) {
    if (search.accept(at(K, search.float), (warm, o) => at(K, { ...o, initial: warm.pi }))) break;
    if (K >= MAX_AUTO_K) {
      search.stopped = `the search reached its largest K, ${MAX_AUTO_K}`;
      break;
    }
    const next = Math.min(MAX_AUTO_K, t.nextK?.(p, K) ?? Math.ceil(K * 1.5));
    // The next cut is sized before it is built: past the budget the search keeps its last answer, untrusted.
    const count = familyChain(family, t.withK(p, next))(floatArith).stateCount;
    if (count !== undefined && count > search.maxStates) {
      search.stopped = `the next K, ${next}, needs ${count.toExponential(2)} states, more than the search's budget of ${budgetText(search.maxStates)}`;
      break;
    }
    K = next;
  }
  return search.finish(search.final((o) => at(K, o)), 'cap');
}

/** The order beta of F ~ states^-beta between the last two rounds (NaN before two). */
function fittedOrder(rounds: readonly SearchRound[]): number {
  if (rounds.length < 2) return NaN;
  const last = rounds[rounds.length - 1];
  const prev = rounds[rounds.length - 2];
  return Math.log(prev.boundaryMass / last.boundaryMass) / Math.log(last.states / prev.states);
}

/**
 * The fitted order doubled (the grown set follows the law better than the one
 * before it did: JSQ(2), N = 4: beta 5.5 from 4,096 to 32,768 states, 12 from
 * there to 216,629), in [1, 50]; FIRST_ORDER after one round. Optimistic by
 * design: it plans the next round, and judges a budget hopeless only when even
 * this rate cannot meet it.
 */
function optimisticOrder(rounds: readonly SearchRound[]): number {
  if (rounds.length < 2) return FIRST_ORDER;
  const fitted = fittedOrder(rounds);
  return Number.isFinite(fitted) && fitted > 0 ? Math.min(Math.max(2 * fitted, 1), 50) : 1;
}

/** The factor by which the set should grow for the boundary mass to fall by `reduction`, at optimisticOrder. */
function growthFactor(rounds: readonly SearchRound[], reduction: number): number {
  return reduction ** (1 / optimisticOrder(rounds));
}

/** The next set's size: growthFactor, within MIN_GROWTH and MAX_GROWTH times the last. */
function nextSize(rounds: readonly SearchRound[], reduction: number): number {
  const last = rounds[rounds.length - 1];
  return Math.ceil(last.states * Math.min(MAX_GROWTH, Math.max(MIN_GROWTH, growthFactor(rounds, reduction))));
}

/**
 * Why a projection search should give up before its budget is spent, or
 * undefined: after FORECAST_ROUNDS rounds, the last of them grown by the fit,
 * the states that even optimisticOrder says a fall of the boundary mass by
 * `reduction` needs exceed HOPELESS_FACTOR times the budget. The forecast can overshoot (jiq-queueing,
 * N = 5, lambda = 0.9: 6.0e9 at 524,288 states from the breadth-first start,
 * 8.8e8 from a start grown by the fit, against about 1.4e8 by counting the
 * partitions the law spreads over), hence the factor. Without this rule,
 * jiq-queueing N = 6 at lambda = 0.9 spent 512 CPU s and 6.9 GB to stop at its
 * budget of 1e7 states with frontier mass 4.8e-5.
 */
export function hopelessBudget(rounds: readonly SearchRound[], reduction: number, maxStates: number): string | undefined {
  // A breadth-first round says how fast a ball gains mass, not how fast the fitted growth would.
  if (rounds.length < FORECAST_ROUNDS || rounds[rounds.length - 1].growth !== 'fit') return undefined;
  const needed = rounds[rounds.length - 1].states * growthFactor(rounds, reduction);
  if (!(needed > HOPELESS_FACTOR * maxStates)) return undefined;
  const fitted = fittedOrder(rounds);
  const rate = fitted > 0 ? `F ~ states^-${fitted.toPrecision(2)} over the last two rounds, and even twice that rate` : 'F did not fall over the last two rounds, and even F ~ states^-1';
  return `the boundary mass falls too slowly for the budget: ${rate} needs about ${needed.toExponential(1)} states for the tolerances, more than ${HOPELESS_FACTOR} times the budget of ${budgetText(maxStates)}`;
}

/** Finite state projection of `chain` (a family's projection chain): the set grown until the tolerances are met. */
function searchProjection(chain: Chain, opts: SearchOptions): Solved {
  const search = new Search(opts);
  const def = chain(floatArith);
  let codes = firstSet(def, FIRST_STATES);
  let guess: Float64Array | undefined;
  let reuse: Reuse<number> | undefined;
  const breadthFirstAbove = def.massFeatures?.breadthFirstAbove ?? START_MASS;
  let growth: 'breadth-first' | 'fit' = 'breadth-first';
  // The last growth: the size of the set it grew from and its additions, best first (Grown.order).
  let grownFrom = 0;
  let order: Float64Array | undefined;
  const prefix: Prefix = (size, last) => {
    const m = size - grownFrom;
    if (!order || m <= 0 || m >= order.length) return undefined;
    const r = grownPrefix(last.restriction!, order, m);
    const solved = solveChain(chain, { ...search.float, states: r.g.codes, same: r, initial: last.pi });
    solved.restriction = solved.hierarchy = undefined; // only its metrics are read
    return solved;
  };
  // The same restricted chain again, warm-started from its law, on the solver's levels built for it (they pass to the re-solve).
  const again = (warm: Solved, o: ChainSolveOptions): Solved => {
    const solved = solveChain(chain, { ...o, states: warm.codes, initial: warm.pi, same: warm.restriction, hierarchy: warm.hierarchy });
    warm.hierarchy = undefined;
    return solved;
  };
  for (;;) {
    const round = solveChain(chain, { ...search.float, states: codes, initial: guess, reuse });
    // The last round's rows are copied into this one: free its generator (and transpose) before the next is built.
    if (search.last) search.last.restriction = undefined;
    reuse = guess = undefined;
    if (search.accept(round, again, growth, growth === 'fit' ? prefix : undefined)) break;
    const solved = search.last!;
    solved.hierarchy = undefined; // no re-solve of this set follows: free the solver's levels before the set grows
    if (growth === 'breadth-first' && solved.evidence.truncation!.boundaryMass > breadthFirstAbove) {
      const wider = firstSet(def, Math.min(search.maxStates, codes.length * MAX_GROWTH));
      if (wider.length > codes.length) {
        codes = wider;
        continue;
      }
    }
    const reduction = search.neededReduction();
    search.stopped = hopelessBudget(search.sets(), reduction, search.maxStates);
    if (search.stopped) break;
    const target = Math.min(search.maxStates, nextSize(search.sets(), reduction));
    const earlier = solved.restriction!;
    const grown = grow(def, solved.codes, solved.pi, earlier.leaking, target - solved.codes.length);
    if (grown.added === 0) {
      // The first set already held every state the codes allow: compare it with the
      // breadth-first set of 7/8 its size, so the answer still has a metric error.
      if (search.sets().length === 1 && codes.length > 1) {
        const smaller = solveChain(chain, { ...search.float, states: firstSet(def, Math.ceil((codes.length * 7) / 8)) });
        if (search.restart(smaller, solved, again)) break;
      }
      search.stopped = 'the state set cannot grow further (its queues reach the largest length the state codes hold)';
      break;
    }
    grownFrom = solved.codes.length;
    order = grown.order;
    codes = grown.codes;
    growth = 'fit';
    guess = grown.guess;
    reuse = { earlier, from: grown.from };
  }
  const states = search.last!.codes;
  return search.finish(search.final((o) => solveChain(chain, { ...o, states })), 'projection');
}

/** The last set's prefix of a size (Search.comparePrefix), solved, or undefined when its growth cannot give one. */
type Prefix = (size: number, last: Solved) => Solved | undefined;

/** The automatic truncation of a family: projection where it offers one, else the cap search. */
export function searchTruncation<P>(family: ModelFamily<ParamSpecs, P>, t: TruncationView<P>, p: P, opts: SearchOptions): Solved {
  const why = t.unstable?.(p);
  if (why) throw new UsageError(`${why}; give --K to solve the truncated chain anyway`);
  return t.projection ? searchProjection(familyChain(family, t.projection(p)), opts) : searchCap(family, t, p, opts);
}
