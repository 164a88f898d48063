/**
 * The better and worse systems of P1's proof of Theorem 1 (THEORY section 3), as
 * coupled token systems (for pathwise orders) and as jiq-blocking parameter
 * points (for exact blocking probabilities). Basic JIQ: beta = 1/R, nu = 0,
 * alpha_1 >= ... >= alpha_R.
 *
 *   better: dispatchers 1..R-1 merged into one; it receives their arrivals (load
 *           1 - alpha_R) and every token sent to any of them (w.p. (R-1)/R).
 *   worse:  an arrival at r is blocked up front w.p.
 *           p_r = 1 - min{alpha_R lambda, 1/R}/(alpha_r lambda),
 *           so every dispatcher admits the same rate min{alpha_R lambda, 1/R} N.
 *
 * Why the coupling attaches service times and token destinations to jobs (the
 * k-th admitted job in each system), as in src/coupling/jiq-systems.ts: with it,
 * tokens used at a pool by t are U(t) = min(A(0,t], min_{s<=t} S(s) + A(s,t])
 * (A: arrivals offered there, S: tokens delivered there), nondecreasing in A and
 * S; merging pools can only raise the total (a sum of minima is at most the
 * minimum of the sums); and a system that has admitted at least as many jobs at
 * every earlier time started its k-th job no later, so it has delivered at least
 * as many tokens to every dispatcher. Induction over events gives
 * worse <= original <= better in total, and per dispatcher for worse <= original
 * and for the better system's own pools (R alone, 1..R-1 together). Per-server
 * clocks lose the last step (properties/coupling-theorem1-server-clocks.ts), and
 * the order per original dispatcher r < R fails under every coupling
 * (properties/coupling-theorem1-rates-per-dispatcher.ts).
 */
import {
  type Coupling,
  formatUniform,
  Fraction,
  noJoint,
  type Order,
  type Rational,
  ratString,
  ratToNumber,
  type Uniform,
  uniformValue,
  UsageError,
} from 'lbcheck';
import {
  dispatcherOf,
  slotTokenSystem,
  tokenSystem,
  type JiqArrival,
  type JiqTrace,
  type SlotEvent,
  type SlotState,
  type TokenSetup,
  type TokenState,
  type TokenSystemSpec,
} from './token-systems.ts';
import { uniform, type JiqBlockingParams } from './params.ts';

/** Display order of the coupled systems, smallest token use first. */
export const THEOREM1_SYSTEMS = ['worse', 'original', 'better'] as const;

/** The setting of Theorem 1's coupling: basic JIQ, no exchange, loads sorted. */
export function checkTheorem1Setting(p: JiqBlockingParams): void {
  const R = p.alpha.length;
  if (!p.nu.equals(0)) throw new UsageError(`nu must be 0 for Theorem 1's coupling, got ${ratString(p.nu)}`);
  if (!p.beta.every((b) => b.equals(new Fraction(1, R))))
    throw new UsageError(`beta must be uniform 1/${R} for Theorem 1's coupling, got ${p.beta.map(ratString).join(',')}`);
  for (let r = 1; r < R; r++) {
    if (p.alpha[r].compare(p.alpha[r - 1]) > 0)
      throw new UsageError(`alpha must be non-increasing (alpha_R the least load), got ${p.alpha.map(ratString).join(',')}`);
  }
}

/** min{alpha_R lambda, 1/R}: the rate per server every dispatcher admits in the worse system. */
function admittedPerDispatcher(p: JiqBlockingParams): Rational {
  const R = p.alpha.length;
  const a = p.alpha[R - 1].mul(p.lambda);
  const cap = new Fraction(1, R);
  return a.compare(cap) <= 0 ? a : cap;
}

/** p_r = 1 - min{alpha_R lambda, 1/R}/(alpha_r lambda). */
export function worseThinning(p: JiqBlockingParams): Rational[] {
  const admitted = admittedPerDispatcher(p);
  return p.alpha.map((a) => new Fraction(1).sub(admitted.div(a.mul(p.lambda))));
}

/** The better system as a jiq-blocking point: R' = 2 (merged 1..R-1, then R); R = 1 is its own better system. */
export function betterParams(p: JiqBlockingParams): JiqBlockingParams {
  const R = p.alpha.length;
  if (R === 1) return p;
  const last = p.alpha[R - 1];
  return { ...p, alpha: [new Fraction(1).sub(last), last], beta: [new Fraction(R - 1, R), new Fraction(1, R)] };
}

/**
 * The worse system's admitted traffic as a jiq-blocking point (lambda' = R min{alpha_R lambda, 1/R},
 * uniform alpha and beta) and the fraction lambda'/lambda of all arrivals it admits up front:
 * B_worse = 1 - (lambda'/lambda)(1 - B'), thinned jobs counting as blocked.
 */
export function worseParams(p: JiqBlockingParams): { params: JiqBlockingParams; admittedFraction: Rational } {
  const R = p.alpha.length;
  const lambda = admittedPerDispatcher(p).mul(R);
  return { params: { ...p, lambda, alpha: uniform(R), beta: uniform(R) }, admittedFraction: lambda.div(p.lambda) };
}

function identityPools(R: number): Pick<TokenSystemSpec, 'pool' | 'poolNames'> {
  return { pool: Array.from({ length: R }, (_, r) => r), poolNames: Array.from({ length: R }, (_, r) => String(r + 1)) };
}

/** worse, original, better as token systems (the order of THEOREM1_SYSTEMS). */
export function theorem1Systems(p: JiqBlockingParams): TokenSystemSpec[] {
  checkTheorem1Setting(p);
  const R = p.alpha.length;
  const none = new Array<number>(R).fill(0);
  const merged = R <= 2 ? identityPools(R) : { pool: Array.from({ length: R }, (_, r) => (r < R - 1 ? 0 : 1)), poolNames: [`1-${R - 1}`, String(R)] };
  return [
    { name: 'worse', ...identityPools(R), thinning: worseThinning(p).map(ratToNumber) },
    { name: 'original', ...identityPools(R), thinning: none },
    { name: 'better', ...merged, thinning: none },
  ];
}

export function theorem1Setup(p: JiqBlockingParams): TokenSetup {
  return { N: p.N, alpha: p.alpha.map(ratToNumber), beta: p.beta.map(ratToNumber) };
}

function describeArrival(dispatcher: (u: Uniform) => number, e: { dispatcher: Uniform; thinning: Uniform }): string {
  return `arrival at dispatcher ${dispatcher(e.dispatcher) + 1} (u=${formatUniform(e.dispatcher)}), thinning u=${formatUniform(e.thinning)}`;
}

/** The three systems of Theorem 1's proof driven by one trace (per-job coupling), with the given orders. */
export function theorem1Coupling(p: JiqBlockingParams, trace: JiqTrace, orders: readonly Order<TokenState, null>[]): Coupling<JiqArrival, TokenState, null> {
  const setup = theorem1Setup(p);
  const dispatcher = dispatcherOf(setup);
  return {
    systems: theorem1Systems(p).map((spec) => tokenSystem(setup, spec, trace.jobs)),
    joint: noJoint(),
    orders,
    describeEvent: (e) => `t=${e.at}: ${describeArrival(dispatcher, e)}`,
    draws: (e) => ({ at: e.at, dispatcher: uniformValue(e.dispatcher), thinning: uniformValue(e.thinning) }),
  };
}

/** The same three systems under per-server uniformised service clocks. */
export function theorem1SlotCoupling(p: JiqBlockingParams, orders: readonly Order<SlotState, null>[]): Coupling<SlotEvent, SlotState, null> {
  const setup = theorem1Setup(p);
  const dispatcher = dispatcherOf(setup);
  return {
    systems: theorem1Systems(p).map((spec) => slotTokenSystem(setup, spec)),
    joint: noJoint(),
    orders,
    describeEvent: (e) =>
      e.kind === 'arrival' ? describeArrival(dispatcher, e) : `service event: slot u=${formatUniform(e.slot)}, destination u=${formatUniform(e.destination)}`,
    draws: (e): Record<string, number> =>
      e.kind === 'arrival'
        ? { dispatcher: uniformValue(e.dispatcher), thinning: uniformValue(e.thinning) }
        : { slot: uniformValue(e.slot), destination: uniformValue(e.destination) },
  };
}
