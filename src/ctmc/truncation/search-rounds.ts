/**
 * A truncation search in progress (truncation-search.ts runs the two
 * searches): its rounds, its time and state budgets, its stopping rule, the
 * re-solves at a tighter solver tolerance when the solver's error is what is
 * left, and the evidence of its answer (each metric's estimated error).
 */
import type { MetricValues } from '../../core/model.ts';
import {
  DEFAULT_BOUNDARY_TOLERANCE,
  DEFAULT_METRIC_TOLERANCE,
  DEFAULT_SEARCH_SECONDS,
  DEFAULT_SOLVER_TOLERANCE,
  MAX_STATES,
} from '../../core/numerical-policy.ts';
import type { Method } from '../solvers/registry.ts';
import { zipMetrics } from '../metrics.ts';
import { metricErrorsWithin, type ChainSolveOptions, type SearchRound, type SolveOptions, type Solved } from '../solve-chain.ts';
import { budgetText } from '../explore/state-budget.ts';

export interface SearchOptions extends SolveOptions {
  method: Method;
  /** Metric errors within metricTolerance * max(1, |value|) (default DEFAULT_METRIC_TOLERANCE). */
  metricTolerance?: number;
  /** CPU seconds after which a search stops, untrusted (default DEFAULT_SEARCH_SECONDS; CPU, not wall, so a loaded machine gives the same answer). */
  maxSeconds?: number;
}

/** A projection grows at least MIN_GROWTH times per round (truncation-search.ts nextSize). */
export const MIN_GROWTH = 1.25;
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
export function cpuNow(): number {
  if (typeof process === 'undefined' || !process.cpuUsage) return performance.now() / 1000;
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** truncation.metricErrorMethod: how metricError was estimated (metricErrorParts has the terms). */
export const METRIC_ERROR_METHOD = {
  withSolver:
    'change between the last two truncations (times F / (Fp - F) where that is above 1, F and Fp their boundary ' +
    "masses; at least F) plus the float solver's error of the last solve (errorEstimate times half the range of the metric's reward)",
  direct:
    'change between the last two truncations (times F / (Fp - F) where that is above 1, F and Fp their boundary ' +
    'masses), at least F (the last float solve direct: no solver term)',
} as const;

/** A search in progress: its rounds, budget and stopping rule. */
export class Search {
  readonly rounds: SearchRound[] = [];
  readonly start = performance.now();
  readonly cpuStart: number;
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

  /** `spent`: CPU seconds the same search already spent before this one (a projection started again with a larger cap), counted against its budget. */
  constructor(
    readonly opts: SearchOptions,
    spent = 0,
  ) {
    this.cpuStart = cpuNow() - spent;
    this.solverTolerance = opts.tolerance ?? DEFAULT_SOLVER_TOLERANCE;
    this.tolerance = opts.boundaryTolerance ?? DEFAULT_BOUNDARY_TOLERANCE;
    this.metricTolerance = opts.metricTolerance ?? DEFAULT_METRIC_TOLERANCE;
    this.maxSeconds = opts.maxSeconds ?? DEFAULT_SEARCH_SECONDS;
    this.maxStates = opts.maxStates ?? MAX_STATES;
  }

  /** The options of the search's float solves: its float method, at its solver tolerance. */
  /** The solver tolerance was tightened past the one asked for (the solver's error was what was left). */
  get tightened(): boolean {
    return this.solverTolerance !== (this.opts.tolerance ?? DEFAULT_SOLVER_TOLERANCE);
  }

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
    const tightened = this.tightened;
    this.rounds.push({
      ...(K !== undefined ? { K } : {}),
      ...(growth ? { growth } : {}),
      ...(resolved ? { resolved } : {}),
      ...(tightened ? { solverTolerance: this.solverTolerance } : {}),
      states: solved.evidence.states,
      boundaryMass: mass,
      seconds: solved.evidence.seconds,
    });
    this.opts.onProgress?.(
      `truncation ${this.rounds.length}: ${K !== undefined ? `K = ${K}, ` : ''}${solved.evidence.states} states, ` +
        `boundary mass ${mass.toExponential(2)}, ${this.elapsed().toFixed(0)} s`,
    );
    if (this.settled() || (prefix && this.comparePrefix(prefix))) return true;
    if (this.cpuSeconds() > this.maxSeconds) this.stopped = `the search's budget of ${this.maxSeconds} CPU seconds ran out`;
    // At the state budget a re-solve of the same set (accept) may still settle the search: it does not grow.
    else if (solved.evidence.states >= this.maxStates && !this.solverIsWhatIsLeft())
      this.stopped = `the search reached its budget of ${budgetText(this.maxStates)} states`;
    else if (this.stalled()) {
      const tail = this.sets()
        .slice(-STALL_ROUNDS - 1)
        .map((r) => r.boundaryMass.toExponential(1));
      this.stopped =
        `the boundary mass does not fall as the truncation grows (${tail.join(' -> ')}): the system ` +
        `may be unstable, or the truncation grows where the mass is not`;
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
    this.opts.onProgress?.(
      `compared with the set less its latest additions: ${solved.evidence.states} states, boundary mass ` +
        `${mass.toExponential(2)}, ${this.elapsed().toFixed(0)} s`,
    );
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
        this.stopped =
          `the float solver's estimated error keeps the answer from its tolerances even at solver ` + `tolerance ${this.solverTolerance.toExponential(0)}`;
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
   * solver's estimates, or those alone exceed the tolerances while the change
   * between truncations does not exceed them by more than the two solves' own
   * errors could make it (then it is the solvers' noise as much as the
   * truncations'). A change beyond that is the truncation's: the search grows it.
   */
  solverIsWhatIsLeft(): boolean {
    const t = this.last!.evidence.truncation;
    if (!t || t.boundaryMass > t.tolerance || this.settledWith(true)) return false;
    if (this.settledWith(false)) return true;
    if (this.truncationIsOver()) return false;
    const solver = this.last!.metricSolverError;
    return (t.boundaryMassSolverError ?? 0) > t.tolerance || (solver !== undefined && !metricErrorsWithin(solver, this.last!.metrics, this.metricTolerance));
  }

  /** Whether some metric's change between the last two truncations, less both solves' estimated solver errors, exceeds its tolerance. */
  truncationIsOver(): boolean {
    const change = this.truncationChange();
    if (!change) return false;
    const [now, before] = [this.last!.metricSolverError, this.previous!.metricSolverError];
    const noise = now && before ? zipMetrics(now, before, (a, b) => a + b) : (now ?? before);
    const beyond = noise ? zipMetrics(change, noise, (c, e) => Math.max(0, c - e)) : change;
    return !metricErrorsWithin(beyond, this.last!.metrics, this.metricTolerance);
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

  /**
   * Each metric's estimated truncation error: its change between the last two
   * truncations, scaled by changeToError (a change between two truncations of
   * nearly the same frontier mass says little of either one's error),
   * and at least the last one's boundary mass F. A component the
   * set cannot represent (its reward 0 on every state kept, as jsq-d's s_i past
   * the longest queue held) shows no change, while the truncation took from it
   * the mass beyond the frontier, which F estimates: jsq-d N = 2, d = 1,
   * lambda = 9/10 gave s_287 = 0 with change 0, against the true 0.9^287 = 7.4e-14,
   * F = 2.4e-13 (s_i = lambda^i: independent M/M/1 queues).
   */
  truncationChange(): MetricValues<number> | undefined {
    if (!this.previous) return undefined;
    const F = this.last!.evidence.truncation?.boundaryMass ?? 0;
    const scale = changeToError(this.previous.evidence.truncation?.boundaryMass ?? 0, F);
    return zipMetrics(this.last!.metrics, this.previous.metrics, (a, b) => Math.max(Math.abs(a - b) * scale, F));
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
                ...(this.tightened ? { solverTolerance: this.solverTolerance } : {}),
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

/** The last set's prefix of a size (Search.comparePrefix), solved, or undefined when its growth cannot give one. */
export type Prefix = (size: number, last: Solved) => Solved | undefined;

/**
 * The factor from a metric's change between two truncations to the last one's
 * error. Where a metric's error is about c F (F the frontier mass: the mass the
 * truncation moved), the change between frontier masses Fp > F is c (Fp - F),
 * so the last error is the change times F / (Fp - F). When the last round was
 * cut short (at a budget: jsq-d N = 10 with replacement grew 9,455,564 to 10^7
 * states, F from 7.8e-9 to 5.7e-9) the change alone is a fraction of the error.
 * Never below 1 (the change itself); 1 where F did not fall (no information).
 */
export function changeToError(Fp: number, F: number): number {
  return F > 0 && Fp > F ? Math.max(1, F / (Fp - F)) : 1;
}
