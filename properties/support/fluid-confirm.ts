/**
 * Re-checks of Z3 counterexamples against the fluid views: the exact fixed-point
 * solver (rationals) and the fluid ODE from the view's default start. A check
 * that could not conclude (an ODE that never settled) is no confirmation: the
 * record says which checks ran and which did not, and the confirmation rests on
 * those that ran (at least one, all agreeing).
 */
import {
  type Assignment,
  type Confirmation,
  evalTerm,
  type EvidenceRecord,
  Inconclusive,
  metricsOf,
  type Rational,
  ratString,
  ratToNumber,
  settle,
  type Term,
} from 'lbcheck';
import {
  blockingFixedPointExact,
  type BlockingSymbols,
  jiqBlocking,
  type JiqBlockingParams,
  jiqQueueing,
  type JiqQueueingParams,
  type QueueingSymbols,
  queueingWaitLimit,
} from 'lbcheck/models';

/** Agreement asked of an ODE run that settled, against Z3's exact value. */
const ODE_TOLERANCE = 1e-7;

/** One re-check: it agrees, disagrees, or could not conclude (with why). */
export interface Check {
  name: string;
  outcome: 'agrees' | 'disagrees' | 'did not run';
  note?: string;
}

/** Confirmed when at least one check ran and every check that ran agrees; the record names them. */
export function combineChecks(checks: readonly Check[], detail: EvidenceRecord): Confirmation {
  const ran = checks.filter((c) => c.outcome !== 'did not run');
  return {
    confirmed: ran.length > 0 && ran.every((c) => c.outcome === 'agrees'),
    detail: {
      ...detail,
      confirmedBy: ran.filter((c) => c.outcome === 'agrees').map((c) => c.name),
      disagreeing: ran.filter((c) => c.outcome === 'disagrees').map((c) => c.name),
      notRun: checks.filter((c) => c.outcome === 'did not run').map((c) => `${c.name}: ${c.note ?? ''}`),
    },
  };
}

/** The ODE from the view's default start against Z3's value: its settled value, or why it gives none. */
function odeCheck(z3: Rational, run: () => number): { check: Check; value: number | null } {
  try {
    const value = run();
    return { check: { name: 'fluid ODE', outcome: Math.abs(value - ratToNumber(z3)) <= ODE_TOLERANCE ? 'agrees' : 'disagrees' }, value };
  } catch (e) {
    if (e instanceof Inconclusive) return { check: { name: 'fluid ODE', outcome: 'did not run', note: e.message }, value: null };
    throw e;
  }
}

function verdictOf(exactMatch: boolean, z3: Rational, run: () => number, detail: EvidenceRecord): Confirmation {
  const ode = odeCheck(z3, run);
  const exact: Check = { name: 'exact fixed-point solver', outcome: exactMatch ? 'agrees' : 'disagrees' };
  return combineChecks([exact, ode.check], { ...detail, ode: ode.value });
}

/**
 * Z3's busy fraction x_0 against the exact fixed point of the root equation
 * (THEORY section 3) and against the fluid ODE run from the empty system.
 */
export function confirmBlockingPoint(s: BlockingSymbols, v: Assignment): Confirmation {
  const at = (t: Term): Rational => evalTerm(t, v);
  const p: JiqBlockingParams = { N: 1, lambda: at(s.lambda), alpha: s.alpha.map(at), beta: s.beta.map(at), nu: at(s.nu) };
  const exact = blockingFixedPointExact(p);
  const z3x0 = at(s.x0);
  const view = jiqBlocking.fluid!;
  const ode = (): number => settle(view.system(p), view.start(p)).final[0];
  return verdictOf(exact.x0.equals(z3x0), z3x0, ode, { z3x0: ratString(z3x0), rootEquationX0: ratString(exact.x0) });
}

/** Z3's lambda_2 = P(W > 0) against the exact root of the queueing fixed-point equation (THEORY section 3) and the fluid ODE. */
export function confirmQueueingPoint(s: QueueingSymbols, v: Assignment): Confirmation {
  const at = (t: Term): Rational => evalTerm(t, v);
  const p: JiqQueueingParams = { N: 1, lambda: at(s.lambda), alpha: s.alpha.map(at), beta: s.beta.map(at), nu: at(s.nu), K: undefined };
  const l = queueingWaitLimit(p).waitProbability;
  const z3l = at(s.l);
  const view = jiqQueueing.fluid!;
  const ode = (): number => metricsOf(jiqQueueing, view.metrics(p, settle(view.system(p), view.start(p)).final)).waitProbability;
  return verdictOf(l.equals(z3l), z3l, ode, { z3l: ratString(z3l), rootEquationL: ratString(l) });
}
