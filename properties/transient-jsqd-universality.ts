/**
 * [P2]'s universality along a trajectory: when d(N) grows with N, JSQ(d(N))
 * has JSQ's fluid limit. From the empty system with lambda < 1, JSQ's fluid
 * trajectory is s_1(t) = lambda (1 - e^{-t}), s_i(t) = 0 for i >= 2 (every
 * arrival finds an idle server: ds_1/dt = lambda - s_1). The exact finite-N
 * means of jsq-d (sampling without replacement) at d(N) = N/2, N = 2..10
 * even, lambda = 1/2, against it on 51 times in [0, 5], over meanJobs and
 * s_1..s_3: the sup-distance must fall like C/N (order >= 0.9 between
 * consecutive N; measured 1.15, 1.26, 1.71, 2.11, N times the distance 0.51,
 * 0.46, 0.41, 0.34, 0.26). With d fixed at 2 the trajectories approach
 * JSQ(2)'s fluid, not JSQ's: the distance stalls near 0.11 (0.130, 0.114,
 * 0.111, 0.110 at N = 2..8), so d must grow.
 */
import { convergesInN, DEFAULT_METRIC_TOLERANCE, Fraction } from 'lbcheck';
import { jsqD } from 'lbcheck/models';
import { grid, trajectoryGap } from './support/transient-fluid.ts';

const T = 5;
const TIMES = grid(T, 50);
const LAMBDA = new Fraction(1, 2);

/** JSQ's fluid trajectory from empty (lambda < 1): s_1 = lambda (1 - e^{-t}), nothing above level 1. */
function jsqFluid(k: number) {
  const s1 = LAMBDA.valueOf() * (1 - Math.exp(-TIMES[k]));
  return { meanJobs: s1, s: [s1, 0, 0] };
}

function gap(N: number, d: number): number {
  return trajectoryGap({
    family: jsqD,
    params: { N, d, lambda: LAMBDA, sampling: 'without', K: undefined },
    times: TIMES,
    fluidAt: jsqFluid,
    coordinates: [['meanJobs'], ['s', 1], ['s', 2], ['s', 3]],
  });
}

const method = (sizes: number[]) =>
  `exact transient means (uniformization, error bound <= ${DEFAULT_METRIC_TOLERANCE}) vs JSQ's fluid trajectory in closed form, ` +
  `sup over 51 times in [0, ${T}], N = ${sizes.join(', ')}, observed order >= 0.9`;

export const transientJsqdUniversality = convergesInN({
  id: 'transient-jsqd-universality',
  claim:
    'jsq-d, d(N) = N/2, lambda = 1/2, from the empty system: the finite-N means of meanJobs and s_1..s_3 ' +
    `follow JSQ's fluid trajectory within C/N on [0, ${T}]`,
  source: 'P2 (universality of JSQ(d(N)), d(N) -> infinity); docs/THEORY.md §4',
  method: method([2, 4, 6, 8, 10]),
  expected: 'holds',
  sizes: [2, 4, 6, 8, 10],
  order: 1,
  error: (N) => gap(N, N / 2),
});

export const transientJsqdFixedD = convergesInN({
  id: 'transient-jsqd-fixed-d',
  claim:
    `jsq-d, d = 2 fixed, lambda = 1/2, from the empty system: the finite-N means follow JSQ's fluid trajectory within C/N on [0, ${T}] ` +
    "(false: JSQ(2)'s own fluid limit differs from JSQ's)",
  source: 'P2 (universality needs d(N) -> infinity); docs/THEORY.md §4',
  method: method([2, 4, 6, 8]),
  expected: 'refuted',
  sizes: [2, 4, 6, 8],
  order: 1,
  error: (N) => gap(N, 2),
});
