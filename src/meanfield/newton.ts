/**
 * Polishes an approximate fixed point of a density model's limit drift
 * f(z) = sum_l l b_l(z, 0) by Newton's method, the Jacobian exact (jets):
 * an ODE run stops at drift 1e-10, Newton takes it to rounding.
 */
import type { DensityModel } from '../core/density-model.ts';
import { kronSolver } from './kron-sum.ts';
import { driftParts, termsAt } from './drift-parts.ts';

const STEPS = 8;

export function newtonFixedPoint(model: Pick<DensityModel, 'transitions'>, start: Float64Array): { state: Float64Array; drift: number } {
  const n = start.length;
  let z = Float64Array.from(start);
  let drift = Infinity;
  for (let step = 0; step <= STEPS; step++) {
    const { f, F } = driftParts(termsAt(model, z, 1), n);
    const d = f.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    if (!(d < drift) || step === STEPS) break;
    drift = d;
    const delta = kronSolver(F, n).solve(f, 1);
    const next = Float64Array.from(z, (v, i) => v - delta[i]);
    if (next.some((v) => !Number.isFinite(v))) break;
    z = next;
  }
  return { state: z, drift };
}
