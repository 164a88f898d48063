/**
 * When a fluid ODE run has settled: it completed and its drift max_i |f_i(x)| at
 * the end is at most a threshold (default SETTLED_DRIFT). A run that has not
 * settled says nothing about the limit: its final state is a point on the way.
 * The horizon follows the dynamics: a run integrates until it settles, up to a
 * largest time (integrateUntilSettled).
 */
import type { FluidSystem } from '../core/fluid-view.ts';
import { CONSERVATION_DEFECT, SETTLED_DRIFT } from '../core/numerical-policy.ts';
import { integrate, type IntegrationEvidence, type Trajectory } from './integrate.ts';

/** The run is sound: it completed, never left a face, and kept its invariants. */
export function soundRun(e: IntegrationEvidence): boolean {
  return e.completed && e.minFaceValue >= 0 && e.conservationDefect <= CONSERVATION_DEFECT;
}

export function hasSettled(e: IntegrationEvidence, drift = SETTLED_DRIFT): boolean {
  return e.completed && e.finalDrift <= drift;
}

export interface SettleOptions {
  /** The largest time integrated to. */
  tMax: number;
  /** Trajectory points, equally spaced from 0 to the time the run stopped. */
  samples: number;
  /** Settled at drift max_i |f_i(x)| <= drift (default SETTLED_DRIFT). */
  drift?: number;
}

/**
 * The run from x0 until it settles (evidence.settledAt: the first step end with
 * drift at most `drift`), or to tMax. Its final state and evidence are that
 * run's; the trajectory's samples come from a second run to the time it stopped,
 * its last sample the final state.
 */
export function integrateUntilSettled(sys: FluidSystem, x0: Float64Array, o: SettleOptions): Trajectory {
  const run = integrate(sys, x0, { t: o.tMax, samples: o.samples, untilDrift: o.drift ?? SETTLED_DRIFT });
  const at = run.evidence.settledAt;
  if (at === undefined) return run;
  const sampled = integrate(sys, x0, { t: at, samples: o.samples });
  const states = sampled.states.slice(0, -1).concat([Float64Array.from(run.final)]);
  return { ...run, times: sampled.times.slice(0, states.length), states };
}
