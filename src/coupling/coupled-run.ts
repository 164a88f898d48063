/**
 * Coupled runs: several systems driven by one trace of common random numbers,
 * with orders between them checked after every event. The first violation stops
 * the run; the same run, recorded step by step (traceSteps), is the
 * counterexample as data: the event and its draws, each system's quantities,
 * the ordered values on both sides of every relation, and the one that failed.
 */
/** A compared quantity of one system: a count, a vector, or counts by label (e.g. tokens per pool). */
export type Quantity = number | number[] | { [label: string]: number };

/** One coupled system: a deterministic step function state x event -> state. */
export interface CoupledSystem<E, S> {
  readonly name: string;
  initial(): S;
  /** Applies one event to the state in place; with `log`, pushes what happened, in words. */
  step(state: S, event: E, log?: string[]): void;
  /** The state's quantities by name, e.g. { used: 3, usedAt: [2, 1, 0], tokens: { '1': 0 } }. */
  quantities(state: S): Record<string, Quantity>;
}

/** Bookkeeping across the systems (e.g. P2's Delta(t)), updated after every event. */
export interface JointCounters<E, S, J> {
  initial(): J;
  update(joint: J, states: readonly S[], event: E): void;
  /** The counters by name; null when there are none. */
  quantities(joint: J): Record<string, number> | null;
}

/** One side of a compared relation: whose value (a system, or a bound) and the value. */
export type Side = {
  label: string;
  value: number;
};

/** left <= right for one quantity, e.g. "tokens used at dispatcher 1": original 1 <= better 0. */
export type Comparison = {
  quantity: string;
  left: Side;
  relation: '<=';
  right: Side;
  holds: boolean;
};

export function atMost(quantity: string, left: Side, right: Side): Comparison {
  return { quantity, left, relation: '<=', right, holds: left.value <= right.value };
}

/** An order the coupling claims between the systems at all times: the relations it compares, in order. */
export interface Order<S, J> {
  readonly name: string;
  compare(states: readonly S[], joint: J): Comparison[];
}

export interface Coupling<E, S, J> {
  readonly systems: readonly CoupledSystem<E, S>[];
  readonly joint: JointCounters<E, S, J>;
  readonly orders: readonly Order<S, J>[];
  describeEvent(event: E): string;
  /** The event's common random numbers (uniforms as their values) and epochs. */
  draws(event: E): Record<string, number | number[]>;
}

/** For couplings whose orders compare the systems' own states only. */
export function noJoint<E, S>(): JointCounters<E, S, null> {
  return { initial: () => null, update: () => {}, quantities: () => null };
}

export type Violation = {
  /** Events applied when the order failed (0: at the start). */
  step: number;
  order: string;
  /** The failed relation in words, e.g. "tokens used at dispatcher 1: original 1 > better 0". */
  why: string;
  comparison: Comparison;
};

function failure(order: string, c: Comparison, step: number): Violation {
  return { step, order, why: `${c.quantity}: ${c.left.label} ${c.left.value} > ${c.right.label} ${c.right.value}`, comparison: c };
}

function firstViolation<S, J>(orders: readonly Order<S, J>[], states: readonly S[], joint: J, step: number): Violation | null {
  for (const o of orders) {
    const failed = o.compare(states, joint).find((c) => !c.holds);
    if (failed) return failure(o.name, failed, step);
  }
  return null;
}

export interface CoupledOutcome<S, J> {
  /** The first order that failed, or null. */
  violation: Violation | null;
  /** The systems and the joint counters where the run stopped. */
  states: S[];
  joint: J;
}

/** Runs the trace, checking every order after every event; stops at the first violation. */
export function runCoupled<E, S, J>(c: Coupling<E, S, J>, events: readonly E[]): CoupledOutcome<S, J> {
  const states = c.systems.map((s) => s.initial());
  const joint = c.joint.initial();
  let violation = firstViolation(c.orders, states, joint, 0);
  for (let i = 0; i < events.length && violation === null; i++) {
    c.systems.forEach((s, k) => s.step(states[k], events[i]));
    c.joint.update(joint, states, events[i]);
    violation = firstViolation(c.orders, states, joint, i + 1);
  }
  return { violation, states, joint };
}

/** One step of a recorded run (step 0: the start, no event). */
export type TraceStep = {
  step: number;
  event: { text: string; draws: Record<string, number | number[]> } | null;
  /** Per system, in the coupling's order: what the event did, and the quantities after it. */
  systems: { name: string; did: string[]; quantities: Record<string, Quantity> }[];
  joint: Record<string, number> | null;
  /** Every ordered quantity's values after the step, by side: { "tokens used at dispatcher 1": { worse: 0, original: 1, better: 0 } }. */
  ordered: Record<string, Record<string, number>>;
  /** The first relation that fails after this step (only ever on the last step). */
  violation: Violation | null;
};

export type RecordedRun = {
  steps: TraceStep[];
  violation: Violation | null;
  /** Events in the trace (the run may stop before the last). */
  events: number;
};

/** The ordered values of every comparison, grouped by quantity and side. */
function orderedValues(comparisons: readonly Comparison[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const c of comparisons) {
    const q = (out[c.quantity] ??= {});
    q[c.left.label] = c.left.value;
    q[c.right.label] = c.right.value;
  }
  return out;
}

/** The run recorded step by step, up to the first violation: the counterexample as data. */
export function traceSteps<E, S, J>(c: Coupling<E, S, J>, events: readonly E[]): RecordedRun {
  const states = c.systems.map((s) => s.initial());
  const joint = c.joint.initial();
  const steps: TraceStep[] = [];
  const record = (step: number, event: E | null, logs: readonly string[][]): Violation | null => {
    const comparisons = c.orders.flatMap((o) => o.compare(states, joint));
    const violation = firstViolation(c.orders, states, joint, step);
    steps.push({
      step,
      event: event === null ? null : { text: c.describeEvent(event), draws: c.draws(event) },
      systems: c.systems.map((s, k) => ({ name: s.name, did: logs[k], quantities: s.quantities(states[k]) })),
      joint: c.joint.quantities(joint),
      ordered: orderedValues(comparisons),
      violation,
    });
    return violation;
  };
  let v = record(
    0,
    null,
    c.systems.map(() => []),
  );
  for (let i = 0; i < events.length && v === null; i++) {
    const logs = c.systems.map((s, k) => {
      const log: string[] = [];
      s.step(states[k], events[i], log);
      return log;
    });
    c.joint.update(joint, states, events[i]);
    v = record(i + 1, events[i], logs);
  }
  return { steps, violation: v, events: events.length };
}
