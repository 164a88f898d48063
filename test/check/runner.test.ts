import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Inconclusive, runGenerated } from '../../src/check/generated.ts';
import { runProperty } from '../../src/check/runner.ts';
import type { Property, RunContext } from '../../src/check/property.ts';

const ctx = (seed: number, path?: string): RunContext => ({ seed, path, progress: () => {} });

/** A claim that is false exactly for n >= 17: its counterexample must shrink to 17. */
const falseClaim: Property = {
  id: 'test-false',
  claim: 'n < 17 for every n in 0..1000',
  source: 'test',
  method: 'generated',
  expected: 'holds',
  run: (c) =>
    runGenerated(c, {
      arbitrary: fc.integer({ min: 0, max: 1000 }),
      predicate: (n) => n < 17,
      numRuns: 200,
      describe: (n) => n,
      evidence: () => ({}),
    }),
};

describe('generated properties', () => {
  it('refute a false claim with the minimal counterexample and a replayable path', async () => {
    const r = await runProperty(falseClaim, ctx(7));
    expect(r.verdict).toBe('refuted');
    expect(r.asExpected).toBe(false);
    expect(r.counterexample).toEqual({ kind: 'case', case: 17 });
    expect(r.seed).toBe(7);
    // A replay decides its one case, not the claim: the case fails, the claim's verdict stays unknown.
    const replay = await runProperty(falseClaim, ctx(7, r.path));
    expect(replay.verdict).toBe('unknown');
    expect(replay.replay).toEqual({ seed: 7, path: r.path, outcome: 'failed', case: 17, reason: null, counterexample: { kind: 'case', case: 17 } });
  });

  it('are unknown, never holds, when a case cannot be decided', async () => {
    const r = await runGenerated(ctx(1), {
      arbitrary: fc.integer({ min: 0, max: 10 }),
      predicate: (n) => {
        if (n === 3) throw new Inconclusive('solver did not converge at n = 3');
        return true;
      },
      numRuns: 100,
      describe: (n) => n,
      evidence: () => ({}),
    });
    expect(r.verdict).toBe('unknown');
    expect(r.summary).toBe('solver did not converge at n = 3');
    expect(r.evidence.firstUndecided).toBe(3);
  });

  it('turn an exception inside a property into unknown', async () => {
    const broken: Property = {
      ...falseClaim,
      run: () => {
        throw new Error('boom');
      },
    };
    const r = await runProperty(broken, ctx(1));
    expect(r.verdict).toBe('unknown');
    expect(r.summary).toContain('boom');
  });

  it('turn a refutation without a counterexample of a known kind (a .js claim the compiler never saw) into unknown', async () => {
    const evidence = { n: 17 };
    for (const counterexample of [undefined, 17, { n: 17 }, { kind: 'made-up' }]) {
      // Untyped, as from a .js file: JSON.parse returns any.
      const bare: Property = { ...falseClaim, run: () => JSON.parse(JSON.stringify({ verdict: 'refuted', summary: 'n = 17', evidence, counterexample })) };
      const r = await runProperty(bare, ctx(1));
      expect(r.verdict).toBe('unknown');
      expect(r.summary).toBe(
        'the claim returned refuted without a counterexample of a known kind ' +
          '(case, point, convergence-order, coupling-trace, balance, smt-refutation, regression): nothing is shown',
      );
      expect(r.evidence).toEqual(evidence);
    }
    const tagged: Property = { ...falseClaim, run: () => ({ verdict: 'refuted', summary: 'n = 17', evidence, counterexample: { kind: 'case', case: 17 } }) };
    expect((await runProperty(tagged, ctx(1))).verdict).toBe('refuted');
  });
});
