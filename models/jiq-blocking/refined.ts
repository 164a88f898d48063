/**
 * JIQ blocking (THEORY section 3) as a density-dependent process for the
 * refined mean field (src/meanfield/): coordinates x_1..x_R, the token
 * fractions; the busy fraction x_0 = 1 - x_1 - ... - x_R is the coordinate
 * left out for the conserved total (servers are busy or hold one token).
 *   arrival at r (x_r > 0):     -1 on x_r, intensity alpha_r lambda
 *   completion, token to r:      +1 on x_r, intensity beta_r x_0
 *   token exchange r -> s:       -1 on x_r, +1 on x_s, intensity nu x_r / R
 * The field is smooth (linear) only off the faces x_r = 0; a fixed point on a
 * face (blocking in the limit) has no expansion, and the view says so. Only
 * the smooth metrics are expanded: busyFraction and tokenFraction (blocking
 * and noTokenProbability are indicators of x_r = 0).
 */
import { type Arith, type DensityModel, type DensityTransition, ratToNumber, UsageError } from 'lbcheck';
import { blockingFixedPointExact } from './fixed-point.ts';
import type { JiqBlockingParams } from './params.ts';

export function jiqBlockingDensity(p: JiqBlockingParams): DensityModel {
  const R = p.alpha.length;
  const fp = blockingFixedPointExact(p);
  const open = fp.x.indexOf(null);
  if (open >= 0) throw new UsageError(`the fixed point leaves the token split open (dispatcher ${open + 1}): there is no single point to expand at`);
  const tokens = Float64Array.from(fp.x, (v) => ratToNumber(v!));
  const empty = fp.x.findIndex((v) => v!.compare(0) <= 0);
  if (empty >= 0)
    throw new UsageError(
      `the fixed point has no tokens at dispatcher ${empty + 1} (on the face x_${empty + 1} = 0, where the field is not smooth): ` +
        'the refined expansion does not apply',
    );
  const busy = <U>(x: readonly U[], A: Arith<U>): U => x.reduce((s, v) => A.sub(s, v), A.one);
  const transitions: DensityTransition[] = [];
  for (let r = 0; r < R; r++) {
    transitions.push({ name: `arrival at dispatcher ${r + 1}`, index: [r], delta: [-1], intensity: (_x, _eps, A) => A.fromRational(p.alpha[r].mul(p.lambda)) });
    transitions.push({
      name: `completion, token to dispatcher ${r + 1}`,
      index: [r],
      delta: [1],
      intensity: (x, _eps, A) => A.mul(A.fromRational(p.beta[r]), busy(x, A)),
    });
    for (let s = 0; s < R; s++) {
      if (s !== r && !p.nu.equals(0))
        transitions.push({
          name: `token exchange ${r + 1} -> ${s + 1}`,
          index: [r, s],
          delta: [-1, 1],
          intensity: (x, _eps, A) => A.mul(A.fromRational(p.nu.div(R)), x[r]),
        });
    }
  }
  return {
    names: Array.from({ length: R }, (_, r) => `x${r + 1}`),
    transitions,
    metrics: [
      { name: 'busyFraction', value: busy },
      ...Array.from({ length: R }, (_, r) => ({ name: 'tokenFraction', index: r + 1, value: <U>(x: readonly U[]) => x[r] })),
    ],
    fixedPoint: tokens,
    fixedPointMethod: `exact fixed point (busy fraction ${fp.x0.toFraction()}), tokens at every dispatcher: the field is linear around it`,
  };
}
