/**
 * JSQ(d) [P2], THEORY section 4: the finite-N mean sojourn T(N) approaches the
 * mean-field value T_mf = sum_{i >= 1} lambda^{(d^i - d)/(d - 1)} as N grows.
 * The drift of JSQ(d) is polynomial in the occupancy fractions, so mean-field
 * expectations are 1/N-accurate (Gast, SIGMETRICS 2017): e(N) = |T(N) - T_mf|
 * must fall strictly with N, with an observed order log(e(N1)/e(N2))/log(N2/N1)
 * of at least 0.8 between the smallest and the largest N (a wrong limit leaves
 * e(N) nearly flat: order near 0).
 */
import { casesVerdict, type CaseOutcome } from '../src/check/cases.ts';
import type { Property } from '../src/check/property.ts';
import { Fraction, ratToNumber } from '../src/core/rational.ts';
import type { EvidenceRecord, PropertyResult } from '../src/core/verdict.ts';
import { jsqD, meanFieldSojourn } from '../models/jsq-d.ts';
import { metricsOf, observedOrder, round, solveEvidence, solveSequence } from '../src/api.ts';

const SIZES = [4, 8, 12];
const MIN_ORDER = 0.8;

const CASES = [
  { d: 2, lambda: '1/4' },
  { d: 3, lambda: '1/2' },
];

export const jsqdMeanField: Property = {
  id: 'jsqd-mean-field',
  claim: `JSQ(d): the mean sojourn T(N) tends to sum_i lambda^((d^i - d)/(d - 1)) as N grows, at rate 1/N: |T(N) - T_mf| falls strictly over N = ${SIZES.join(', ')}, observed order >= ${MIN_ORDER}`,
  source: 'P2, docs/THEORY.md §4 (mean-field fixed point); 1/N accuracy: Gast, SIGMETRICS 2017',
  method: 'lumped CTMC, iterative solver, boundary mass <= 1e-10',
  expected: 'holds',
  run: (ctx): PropertyResult => {
    const records: EvidenceRecord[] = [];
    const outcomes: CaseOutcome[] = [];
    for (const c of CASES) {
      const run = solveSequence(jsqD, (N) => jsqD.parse({ N: String(N), lambda: c.lambda, d: String(c.d) }), SIZES, ctx.progress);
      if ('untrusted' in run) return { verdict: 'unknown', summary: `a solve cannot be trusted: ${run.untrusted}`, evidence: { cases: records } };
      const limit = meanFieldSojourn(ratToNumber(new Fraction(c.lambda)), c.d);
      const errors = run.solves.map((s) => Math.abs(metricsOf(jsqD, s.solved.metrics).meanSojourn - limit));
      const falling = errors.every((e, i) => i === 0 || e < errors[i - 1]);
      const last = SIZES.length - 1;
      const order = observedOrder(SIZES[0], errors[0], SIZES[last], errors[last]);
      const record: EvidenceRecord = {
        d: c.d,
        lambda: c.lambda,
        meanField: round(limit, 10),
        sequence: run.solves.map((s, i) => ({
          N: s.N,
          meanSojourn: round(metricsOf(jsqD, s.solved.metrics).meanSojourn, 10),
          error: round(errors[i], 4),
          NTimesError: round(s.N * errors[i], 4),
          ...solveEvidence(s.solved),
        })),
        observedOrder: round(order, 3),
      };
      records.push(record);
      outcomes.push({ ok: falling && order >= MIN_ORDER, record });
    }
    return casesVerdict(outcomes, { holds: `${CASES.length} cases: the error to the mean-field sojourn falls like 1/N`, refuted: (n) => `${n} cases do not approach the mean-field sojourn at rate 1/N` }, { sizes: SIZES, cases: records });
  },
};
