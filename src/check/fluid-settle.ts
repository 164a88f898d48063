/** Runs a family's fluid ODE until it settles, for the fluid properties. */
import type fc from 'fast-check';
import { Inconclusive, runGenerated } from './generated.ts';
import type { RunContext } from './property.ts';
import { integrate, type Trajectory } from '../fluid/integrate.ts';
import { hasSettled } from '../fluid/settle.ts';
import { CONSERVATION_DEFECT, POLICY, SETTLED_DRIFT } from '../core/numerical-policy.ts';
import type { FluidSystem } from '../core/fluid-view.ts';
import type { EvidenceValue } from '../core/verdict.ts';
import type { PropertyResult } from './result.ts';

/** Horizons tried in turn until the drift max|f(x)| is below `drift`. */
const HORIZONS = [POLICY.claimFluidHorizon.value, 10 * POLICY.claimFluidHorizon.value];

/** The end of a run whose drift fell below `drift`; Inconclusive when it never settles or the run is unsound. */
export function settle(sys: FluidSystem, x0: Float64Array, drift = SETTLED_DRIFT): Trajectory {
  let tr: Trajectory | undefined;
  for (const t of HORIZONS) {
    tr = integrate(sys, x0, { t, samples: 2 });
    const e = tr.evidence;
    if (!e.completed || e.minFaceValue < 0 || e.conservationDefect > CONSERVATION_DEFECT) {
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

/**
 * Generated fluid cases (runGenerated): each case's ODE is settled from its
 * start and an error measured at the settled state must be at most
 * `tolerance`; the evidence gives the tolerance and the worst error seen,
 * under `worst` (what the error is: a distance to a fixed point, a metric's error).
 */
export function settledCases<T>(
  ctx: RunContext,
  o: {
    arbitrary: fc.Arbitrary<T>;
    numRuns: number;
    tolerance: number;
    worst: string;
    ode(c: T): { system: FluidSystem; start: Float64Array };
    error(c: T, settled: Float64Array): number;
    describe(c: T): EvidenceValue;
  },
): Promise<PropertyResult> {
  let worst = 0;
  return runGenerated(ctx, {
    arbitrary: o.arbitrary,
    numRuns: o.numRuns,
    predicate(c) {
      const { system, start } = o.ode(c);
      const err = o.error(c, settle(system, start).final);
      worst = Math.max(worst, err);
      return err <= o.tolerance;
    },
    describe: o.describe,
    evidence: () => ({ tolerance: o.tolerance, [o.worst]: worst }),
  });
}
