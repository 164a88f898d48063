/**
 * Limit claims on finite-N chains: a metric m(N), solved at each N of `sizes`
 * (src/check/solving.ts solveSequence), approaches its limit when the error
 * e(N) = |m(N) - limit| falls strictly with N and its observed order
 * log(e(N1)/e(N2))/log(N2/N1) between the sizes `orderBetween` is at least
 * `minOrder` (a wrong limit leaves e(N) flat or rising: order near 0 or below).
 * An untrusted solve leaves the case undecided (Inconclusive).
 */
import {
  type CaseOutcome,
  type EvidenceRecord,
  Inconclusive,
  type ModelFamily,
  observedOrder,
  type ParamSpecs,
  round,
  type Solved,
  solveEvidence,
  solveSequence,
} from 'lbcheck';

export interface LimitRule {
  readonly sizes: readonly number[];
  /** The two sizes the observed order is measured between. */
  readonly orderBetween: readonly [number, number];
  readonly minOrder: number;
  /** The metric's name in the evidence, and the significant digits it is shown with. */
  readonly metric: string;
  readonly digits: number;
  /** Also show N e(N) per size (an error of order 1/N keeps it flat). */
  readonly showScaled?: boolean;
}

/** One case: the family at N, the metric read from a solve, the limit, and the case's fields in the evidence. */
export interface LimitCase<P> {
  readonly family: ModelFamily<ParamSpecs, P>;
  paramsAt(N: number): P;
  value(solved: Solved): number;
  readonly limit: number;
  /** Fields before the sequence in the case's record. */
  readonly fields: EvidenceRecord;
}

/** One case of a forCases claim: passes when it approaches its limit by the rule. */
export function approaches<P>(rule: LimitRule, c: LimitCase<P>, progress: (what: string) => void): CaseOutcome {
  const run = solveSequence(c.family, (N) => c.paramsAt(N), rule.sizes, progress);
  if ('untrusted' in run) throw new Inconclusive(`a solve cannot be trusted: ${run.untrusted}`);
  const values = run.solves.map((s) => c.value(s.solved));
  const errors = values.map((v) => Math.abs(v - c.limit));
  const falling = errors.every((e, i) => i === 0 || e < errors[i - 1]);
  const [N1, N2] = rule.orderBetween;
  const order = observedOrder(N1, errors[rule.sizes.indexOf(N1)], N2, errors[rule.sizes.indexOf(N2)]);
  const record: EvidenceRecord = {
    ...c.fields,
    sequence: run.solves.map((s, i) => ({
      N: s.N,
      [rule.metric]: round(values[i], rule.digits),
      error: round(errors[i], 4),
      ...(rule.showScaled ? { NTimesError: round(s.N * errors[i], 4) } : {}),
      ...solveEvidence(s.solved),
    })),
    observedOrder: round(order, 3),
  };
  return { ok: falling && order >= rule.minOrder, record };
}
