/**
 * Universality of power-of-d [P2], THEORY section 4, at finite N: as d grows the
 * fraction of servers with at least two jobs, s_2, falls toward JSQ's value
 * (fluid limit s_2 = 0 whenever d(N) -> infinity). Checked at N = 8: s_2(d)
 * falls strictly for d = 1, 2, ..., N (d = N is JSQ). d = 1 is N independent
 * M/M/1 queues, s_2 = lambda^2 exactly (the lumped chain equals them:
 * test/models/queueing-families.test.ts); its truncation would need K near 40.
 * Also s_1 = lambda for every d (work conservation), to the solver's accuracy.
 */
import {
  type EvidenceRecord,
  Fraction,
  metricsOf,
  pointCounterexample,
  type Property,
  type PropertyResult,
  ratToNumber,
  round,
  solveEvidence,
  solveSequence,
} from 'lbcheck';
import { BOUNDARY_TOLERANCE } from 'lbcheck';
import { jsqD, meanFieldTail } from 'lbcheck/models';

const N = 8;
const LAMBDA = '1/2';
/** |s_1 - lambda| allowed: the iterative solver's residual is <= 1e-12, boundary mass <= BOUNDARY_TOLERANCE. */
const WORK_CONSERVATION = 1e-9;

export const jsqdUniversality: Property = {
  id: 'jsqd-universality',
  claim: `JSQ(d), N = ${N}, lambda = ${LAMBDA}: the fraction of servers with >= 2 jobs falls strictly as d grows from 1 (random) to N (JSQ)`,
  source: 'P2 (universality of power-of-d: JSQ(d(N)) has JSQ\'s fluid limit when d(N) -> inf), docs/THEORY.md §4; here at finite N',
  method: `lumped CTMC per d, iterative solver, boundary mass <= ${BOUNDARY_TOLERANCE}; d = 1 in closed form`,
  expected: 'holds',
  run: (ctx): PropertyResult => {
    const lambda = ratToNumber(new Fraction(LAMBDA));
    const ds = Array.from({ length: N - 1 }, (_, k) => k + 2);
    const s2: number[] = [lambda ** 2];
    const rows: EvidenceRecord[] = [{ d: 1, s2: lambda ** 2, meanField: lambda ** 2, source: 'M/M/1 closed form' }];
    let worstS1 = 0;
    for (const d of ds) {
      const run = solveSequence(jsqD, (n) => jsqD.parse({ N: String(n), lambda: LAMBDA, d: String(d) }), [N], (w) => ctx.progress(`d = ${d}: ${w}`));
      if ('untrusted' in run) return { verdict: 'unknown', summary: `a solve cannot be trusted: ${run.untrusted}`, evidence: { rows } };
      const s = run.solves[0].solved;
      const tail = metricsOf(jsqD, s.metrics).s;
      s2.push(tail[1]);
      worstS1 = Math.max(worstS1, Math.abs(tail[0] - lambda));
      rows.push({ d, s2: round(tail[1]), meanField: round(meanFieldTail(lambda, d, 2)), ...solveEvidence(s) });
    }
    const rise = s2.findIndex((x, i) => i > 0 && x >= s2[i - 1]);
    const conserved = worstS1 <= WORK_CONSERVATION;
    const evidence = { N, lambda: LAMBDA, s2ByD: rows, maxAbsS1MinusLambda: Number(worstS1.toPrecision(2)) };
    if (!conserved) return { verdict: 'unknown', summary: `s_1 misses lambda by ${worstS1.toExponential(2)}: the solves are not accurate enough`, evidence };
    if (rise === -1) return { verdict: 'holds', summary: `s_2 falls from ${round(s2[0], 4)} (d = 1) to ${round(s2[N - 1], 4)} (JSQ, d = ${N})`, evidence };
    const counterexample = pointCounterexample({ d: rise + 1 }, { s2: s2[rise], previous: s2[rise - 1] });
    return { verdict: 'refuted', summary: `s_2 does not fall from d = ${rise} to d = ${rise + 1}`, evidence, counterexample };
  },
};
