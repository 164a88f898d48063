/**
 * The claim combinators the built-ins are written with: monotoneAlong names the
 * first wrong step with both values and is unknown where a value is not
 * trusted; forAll's Tally starts afresh at every run; forCases refutes on a
 * case decided false even when another is undecided.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forCases } from '../../src/check/cases.ts';
import { forAll, type ClaimInfo } from '../../src/check/define.ts';
import { Inconclusive } from '../../src/check/generated.ts';
import { monotoneAlong, type MonotoneSpec } from '../../src/check/monotone.ts';
import type { RunContext } from '../../src/check/property.ts';
import { UsageError } from '../../src/core/errors.ts';

const ctx: RunContext = { seed: 42, progress: () => {} };
const info: ClaimInfo = { id: 'a-claim', claim: 'a claim', source: 'a test', method: 'closed form', expected: 'holds' };

function along(values: readonly number[], o: Partial<MonotoneSpec<number>> = {}) {
  const asked: number[] = [];
  const claim = monotoneAlong({
    ...info,
    points: values.map((_, i) => i + 1),
    label: (k) => `k = ${k}`,
    metric: 'm',
    direction: 'decreasing',
    value: (k) => {
      asked.push(k);
      return values[k - 1];
    },
    ...o,
  });
  return { claim, asked };
}

describe('monotoneAlong', () => {
  it('holds on M/M/1 mean sojourn 1/(1 - rho), rising in rho = 1/10..9/10, with the first and last values', async () => {
    const rhos = [1, 3, 5, 7, 9].map((k) => k / 10);
    const sojourn = (rho: number) => 1 / (1 - rho);
    const claim = monotoneAlong({ ...info, points: rhos, label: (rho) => `rho = ${rho}`, metric: 'meanSojourn', direction: 'increasing', value: sojourn });
    const r = await claim.run(ctx);
    expect(r.verdict).toBe('holds');
    expect(r.summary).toBe('meanSojourn rises strictly at each of the 4 steps, from 1.11111 (rho = 0.1) to 10 (rho = 0.9)');
    expect(r.evidence.sequence).toEqual(rhos.map((rho) => ({ point: `rho = ${rho}`, meanSojourn: Number((1 / (1 - rho)).toPrecision(6)) })));
  });

  it('is refuted at the first step that does not move, with both values, and computes no later point', async () => {
    const { claim, asked } = along([3, 2, 2, 1]);
    const r = await claim.run(ctx);
    expect(r.verdict).toBe('refuted');
    expect(r.summary).toBe('m does not fall strictly from k = 2 to k = 3: 2 then 2');
    expect(r.counterexample).toEqual({ kind: 'point', point: { from: 'k = 2', to: 'k = 3' }, m: [2, 2] });
    expect(asked).toEqual([1, 2, 3]);
  });

  it('allows ties when not strict, and then refutes a rise', async () => {
    expect((await along([3, 2, 2, 1], { strict: false }).claim.run(ctx)).verdict).toBe('holds');
    const r = await along([3, 2, 2.5], { strict: false }).claim.run(ctx);
    expect(r.summary).toBe('m rises from k = 2 to k = 3: 2 then 2.5');
  });

  it('is unknown where a value cannot be trusted or is not a number, naming the point', async () => {
    const untrusted = along([3, 2, 1], {
      value: (k) => {
        if (k === 2) throw new Inconclusive('solve not trusted');
        return 4 - k;
      },
    });
    const r = await untrusted.claim.run(ctx);
    expect(r.verdict).toBe('unknown');
    expect(r.summary).toBe('at k = 2: solve not trusted');
    expect((await along([3, Number.NaN, 1]).claim.run(ctx)).summary).toBe('at k = 2: m is NaN');
  });

  it('needs two points', () => {
    expect(() => along([1])).toThrow(new UsageError('claim "a-claim": monotoneAlong needs at least two points, got 1'));
  });
});

describe("forAll's tally", () => {
  it('starts afresh at every run: two runs give the same evidence', async () => {
    const claim = forAll({
      ...info,
      cases: fc.integer({ min: 1, max: 100 }),
      numRuns: 30,
      tally: { largest: 'max', total: 'sum', even: 'sum' },
      check: (n, _ctx, t) => {
        t.note('largest', n);
        t.note('total', n);
        if (n % 2 === 0) t.note('even');
        return true;
      },
    });
    const first = await claim.run(ctx);
    const second = await claim.run(ctx);
    expect(first.evidence).toEqual(second.evidence);
    const sample = fc.sample(fc.integer({ min: 1, max: 100 }), { seed: 42, numRuns: 30 });
    const even = sample.filter((n) => n % 2 === 0).length;
    expect(first.evidence).toMatchObject({ cases: 30, largest: Math.max(...sample), total: sample.reduce((a, b) => a + b, 0), even });
  });
});

describe('forCases', () => {
  const claim = (outcomes: ('ok' | 'fail' | 'undecided')[]) =>
    forCases({
      ...info,
      cases: outcomes,
      check: (o, _ctx) => {
        if (o === 'undecided') throw new Inconclusive('not decided');
        return { ok: o === 'ok', record: { o } };
      },
      summary: { holds: 'all pass', refuted: (n) => `${n} fail` },
    });

  it('a case decided false refutes even when another is undecided', async () => {
    const r = await claim(['undecided', 'ok', 'fail']).run(ctx);
    expect(r.verdict).toBe('refuted');
    expect(r.counterexample).toEqual({ kind: 'case', case: { o: 'fail' } });
    expect(r.evidence.cases).toEqual([{ case: 1, undecided: 'not decided' }, { o: 'ok' }, { o: 'fail' }]);
  });

  it('undecided and none false is unknown; all passing holds; no case is unknown', async () => {
    expect((await claim(['ok', 'undecided']).run(ctx)).summary).toBe('1 case(s) undecided: not decided');
    expect((await claim(['ok', 'ok']).run(ctx)).verdict).toBe('holds');
    expect((await claim([]).run(ctx)).verdict).toBe('unknown');
  });
});
