/**
 * What a refuted claim shows, one kind per way of being wrong, tagged by
 * `kind` (what `check --json` prints as `counterexample`, and what the
 * reporters in src/report/ and the explorer read, without casts):
 *
 *   case               a case as the claim describes it (a generated case, or one of a list)
 *   point              a point of a parameter space where a numeric claim fails, with its values
 *   convergence-order  two sizes between which an error falls slower than claimed
 *   coupling-trace     coupled runs step by step up to the violated order (check/trace-claim.ts)
 *   balance            a state where global balance fails, term by term (ctmc/certificate.ts)
 *   smt-refutation     Z3's models, each refuting one part exactly (check/claim-property.ts)
 *   regression         the simulator estimates flagged against the exact CTMC
 */
import { UsageError } from '../core/errors.ts';
import type { EvidenceRecord, EvidenceValue } from '../core/verdict.ts';
import type { BalanceFailure } from '../ctmc/certificate.ts';
import type { SmtRefutation } from './claim-property.ts';
import type { TraceCounterexample } from './trace-claim.ts';

export type { SmtRefutation } from './claim-property.ts';
export type { TraceCounterexample } from './trace-claim.ts';

/** A case as the claim describes it (any JSON value, records with their own `kind` included). */
export type CaseCounterexample = { kind: 'case'; case: EvidenceValue };

/** A point where the claim fails: the point, and beside it what was compared there (names other than kind and point). */
export type PointCounterexample = { kind: 'point'; point: EvidenceValue; [value: string]: EvidenceValue };

/** An error that should fall like N^-order: between N1 and N2 it falls at observedOrder, below the claimed order less its slack. */
export type ConvergenceCounterexample = { kind: 'convergence-order'; N1: number; N2: number; error1: number; error2: number; observedOrder: number };

/** A failing balance equation; `params` names the point when the claim ranges over several. */
export type BalanceCounterexample = BalanceFailure & { params?: EvidenceValue };

/** One estimate flagged by the regression rule: its case, metric, estimate with standard error, exact value and z-score. */
export type FlaggedComparison = { case: string; metric: string; estimate: number; stderr: number; exact: number; z: number | null };

/** The comparisons a simulator regression flagged (none when a regression expected to flag passed). */
export type RegressionCounterexample = { kind: 'regression'; flagged: FlaggedComparison[] };

export type Counterexample =
  | CaseCounterexample
  | PointCounterexample
  | ConvergenceCounterexample
  | TraceCounterexample
  | BalanceCounterexample
  | SmtRefutation
  | RegressionCounterexample;

export type CounterexampleKind = Counterexample['kind'];

/** Every kind, for checks at run time (a user's .js claim has no compiler to hold it to the union). */
export const COUNTEREXAMPLE_KINDS = [
  'case',
  'point',
  'convergence-order',
  'coupling-trace',
  'balance',
  'smt-refutation',
  'regression',
] as const satisfies readonly CounterexampleKind[];

/** A value tagged with a known kind (its fields are the claim's to get right). */
export function isCounterexample(v: unknown): v is Counterexample {
  return typeof v === 'object' && v !== null && 'kind' in v && COUNTEREXAMPLE_KINDS.some((k) => k === v.kind);
}

export function caseCounterexample(c: EvidenceValue): CaseCounterexample {
  return { kind: 'case', case: c };
}

/** A balance failure at a point (its parameters as people read them). */
export function balanceCounterexample(params: EvidenceValue, failure: BalanceFailure): BalanceCounterexample {
  const { kind, ...terms } = failure;
  return { kind, params, ...terms };
}

/** The point and its values; a value named kind or point is a usage error of the claim's author (it would hide the tag or the point). */
export function pointCounterexample(point: EvidenceValue, values: EvidenceRecord = {}): PointCounterexample {
  for (const name of ['kind', 'point']) {
    if (Object.hasOwn(values, name)) throw new UsageError(`a point counterexample's values may not be named "${name}"`);
  }
  return { kind: 'point', point, ...values };
}
