/**
 * Coupled runs: several systems driven by one trace of common random numbers,
 * with orders between them checked after every event. The first violation stops
 * the run; the same run, narrated, is the step-by-step table a person can follow.
 */

/** One coupled system: a deterministic step function state x event -> state. */
export interface CoupledSystem<E, S> {
  readonly name: string;
  initial(): S;
  /** Applies one event to the state in place; with `log`, pushes what happened, in words. */
  step(state: S, event: E, log?: string[]): void;
  /** The compared quantities, for people, e.g. "used 3 [2, 1, 0]". */
  describe(state: S): string;
}

/** Bookkeeping across the systems (e.g. P2's Delta(t)), updated after every event. */
export interface JointCounters<E, S, J> {
  initial(): J;
  update(joint: J, states: readonly S[], event: E): void;
  describe(joint: J): string;
}

/** An order the coupling claims between the systems at all times. */
export interface Order<S, J> {
  readonly name: string;
  /** null while the order holds; otherwise why not, with the numbers. */
  violation(states: readonly S[], joint: J): string | null;
}

export interface Coupling<E, S, J> {
  readonly systems: readonly CoupledSystem<E, S>[];
  readonly joint: JointCounters<E, S, J>;
  readonly orders: readonly Order<S, J>[];
  describeEvent(event: E): string;
}

/** For couplings whose orders compare the systems' own states only. */
export function noJoint<E, S>(): JointCounters<E, S, null> {
  return { initial: () => null, update: () => {}, describe: () => '' };
}

export interface Violation {
  /** Events applied when the order failed (0: at the start). */
  step: number;
  order: string;
  why: string;
}

function firstViolation<S, J>(orders: readonly Order<S, J>[], states: readonly S[], joint: J, step: number): Violation | null {
  for (const o of orders) {
    const why = o.violation(states, joint);
    if (why !== null) return { step, order: o.name, why };
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

/**
 * The same run as text, one line per row: each event, then what it did in each
 * system and the compared quantities after it, up to the first violation.
 */
export function narrate<E, S, J>(c: Coupling<E, S, J>, events: readonly E[]): string[] {
  const width = Math.max(5, ...c.systems.map((s) => s.name.length));
  const states = c.systems.map((s) => s.initial());
  const joint = c.joint.initial();
  const lines: string[] = [];
  const rows = (logs: readonly string[][]): void => {
    c.systems.forEach((s, k) => {
      const what = logs[k].length ? `${logs[k].join('; ')} => ` : '';
      lines.push(`  ${s.name.padEnd(width)} | ${what}${s.describe(states[k])}`);
    });
    const j = c.joint.describe(joint);
    if (j) lines.push(`  ${'joint'.padEnd(width)} | ${j}`);
  };
  lines.push('step 0: start');
  rows(c.systems.map(() => []));
  let v = firstViolation(c.orders, states, joint, 0);
  for (let i = 0; i < events.length && v === null; i++) {
    lines.push(`step ${i + 1}: ${c.describeEvent(events[i])}`);
    const logs = c.systems.map((s, k) => {
      const log: string[] = [];
      s.step(states[k], events[i], log);
      return log;
    });
    c.joint.update(joint, states, events[i]);
    rows(logs);
    v = firstViolation(c.orders, states, joint, i + 1);
  }
  lines.push(v ? `VIOLATED after step ${v.step}: ${v.order}: ${v.why}` : `every order holds through step ${events.length}`);
  return lines;
}
