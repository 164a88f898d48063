/** Runs a family's fluid ODE until it settles, and the claims that it settles where theory says. */
import { forAll, type ForAllSpec } from './define.ts';
import { Inconclusive } from './generated.ts';
import type { Property } from './property.ts';
import { integrate, type Trajectory } from '../fluid/integrate.ts';
import { hasSettled, soundRun } from '../fluid/settle.ts';
import { POLICY, SETTLED_DRIFT } from '../core/numerical-policy.ts';
import type { FluidSystem } from '../core/fluid-view.ts';

/** Horizons tried in turn until the drift max|f(x)| is below `drift`. */
const HORIZONS = [POLICY.claimFluidHorizon.value, 10 * POLICY.claimFluidHorizon.value];

/** The end of a run whose drift fell below `drift`; Inconclusive when it never settles or the run is unsound. */
export function settle(sys: FluidSystem, x0: Float64Array, drift = SETTLED_DRIFT): Trajectory {
  let tr: Trajectory | undefined;
  for (const t of HORIZONS) {
    tr = integrate(sys, x0, { t, samples: 2 });
    const e = tr.evidence;
    if (!soundRun(e)) {
      throw new Inconclusive(`unsound ODE run: completed=${e.completed}, min face value ${e.minFaceValue}, conservation defect ${e.conservationDefect}`);
    }
    if (hasSettled(e, drift)) return tr;
  }
  throw new Inconclusive(`the ODE had not settled by t = ${HORIZONS[HORIZONS.length - 1]} (drift ${tr!.evidence.finalDrift.toExponential(2)})`);
}

/** Largest |x_i - y_i| over the coordinates where y is a number (NaN = left open). */
export function distance(x: Float64Array, y: Float64Array): number {
  let d = 0;
  y.forEach((v, i) => {
    if (!Number.isNaN(v)) d = Math.max(d, Math.abs(x[i] - v));
  });
  return d;
}

export interface SettlesSpec<C> extends Omit<ForAllSpec<C, never>, 'check' | 'tally' | 'evidence'> {
  /** The error allowed at the settled state. */
  tolerance: number;
  /** What the error is, as its evidence key for the worst one seen (e.g. worstDistance, worstError). */
  worst: string;
  /** The ODE of a case and its start. */
  ode(c: C): { system: FluidSystem; start: Float64Array };
  /** The error at the settled state (a distance to a fixed point, a metric's error). */
  error(c: C, settled: Float64Array): number;
}

/**
 * For all generated cases, the fluid ODE from the case's start settles (settle)
 * within `tolerance` of what the claim says: the error measured at the settled
 * state; the evidence gives the tolerance and the worst error seen. An ODE that
 * never settles, or an unsound run, leaves the case undecided (unknown).
 */
export function settlesWithin<C>(spec: SettlesSpec<C>): Property {
  const { tolerance, worst, ode, error, ...rest } = spec;
  return forAll({
    ...rest,
    tally: { worst: 'max' },
    evidence: (t) => ({ tolerance, [worst]: t.get('worst') }),
    check(c, _ctx, t) {
      const { system, start } = ode(c);
      const err = error(c, settle(system, start).final);
      t.note('worst', err);
      return err <= tolerance;
    },
  });
}
