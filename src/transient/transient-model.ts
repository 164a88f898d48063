/**
 * The transient answer of a model family at a parameter point: its chain as
 * given, or, for families whose queues are cut at K, at the user's K or at a K
 * grown until every metric's error bound at every time is within tolerance
 * (the boundary mass reached by the last time falls as K grows; transient-chain.ts
 * states the bound). The next K comes from the per-level fall of that mass over
 * the last two rounds, at least the family's next K and at most twice the last.
 */
import { floatArith } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily, TruncationView } from '../core/model.ts';
import { DEFAULT_METRIC_TOLERANCE, MAX_STATES } from '../core/numerical-policy.ts';
import type { ParamSpecs } from '../core/params.ts';
import { metricErrorsWithin } from '../ctmc/solve-chain.ts';
import { budgetText } from '../ctmc/explore/state-budget.ts';
import { StartNotFound, transientChain, type TransientChainResult, type TransientOptions, type TransientPoint } from './transient-chain.ts';

export interface TransientModelOptions extends TransientOptions {
  /** A metric's error bound is within tolerance when at most tolerance * max(1, |value|) (default DEFAULT_METRIC_TOLERANCE). */
  tolerance?: number;
}

/** One truncation the K search tried. */
export interface TransientRound {
  K: number;
  states: number;
  /** Probability of reaching the boundary by the last time. */
  boundaryMass: number;
  seconds: number;
}

export interface TransientTruncation {
  K: number;
  /** Whether K was chosen by the search (else the user's). */
  automatic: boolean;
  /** Probability of having reached a queue of length K by the last time. */
  boundaryMass: number;
  rounds: TransientRound[];
  /** Why the search stopped before the tolerance was met. */
  stopped?: string;
}

export interface TransientAnswer extends TransientChainResult {
  method: 'uniformization';
  /** Every metric's error bound at every time within tolerance * max(1, |value|). */
  withinTolerance: boolean;
  tolerance: number;
  truncation?: TransientTruncation;
}

/** Largest K the search tries; rounds without the start state before it gives up. */
const MAX_K = 4096;
/**
 * The search starts at the family's first K (a stationary guide) or this, the
 * smaller: up to a finite time the queues stay shorter than in the stationary
 * law (jsq-d N = 2, d = 1, lambda = 0.9 to t = 5: K = 270 from the stationary
 * guide, 36,585 states, where K = 26 meets 1e-9).
 */
const FIRST_K = 8;
const START_ROUNDS = 32;

function within(points: readonly TransientPoint[], tolerance: number): boolean {
  return points.every((p) => metricErrorsWithin(p.metricError, p.metrics, tolerance));
}

/** The largest error bound relative to its tolerance, tolerance * max(1, |value|), over every metric and time. */
function worstRatio(points: readonly TransientPoint[], tolerance: number): number {
  let worst = 0;
  for (const p of points) {
    for (const [name, e] of Object.entries(p.metricError)) {
      const v = ([] as number[]).concat(p.metrics[name]);
      ([] as number[]).concat(e).forEach((x, i) => (worst = Math.max(worst, x / (tolerance * Math.max(1, Math.abs(v[i] ?? 0))))));
    }
  }
  return worst;
}

/** The next K: enough levels for the mass to fall by `reduction` (> 1) at the fall per level seen, between nextK and 2 K. */
function nextK<P>(t: TruncationView<P>, p: P, rounds: readonly TransientRound[], reduction: number): number {
  const last = rounds[rounds.length - 1];
  const step = t.nextK?.(p, last.K) ?? Math.ceil(1.5 * last.K);
  const prev = rounds[rounds.length - 2];
  if (!prev || !(last.boundaryMass > 0) || !(last.boundaryMass < prev.boundaryMass)) return step;
  const perLevel = Math.log(prev.boundaryMass / last.boundaryMass) / (last.K - prev.K);
  const levels = Math.ceil(Math.log(reduction) / perLevel);
  return Math.min(MAX_K, Math.max(step, Math.min(2 * last.K, last.K + levels)));
}

/** The chain's transient answer at q, or undefined when none of its states is the start asked for. */
function attempt<P>(family: ModelFamily<ParamSpecs, P>, q: P, o: TransientOptions): TransientChainResult | undefined {
  const def = family.ctmc(q, floatArith);
  // Unmarked, the cut would drop what crosses it and report no boundary mass.
  if (family.truncation && !def.atBoundary) throw new Error(`family ${family.id} is cut at K but its chain marks no boundary states (atBoundary)`);
  try {
    return transientChain(def, o);
  } catch (e) {
    if (e instanceof StartNotFound) return undefined;
    throw e;
  }
}

function answer(r: TransientChainResult, tolerance: number, seconds: number, truncation?: TransientTruncation): TransientAnswer {
  return { ...r, method: 'uniformization', seconds, withinTolerance: within(r.points, tolerance), tolerance, ...(truncation ? { truncation } : {}) };
}

/** Whether to believe the answer: every error bound within tolerance, and a K search (if any) that finished. */
export function trustedTransient(a: TransientAnswer): boolean {
  return a.withinTolerance && a.truncation?.stopped === undefined;
}

export function transientModel<P>(family: ModelFamily<ParamSpecs, P>, p: P, o: TransientModelOptions): TransientAnswer {
  const begun = performance.now();
  const seconds = () => (performance.now() - begun) / 1000;
  const tolerance = o.tolerance ?? DEFAULT_METRIC_TOLERANCE;
  const t = family.truncation;
  const fixed = t?.fixedK(p);
  if (!t || fixed !== undefined) {
    const r = attempt(family, p, o);
    if (!r) throw new UsageError('no state of the chain is the start state asked for');
    const mass = r.points.length ? r.points[r.points.length - 1].boundaryMass : 0;
    return answer(
      r,
      tolerance,
      seconds(),
      t && { K: fixed!, automatic: false, boundaryMass: mass, rounds: [{ K: fixed!, states: r.states, boundaryMass: mass, seconds: r.seconds }] },
    );
  }
  const maxStates = o.maxStates ?? MAX_STATES;
  const rounds: TransientRound[] = [];
  let K = Math.min(t.initialK(p), FIRST_K);
  let misses = 0;
  for (;;) {
    const r = attempt(family, t.withK(p, K), o);
    if (!r) {
      // The start may lie past this cap: grow K a few times before refusing it.
      if (++misses > START_ROUNDS || K >= MAX_K) throw new UsageError(`no state of the chain up to K = ${K} is the start state asked for`);
      K = Math.min(MAX_K, t.nextK?.(p, K) ?? Math.ceil(1.5 * K));
      continue;
    }
    const mass = r.points.length ? r.points[r.points.length - 1].boundaryMass : 0;
    rounds.push({ K, states: r.states, boundaryMass: mass, seconds: r.seconds });
    const truncation = (stopped?: string): TransientTruncation => ({ K, automatic: true, boundaryMass: mass, rounds, ...(stopped ? { stopped } : {}) });
    if (within(r.points, tolerance)) return answer(r, tolerance, seconds(), truncation());
    if (!(mass > 0)) return answer(r, tolerance, seconds(), truncation('the error bound is the uniformization error, which a larger K does not reduce'));
    const stalled = rounds.length >= 3 && !(mass < rounds[rounds.length - 3].boundaryMass / 2);
    if (stalled) return answer(r, tolerance, seconds(), truncation('the boundary mass stopped falling as K grew'));
    const next = nextK(t, p, rounds, 2 * worstRatio(r.points, tolerance));
    if (K >= MAX_K) return answer(r, tolerance, seconds(), truncation(`the search reached its largest K, ${MAX_K}`));
    const count = family.ctmc(t.withK(p, next), floatArith).stateCount;
    if (count !== undefined && count > maxStates) {
      return answer(
        r,
        tolerance,
        seconds(),
        truncation(`the next K, ${next}, needs ${count.toExponential(2)} states, more than the budget of ${budgetText(maxStates)}`),
      );
    }
    K = next;
  }
}
