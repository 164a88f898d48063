/**
 * Universality of power-of-d [P2], THEORY section 4, at finite N: as d grows the
 * fraction of servers with at least two jobs, s_2, falls toward JSQ's value
 * (fluid limit s_2 = 0 whenever d(N) -> infinity). Checked at N = 8: s_2(d)
 * falls strictly for d = 1, 2, ..., N (d = N is JSQ). d = 1 is N independent
 * M/M/1 queues, s_2 = lambda^2 exactly (the lumped chain equals them:
 * test/models/queueing-families.test.ts); its truncation would need K near 40.
 * Also s_1 = lambda for every d (work conservation), to the solver's accuracy:
 * a solve that misses it is not accurate enough, and the claim is unknown.
 */
import {
  BOUNDARY_TOLERANCE,
  Fraction,
  Inconclusive,
  metricsOf,
  monotoneAlong,
  type MonotoneValue,
  ratToNumber,
  round,
  solveEvidence,
  solveSequence,
} from 'lbcheck';
import { jsqD, meanFieldTail } from 'lbcheck/models';

const N = 8;
const LAMBDA = '1/2';
/** |s_1 - lambda| allowed: the iterative solver's residual is <= 1e-12, boundary mass <= BOUNDARY_TOLERANCE. */
const WORK_CONSERVATION = 1e-9;

export const jsqdUniversality = monotoneAlong({
  id: 'jsqd-universality',
  claim: `JSQ(d), N = ${N}, lambda = ${LAMBDA}: the fraction of servers with >= 2 jobs falls strictly as d grows from 1 (random) to N (JSQ)`,
  source: "P2 (universality of power-of-d: JSQ(d(N)) has JSQ's fluid limit when d(N) -> inf), docs/THEORY.md §4; here at finite N",
  method: `lumped CTMC per d, iterative solver, boundary mass <= ${BOUNDARY_TOLERANCE}; d = 1 in closed form`,
  expected: 'holds',
  points: Array.from({ length: N }, (_, k) => k + 1),
  label: (d) => (d === N ? `JSQ, d = ${d}` : `d = ${d}`),
  metric: 's_2',
  direction: 'decreasing',
  setting: { N, lambda: LAMBDA, s1Tolerance: WORK_CONSERVATION },
  value(d, ctx): MonotoneValue {
    const lambda = ratToNumber(new Fraction(LAMBDA));
    if (d === 1) return { value: lambda ** 2, evidence: { meanField: lambda ** 2, source: 'M/M/1 closed form' } };
    const run = solveSequence(
      jsqD,
      (n) => jsqD.parse({ N: String(n), lambda: LAMBDA, d: String(d) }),
      [N],
      (w) => ctx.progress(`d = ${d}: ${w}`),
    );
    if ('untrusted' in run) throw new Inconclusive(`a solve cannot be trusted: ${run.untrusted}`);
    const s = run.solves[0].solved;
    const [s1, s2] = metricsOf(jsqD, s.metrics).s;
    const missed = Math.abs(s1 - lambda);
    if (missed > WORK_CONSERVATION) throw new Inconclusive(`s_1 misses lambda by ${missed.toExponential(2)}: the solves are not accurate enough`);
    return { value: s2, evidence: { meanField: round(meanFieldTail(lambda, d, 2)), s1MinusLambda: Number(missed.toPrecision(2)), ...solveEvidence(s) } };
  },
});
