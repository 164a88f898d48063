/**
 * The text of each kind of counterexample, from real refutations: built-in
 * claims known to be refuted (seed 42, as `lbcheck check` runs them), a point
 * where product-form-exchange fails, and a regression's flagged comparisons.
 * The expected texts in test/fixtures/counterexample-text/ are what the reporter
 * printed before counterexamples were typed by kind (lbcheck 951d69f): typing
 * them changed no line a person reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { properties } from '../../properties/index.ts';
import type { Counterexample, CounterexampleKind } from '../../src/check/counterexample.ts';
import { runProperty } from '../../src/check/runner.ts';
import type { RunContext } from '../../src/check/property.ts';
import { counterexampleText } from '../../src/report/counterexample-text.ts';

const ctx: RunContext = { seed: 42, progress: () => {} };

const printedBefore = (kind: CounterexampleKind): string[] =>
  readFileSync(new URL(`../fixtures/counterexample-text/${kind}.txt`, import.meta.url), 'utf8')
    .trimEnd()
    .split('\n');

function claim(id: string) {
  const p = properties.find((q) => q.id === id);
  if (!p) throw new Error(`no built-in claim ${id}`);
  return p;
}

async function refutation(id: string): Promise<Counterexample> {
  const r = await runProperty(claim(id), ctx);
  if (r.verdict !== 'refuted') throw new Error(`${id}: ${r.verdict}, ${r.summary}`);
  return r.counterexample;
}

describe('counterexamples for people, one kind at a time', () => {
  it.each([
    ['balance', 'product-form-exchange'],
    ['case', 'coupling-theorem1-rates-per-dispatcher'],
    ['coupling-trace', 'coupling-theorem1-per-dispatcher'],
    ['convergence-order', 'transient-jsqd-fixed-d'],
    ['smt-refutation', 'prove-theorem2-min-only'],
  ] as const)(
    '%s: the text of %s is the one printed before',
    async (kind, id) => {
      const cx = await refutation(id);
      expect(cx.kind).toBe(kind);
      expect(counterexampleText(cx)).toEqual(printedBefore(kind));
    },
    120_000,
  );

  it('point: product-form-exchange at N = 1, lambda = 1/10, alpha = (1/2, 1/2), beta = (1/3, 2/3), nu = 1/4', async () => {
    const q = claim('product-form-exchange').parameters!;
    const r = await q.at(q.parse({ N: '1', lambda: '1/10', alpha: '1/2,1/2', beta: '1/3,2/3', nu: '1/4' }), ctx);
    expect(r.verdict).toBe('refuted');
    if (r.verdict !== 'refuted') return;
    const balance = { state: '(n0=0, n1=1, n2=0)', difference: '1/8' };
    expect(r.counterexample).toMatchObject({ kind: 'point', point: { N: 1, lambda: '1/10', nu: '1/4' }, balance });
    expect(counterexampleText(r.counterexample)).toEqual(printedBefore('point'));
  });

  it('regression: the flagged comparisons, and a line saying so when none was flagged', () => {
    const flagged = [
      { case: 'small-1', metric: 'blocking', estimate: 0.25, stderr: 0.01, exact: 0.2, z: 5 },
      { case: 'small-2', metric: 'meanJobs', estimate: 1.5, stderr: 0.1, exact: 1.2, z: 3 },
    ];
    expect(counterexampleText({ kind: 'regression', flagged })).toEqual(printedBefore('regression'));
    expect(counterexampleText({ kind: 'regression', flagged: [] })).toEqual(['  no comparison flagged']);
  });

  it("a value whose fields do not match its kind (a user's .js claim) is shown as it is, not a crash", () => {
    const malformed = JSON.parse('{"kind":"coupling-trace","params":{"N":2}}') as Counterexample;
    expect(counterexampleText(malformed)).toEqual(['  kind: coupling-trace', '  params:', '    N: 2']);
  });
});
