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
 *    The projected chain is cut at a cap; a search that stops with its mass
 *    at the cap starts again with a larger one (searchProjectionRaisingCap).
 *  - cap (the others): queues cut at K, K grown by half (or the family's nextK).
 *
 * Searches run in float; an exact solve (asked for, or picked by `auto` where
 * cheap) is done once, on the truncation found. A search stops untrusted, with
 * the reason in `stopped`, when it runs out of its time or state budget, when
 * its boundary mass stops falling, when (projection) it falls too slowly for the
 * budget to be enough, or when the set holds every state of its chain (at the
 * largest cap the state codes hold). The search's state (rounds, budgets,
 * stopping rule, evidence) is search-rounds.ts. A family that
 * knows its chain is unstable at p (TruncationView.unstable) refuses the search
 * in one line.
 */
import { floatArith } from '../../core/arith.ts';
import { UsageError } from '../../core/errors.ts';
import { decodeInto } from '../../core/mixed-radix.ts';
import type { ModelFamily, TruncationView } from '../../core/model.ts';
import type { ParamSpecs } from '../../core/params.ts';
import type { Reuse } from '../explore/explore.ts';
import { firstSet, grow, grownPrefix } from './projection.ts';
import { DEFAULT_SEARCH_SECONDS } from '../../core/numerical-policy.ts';
import { cpuNow, MIN_GROWTH, Search, type Prefix, type SearchOptions } from './search-rounds.ts';
import { solveChain, type Chain, type ChainSolveOptions, type SearchRound, type Solved } from '../solve-chain.ts';
import { budgetText } from '../explore/state-budget.ts';

export { METRIC_ERROR_METHOD, type SearchOptions } from './search-rounds.ts';

/** Largest K the cap search tries before it reports an untrusted answer. */
const MAX_AUTO_K = 4096;
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
/** A projection grows at most MAX_GROWTH times per round (and at least MIN_GROWTH); the first round assumes F ~ states^-FIRST_ORDER. */
const MAX_GROWTH = 8;
const FIRST_ORDER = 6;
/** The projection search gives up once even its optimistic forecast needs this many times its state budget (after this many rounds). */
const HOPELESS_FACTOR = 30;
const FORECAST_ROUNDS = 4;

/** The family's chain at parameters p, in every arithmetic. */
export function familyChain<P>(family: ModelFamily<ParamSpecs, P>, p: P): Chain {
  return (A) => family.ctmc(p, A);
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
  return search.finish(
    search.final((o) => at(K, o)),
    'cap',
  );
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
  const rate =
    fitted > 0
      ? `F ~ states^-${fitted.toPrecision(2)} over the last two rounds, and even twice that rate`
      : 'F did not fall over the last two rounds, and even F ~ states^-1';
  return (
    `the boundary mass falls too slowly for the budget: ${rate} needs about ${needed.toExponential(1)} ` +
    `states for the tolerances, more than ${HOPELESS_FACTOR} times the budget of ${budgetText(maxStates)}`
  );
}

/**
 * Finite state projection of `chain` (a family's projection chain, its queues cut at `cap`): the set grown until the
 * tolerances are met; `spent` as for Search.
 */
function searchProjection(chain: Chain, opts: SearchOptions, cap: ProjectionCap, spent: number): Solved {
  const search = new Search(opts, spent);
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
      // The first set already held every state of the chain: compare it with the
      // breadth-first set of 7/8 its size, so the answer still has a metric error.
      if (search.sets().length === 1 && codes.length > 1) {
        const smaller = solveChain(chain, { ...search.float, states: firstSet(def, Math.ceil((codes.length * 7) / 8)) });
        if (search.restart(smaller, solved, again)) break;
      }
      const at =
        cap.K === undefined ? '' : ` cut at the projection's cap K = ${cap.K}${cap.K >= cap.largest ? ', the longest queue the state codes hold' : ''}`;
      search.stopped = `the state set holds every state of the chain${at}`;
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
  return search.finish(
    search.final((o) => solveChain(chain, { ...o, states })),
    'projection',
  );
}

/** The queue cap of a projection's chain and the largest one its state codes hold (absent for a projection chain without a cap). */
interface ProjectionCap {
  K?: number;
  largest: number;
}

/** The factor by which a projection's cap grows while the mass sits at it. */
const CAP_GROWTH = 4;

/** The mass of a solve's law on the states its chain marks as at its cap (ChainDefinition.atBoundary). */
function massAtCap(chain: Chain, solved: Solved): number {
  const def = chain(floatArith);
  if (!def.atBoundary) return 0;
  const digits = new Int32Array(solved.radices.length);
  let mass = 0;
  for (let i = 0; i < solved.codes.length; i++) {
    decodeInto(solved.codes[i], solved.radices, digits);
    if (def.atBoundary(digits)) mass += solved.pi[i];
  }
  return mass;
}

/**
 * Finite state projection on the family's projection chain. Its cap (projectionK)
 * comes from a rough estimate of the load, and a set cannot grow past it: when
 * the search stops with most of the boundary mass on states at the cap (hetero-ps
 * 1,1 at rates 1e10,1 and lambda = 1/2: cap 2 from the fast server's load left
 * mass 1.7e-11 there, cap 8 leaves 2.5e-131), the search starts again with the cap CAP_GROWTH times
 * larger, up to the largest the state codes hold (TruncationView.largestK), within
 * what is left of its CPU budget. The evidence lists the caps tried.
 */
function searchProjectionRaisingCap<P>(family: ModelFamily<ParamSpecs, P>, t: TruncationView<P>, p: P, opts: SearchOptions): Solved {
  const start = cpuNow();
  const wall = performance.now();
  const base = t.projection!(p);
  const first = t.fixedK(base);
  if (first === undefined) return searchProjection(familyChain(family, base), opts, { largest: Infinity }, 0);
  let K = first;
  const largest = Math.max(K, t.largestK?.(p) ?? K);
  const caps = [K];
  for (;;) {
    const chain = familyChain(family, t.withK(base, K));
    const solved = searchProjection(chain, opts, { K, largest }, cpuNow() - start);
    const tr = solved.evidence.truncation!;
    const raise =
      tr.stopped !== undefined &&
      K < largest &&
      cpuNow() - start < (opts.maxSeconds ?? DEFAULT_SEARCH_SECONDS) &&
      massAtCap(chain, solved) > tr.boundaryMass / 2;
    if (!raise) {
      if (caps.length === 1) return solved;
      return { ...solved, evidence: { ...solved.evidence, seconds: (performance.now() - wall) / 1000, truncation: { ...tr, caps } } };
    }
    K = Math.min(largest, K * CAP_GROWTH);
    caps.push(K);
    opts.onProgress?.(`the mass sits at the projection's cap: starting again with the cap at ${K}`);
  }
}

/** The automatic truncation of a family: projection where it offers one, else the cap search. */
export function searchTruncation<P>(family: ModelFamily<ParamSpecs, P>, t: TruncationView<P>, p: P, opts: SearchOptions): Solved {
  const why = t.unstable?.(p);
  if (why) throw new UsageError(`${why}; give --K to solve the truncated chain anyway`);
  return t.projection ? searchProjectionRaisingCap(family, t, p, opts) : searchCap(family, t, p, opts);
}
