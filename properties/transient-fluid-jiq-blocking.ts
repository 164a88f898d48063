/**
 * [P1]'s fluid limit along a trajectory: jiq-blocking's exact finite-N means
 * E[x^N(t)] (busy fraction, token fractions) against the fluid ODE's x(t) from
 * the same start, the empty system with the tokens split by beta (N beta_r
 * tokens at dispatcher r, hence N a multiple of 2 here), t in [0, 5] on a grid
 * of 51 times. A C/N law, sup_t |E x^N(t) - x(t)| <= C/N, is what a smooth
 * drift gives (Kurtz; Gast & Van Houdt's refined mean field): the sup-distance
 * must fall at order >= 0.9 at each doubling of N from 8 (below, a dispatcher
 * out of tokens is not rare and the order is 0.55-0.73: 0.218, 0.149, 0.090 at
 * N = 2, 4, 8, N times the distance 0.44, 0.60, 0.72, then 0.75, 0.62, 0.32).
 *
 * Off the face (lambda = 1/2: tokens never run out) the law holds. Where the
 * trajectory reaches the face x_r = 0 (lambda = 3/2: every token in use, the
 * field switches) the drift is not smooth, and the distance falls like
 * N^{-1/2} only (orders 0.45, 0.48, 0.51 from N = 8 to 64; N times the
 * distance 2.2, 3.2, 4.6, 6.4): the C/N law is refuted there.
 */
import { convergesInN, DEFAULT_METRIC_TOLERANCE, integrate } from 'lbcheck';
import { jiqBlocking } from 'lbcheck/models';
import { grid, trajectoryGap } from './support/transient-fluid.ts';

const T = 5;
const TIMES = grid(T, 50);
const SIZES = [8, 16, 32, 64];
const ALPHA = '1/2,1/2';

/** The sup-distance at N between the chain's means and the fluid trajectory, both from the empty system. */
function gap(lambda: string, N: number): number {
  const p = jiqBlocking.parse({ N: String(N), lambda, alpha: ALPHA });
  const view = jiqBlocking.fluid!;
  const x0 = view.start(p);
  const trajectory = integrate(view.system(p), x0, { t: T, samples: TIMES.length });
  const tokens = Array.from(x0.subarray(1), (x) => Math.round(x * N));
  return trajectoryGap({
    family: jiqBlocking,
    params: p,
    start: (_def, s) => tokens.every((n, r) => s[r] === n),
    times: TIMES,
    fluidAt: (k) => ({ busyFraction: trajectory.states[k][0], tokenFraction: Array.from(trajectory.states[k].subarray(1)) }),
    coordinates: [['busyFraction'], ['tokenFraction', 1], ['tokenFraction', 2]],
  });
}

const METHOD =
  `exact transient means (uniformization, error bound <= ${DEFAULT_METRIC_TOLERANCE}) vs the fluid ODE (dopri5), sup over 51 times in [0, ${T}], ` +
  `N = ${SIZES.join(', ')}, observed order >= 0.9`;

export const transientFluidJiqBlocking = convergesInN({
  id: 'transient-fluid-jiq-blocking',
  claim:
    `jiq-blocking, lambda = 1/2, alpha = beta = ${ALPHA}, from the empty system: the finite-N means of the busy and token fractions ` +
    `follow the fluid trajectory within C/N on [0, ${T}]`,
  source: 'P1 Sec. IV (fluid limit); Gast & Van Houdt 2017 (1/N for smooth drifts); docs/THEORY.md §3',
  method: METHOD,
  expected: 'holds',
  sizes: SIZES,
  order: 1,
  error: (N) => gap('1/2', N),
});

export const transientFluidJiqBlockingFace = convergesInN({
  id: 'transient-fluid-jiq-blocking-face',
  claim:
    `jiq-blocking, lambda = 3/2, alpha = beta = ${ALPHA}, from the empty system (the fluid runs out of tokens and slides on the face x_r = 0): ` +
    `the finite-N means follow the fluid trajectory within C/N on [0, ${T}] (false: N^{-1/2})`,
  source: 'P1 Sec. IV (fluid limit, sliding on the face); docs/THEORY.md §3',
  method: METHOD,
  expected: 'refuted',
  sizes: SIZES,
  order: 1,
  error: (N) => gap('3/2', N),
});
