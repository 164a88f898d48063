/**
 * Verdicts that say no more than was shown.
 * Each test failed on the code before the fix.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { casesVerdict } from '../../src/check/cases.ts';
import { claimProperty } from '../../src/check/claim-property.ts';
import { runGenerated, Inconclusive } from '../../src/check/generated.ts';
import type { RunContext } from '../../src/check/property.ts';
import { runProperty } from '../../src/check/runner.ts';
import { properties } from '../../properties/index.ts';
import { smtClaims } from '../../properties/smt-claims.ts';
import { combineChecks } from '../../properties/support/fluid-confirm.ts';

const ctx = (seed: number): RunContext => ({ seed, progress: () => {} });
const byId = (id: string) => properties.find((p) => p.id === id)!;

describe('sampled checks are holds, never exact (14.4)', () => {
  it.each(['product-form-exact', 'little-law-blocking', 'coupling-theorem1-finite-n'])('%s expects holds', (id) => {
    expect(byId(id).expected).toBe('holds');
  });

  it('coupling-theorem1-finite-n claims the sizes it tests, not every finite N', () => {
    const claim = byId('coupling-theorem1-finite-n').claim;
    expect(claim).not.toContain('at every finite N');
    expect(claim).toContain('N <= 5');
  });

  it('a run of generated cases decided exactly is holds, with how each case was decided in the evidence', async () => {
    const r = await runProperty(byId('product-form-exact'), ctx(42));
    expect(r.verdict).toBe('holds');
    expect(r.evidence.eachCase).toBe('decided exactly, in rationals');
    expect(r.evidence.cases).toBe(30);
  });

  it('no property checked on generated or random cases expects exact or proved', () => {
    const sampled = properties.filter((p) => /generated|random cases|fast-check/.test(p.method));
    expect(sampled.length).toBeGreaterThan(10);
    expect(sampled.filter((p) => p.expected === 'exact' || p.expected === 'proved').map((p) => p.id)).toEqual([]);
  });
});

describe('Z3 claims carry the sizes decided (14.5)', () => {
  it('every prove-* property names its sizes in its claim', () => {
    for (const p of properties.filter((q) => q.id.startsWith('prove-'))) expect(p.claim).toMatch(/\[decided for .+ = \d+(, \d+)*\]$/);
    expect(byId('prove-nu-threshold-blocking').claim).toContain('[decided for dispatchers R = 2, 3, 4]');
  });

  it('power-of-d: decreasing in d only for the d decided; the equilibrium identity is said to be one; a tail part Z3 must decide', () => {
    const claim = smtClaims.find((c) => c.id === 'power-of-d-fixed-point')!;
    expect(claim.statement).toContain('identity by construction');
    expect(claim.statement).toContain('decreases from d to d + 1 for d = 1..n-1');
    expect(byId('prove-power-of-d-fixed-point').claim).toContain('[decided for largest d, n = 3, 4]');
    const names = claim.queries(4).map((q) => q.name);
    expect(names.filter((n) => n.startsWith('tail, d = '))).toHaveLength(3);
    expect(names.filter((n) => n.startsWith('equilibrium')).every((n) => n.includes('identity by construction'))).toBe(true);
  });
});

describe('shrinking only through cases decided false (14.6)', () => {
  it('a false claim whose small cases are undecided shrinks to the smallest decided counterexample', async () => {
    // false for n >= 17; undecided for 17 <= n < 30: the shrinker must stop at 30, not in the undecided band
    const r = await runGenerated(ctx(7), {
      arbitrary: fc.integer({ min: 0, max: 1000 }),
      predicate: (n) => {
        if (n >= 17 && n < 30) throw new Inconclusive(`cannot decide n = ${n}`);
        return n < 17;
      },
      numRuns: 200,
      describe: (n) => n,
      evidence: () => ({}),
    });
    expect(r.verdict).toBe('refuted');
    expect(r.counterexample).toEqual({ kind: 'case', case: 30 });
  });
});

describe('a confirmation says which checks ran (14.7)', () => {
  it('an ODE that never settled is not a confirmation', () => {
    const c = combineChecks(
      [
        { name: 'exact fixed-point solver', outcome: 'agrees' },
        { name: 'fluid ODE', outcome: 'did not run', note: 'the ODE had not settled by t = 2000' },
      ],
      {},
    );
    expect(c.confirmed).toBe(true);
    expect(c.detail.confirmedBy).toEqual(['exact fixed-point solver']);
    expect(c.detail.notRun).toEqual(['fluid ODE: the ODE had not settled by t = 2000']);
  });

  it('nothing that ran confirms nothing; any disagreement refuses', () => {
    expect(combineChecks([{ name: 'fluid ODE', outcome: 'did not run' }], {}).confirmed).toBe(false);
    expect(
      combineChecks(
        [
          { name: 'a', outcome: 'agrees' },
          { name: 'b', outcome: 'disagrees' },
        ],
        {},
      ).confirmed,
    ).toBe(false);
  });
});

describe('nothing checked is unknown, never a vacuous pass (14.11)', () => {
  it('zero generated cases', async () => {
    const r = await runGenerated(ctx(1), { arbitrary: fc.integer(), predicate: () => true, numRuns: 0, describe: (n) => n, evidence: () => ({}) });
    expect(r.verdict).toBe('unknown');
  });

  it('zero fixed cases', () => {
    expect(casesVerdict([], { holds: 'all pass', refuted: () => 'some fail' }, {}).verdict).toBe('unknown');
  });

  it('a Z3 claim decided at zero sizes', async () => {
    const p = claimProperty(smtClaims[0], { sizes: [], expected: 'proved' });
    const r = await runProperty(p, ctx(1));
    expect(r.verdict).toBe('unknown');
    expect(r.asExpected).toBe(false);
  });
});
