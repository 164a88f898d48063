/** Numeric re-checks of Z3 counterexamples against the fluid views (exact fixed-point solvers, ODEs). */
import { Inconclusive } from '../../src/check/generated.ts';
import { ratString, ratToNumber, type Rational } from '../../src/core/rational.ts';
import type { EvidenceRecord } from '../../src/core/verdict.ts';
import type { Confirmation } from '../../src/smt/claim.ts';
import { evalTerm, type Assignment, type Term } from '../../src/smt/expr.ts';
import { jiqBlocking } from '../../models/jiq-blocking.ts';
import { blockingFixedPointExact, type BlockingSymbols } from '../../models/jiq-blocking/fixed-point.ts';
import type { JiqBlockingParams } from '../../models/jiq-blocking/params.ts';
import type { QueueingSymbols } from '../../models/jiq-queueing/fixed-point.ts';
import { jiqQueueing, queueingWaitLimit, type JiqQueueingParams } from '../../models/jiq-queueing.ts';
import { settle } from '../../src/api.ts';

/** Agreement asked of an ODE run that settled, against Z3's exact value. */
const ODE_TOLERANCE = 1e-7;

/** The ODE from the view's default start: its settled value, or why it gives none. */
function odeValue(run: () => number): { value: number | null; note?: string } {
  try {
    return { value: run() };
  } catch (e) {
    if (e instanceof Inconclusive) return { value: null, note: e.message };
    throw e;
  }
}

function verdictOf(exactMatch: boolean, z3: Rational, ode: { value: number | null; note?: string }, detail: EvidenceRecord): Confirmation {
  const odeMatch = ode.value === null || Math.abs(ode.value - ratToNumber(z3)) <= ODE_TOLERANCE;
  return { confirmed: exactMatch && odeMatch, detail: { ...detail, ode: ode.value ?? ode.note ?? null } };
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
  const ode = odeValue(() => settle(view.system(p), view.start(p)).final[0]);
  return verdictOf(exact.x0.equals(z3x0), z3x0, ode, { z3x0: ratString(z3x0), rootEquationX0: ratString(exact.x0) });
}

/** Z3's lambda_2 = P(W > 0) against the exact root of the queueing fixed-point equation (THEORY section 3) and the fluid ODE. */
export function confirmQueueingPoint(s: QueueingSymbols, v: Assignment): Confirmation {
  const at = (t: Term): Rational => evalTerm(t, v);
  const p: JiqQueueingParams = { N: 1, lambda: at(s.lambda), alpha: s.alpha.map(at), beta: s.beta.map(at), nu: at(s.nu), K: undefined };
  const l = queueingWaitLimit(p).waitProbability;
  const z3l = at(s.l);
  const view = jiqQueueing.fluid!;
  const ode = odeValue(() => view.metrics(p, settle(view.system(p), view.start(p)).final).waitProbability as number);
  return verdictOf(l.equals(z3l), z3l, ode, { z3l: ratString(z3l), rootEquationL: ratString(l) });
}
