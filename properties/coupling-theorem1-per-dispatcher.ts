/**
 * P1's coupling proof of Theorem 1, per dispatcher: for every dispatcher r, the
 * tokens used by jobs arriving at r by time t satisfy worse <= original <= better.
 * In the better system the arrivals at r < R draw on the merged pool of
 * dispatchers 1..R-1; the quantity compared is still "jobs that arrived at r and
 * got a token", the one per-dispatcher blocking needs.
 *
 * Known false (expected 'refuted'): the merged pool lets dispatcher 1's arrivals
 * take a token that the original keeps for dispatcher 2 (N = 1, R = 3 suffices).
 * coupling-theorem1-rates-per-dispatcher shows that no coupling can repair it.
 * The pooled form (dispatcher R, and dispatchers 1..R-1 together) is implied by
 * the argument in models/jiq-blocking/coupling.ts and tested in test/coupling/coupling.test.ts.
 */
import { theorem1OrderProperty, usedPerDispatcher } from './support/theorem1-coupling.ts';

export const couplingTheorem1PerDispatcher = theorem1OrderProperty({
  id: 'coupling-theorem1-per-dispatcher',
  claim:
    'JIQ blocking, beta = 1/R, same coupling: for every dispatcher r and time t, tokens used by arrivals at r satisfy worse <= original <= better; ' +
    'R = 1..4, N <= 5, lambda in [0.1, 3], sorted alpha, traces of <= 30 arrivals',
  expected: 'refuted',
  order: (p) => usedPerDispatcher(p.alpha.length),
});
