/**
 * P1's coupling proof of Theorem 1 (THEORY section 3): driven by one trace, the
 * worse, original and better systems have used tokens in the order
 * worse <= original <= better at every time. The coupling shares arrival epochs
 * and dispatchers, a thinning uniform per arrival, and per-job service times and
 * token destinations (models/jiq-blocking/coupling.ts argues why this order holds).
 */
import { theorem1OrderProperty, usedInTotal } from './support/theorem1-coupling.ts';

export const couplingTheorem1Total = theorem1OrderProperty({
  id: 'coupling-theorem1-total',
  claim:
    'JIQ blocking, beta = 1/R: coupling arrivals, thinning and per-job service times and token destinations, ' +
    'the tokens used by every time t satisfy worse <= original <= better; R = 1..4, N <= 5, lambda in [0.1, 3], sorted alpha, traces of <= 30 arrivals',
  expected: 'holds',
  order: () => usedInTotal,
});
