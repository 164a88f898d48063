/**
 * The result and counterexample types, checked by the compiler (`tsc --noEmit`
 * runs over the tests): a refutation must carry a counterexample, the other
 * verdicts carry none, narrowing on `verdict` and on `kind` needs no cast, and
 * the run-time list of kinds is the union's.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  caseCounterexample,
  COUNTEREXAMPLE_KINDS,
  pointCounterexample,
  type BalanceCounterexample,
  type Counterexample,
  type CounterexampleKind,
  type SmtRefutation,
  type TraceCounterexample,
} from '../../src/check/counterexample.ts';
import { shownCounterexample, type DecidedResult, type PropertyResult, type ReplayResult, type UnknownResult } from '../../src/check/result.ts';
import type * as api from '../../src/api.ts';

const evidence = { n: 17 };

describe('PropertyResult, a union on the verdict', () => {
  it('a refutation carries a counterexample; proved, exact, holds and unknown carry none', () => {
    expectTypeOf<Extract<PropertyResult, { verdict: 'refuted' }>['counterexample']>().toEqualTypeOf<Counterexample>();
    expectTypeOf<DecidedResult['counterexample']>().toEqualTypeOf<undefined>();
    expectTypeOf<UnknownResult['counterexample']>().toEqualTypeOf<undefined>();
    expectTypeOf<DecidedResult['verdict']>().toEqualTypeOf<'proved' | 'exact' | 'holds'>();
    // @ts-expect-error a refutation without its counterexample
    const bare: PropertyResult = { verdict: 'refuted', summary: 'n = 17', evidence };
    // @ts-expect-error a counterexample on a verdict that holds
    const holding: PropertyResult = { verdict: 'holds', summary: 'n < 17', evidence, counterexample: caseCounterexample(17) };
    // @ts-expect-error an untagged counterexample
    const untagged: PropertyResult = { verdict: 'refuted', summary: 'n = 17', evidence, counterexample: { n: 17 } };
    expect([bare, holding, untagged].map((r) => r.verdict)).toEqual(['refuted', 'holds', 'refuted']);
  });

  it('narrows on the verdict and on the kind, with no cast', () => {
    const r: PropertyResult = { verdict: 'refuted', summary: 'n = 17', evidence, counterexample: pointCounterexample({ n: 17 }, { value: 17 }) };
    if (r.verdict === 'refuted') {
      expectTypeOf(r.counterexample).toEqualTypeOf<Counterexample>();
      const cx = r.counterexample;
      if (cx.kind === 'coupling-trace') expectTypeOf(cx).toEqualTypeOf<TraceCounterexample>();
      if (cx.kind === 'balance') expectTypeOf(cx).toEqualTypeOf<BalanceCounterexample>();
      if (cx.kind === 'smt-refutation') expectTypeOf(cx).toEqualTypeOf<SmtRefutation>();
    }
    expect(shownCounterexample(r)).toEqual({ kind: 'point', point: { n: 17 }, value: 17 });
  });

  it('a failed replay carries its counterexample; passed and undecided ones none', () => {
    expectTypeOf<Extract<ReplayResult, { outcome: 'failed' }>['counterexample']>().toEqualTypeOf<Counterexample>();
    expectTypeOf<Extract<ReplayResult, { outcome: 'undecided' }>['reason']>().toEqualTypeOf<string>();
    const failed: PropertyResult = {
      verdict: 'unknown',
      summary: 'replay',
      evidence,
      replay: { seed: 1, path: '0', outcome: 'failed', case: 17, reason: null, counterexample: caseCounterexample(17) },
    };
    expect(shownCounterexample(failed)).toEqual({ kind: 'case', case: 17 });
  });

  it("the run-time list of kinds is exactly the union's, and the public entry exports the types", () => {
    expectTypeOf<(typeof COUNTEREXAMPLE_KINDS)[number]>().toEqualTypeOf<CounterexampleKind>();
    expectTypeOf<api.PropertyResult>().toEqualTypeOf<PropertyResult>();
    expectTypeOf<api.Counterexample>().toEqualTypeOf<Counterexample>();
    expect(new Set(COUNTEREXAMPLE_KINDS).size).toBe(7);
  });

  it('a point counterexample keeps its values beside the point, and refuses names that would hide the tag or the point', () => {
    expect(pointCounterexample({ rho: '2' }, { meanJobs: '10/7' })).toEqual({ kind: 'point', point: { rho: '2' }, meanJobs: '10/7' });
    expect(() => pointCounterexample({ rho: '2' }, { kind: 'mine' })).toThrow('a point counterexample\'s values may not be named "kind"');
    expect(() => pointCounterexample({ rho: '2' }, { point: 1 })).toThrow('a point counterexample\'s values may not be named "point"');
  });
});
