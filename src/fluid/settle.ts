/**
 * When a fluid ODE run has settled: it completed and its drift max_i |f_i(x)| at
 * the end is at most a threshold (default SETTLED_DRIFT). A run that has not
 * settled says nothing about the limit: its final state is a point on the way.
 */
import type { IntegrationEvidence } from './integrate.ts';

/** Drift below which a run counts as settled (the fluid properties' default). */
export const SETTLED_DRIFT = 1e-9;

export function hasSettled(e: IntegrationEvidence, drift = SETTLED_DRIFT): boolean {
  return e.completed && e.finalDrift <= drift;
}
