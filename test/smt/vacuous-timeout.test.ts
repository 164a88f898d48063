/**
 * A part whose negated conclusion is unsat but whose hypotheses Z3 cannot
 * decide is unknown, never proved. Z3's answer on the hypotheses is made a
 * timeout here (a real timeout depends on the machine's speed: the same query
 * is sometimes decided within 1 ms): the hypotheses-only query is the second
 * checkSat of the part; the first, the negated conclusion, runs on Z3.
 */
import { describe, expect, it, vi } from 'vitest';
import { decideClaim, type SmtClaim } from '../../src/smt/claim.ts';
import { num, variable } from '../../src/smt/expr.ts';

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/smt/z3.ts', async (original) => {
  const z3 = await original<typeof import('../../src/smt/z3.ts')>();
  return {
    ...z3,
    checkSat: async (...args: Parameters<typeof z3.checkSat>) =>
      ++calls.n === 2 ? { status: 'unknown' as const, reason: 'timeout', seconds: 0.001 } : z3.checkSat(...args),
  };
});

describe('vacuous parts: an undecided hypotheses check', () => {
  it('leaves the part unknown, even when the negated conclusion is unsat', async () => {
    const lambda = variable('lambda');
    const claim: SmtClaim = {
      id: 'undecided-hypotheses',
      statement: 'for every real lambda > 0: 0 = 0',
      source: 'a test',
      sizeRange: { meaning: 'size', min: 1, max: 1 },
      encoding: 'one part: hypothesis lambda > 0; conclusion 0 = 0',
      queries: () => [{ name: 'lambda > 0 gives 0 = 0', hypotheses: [lambda.gt(0)], conclusion: num(0).eq(0) }],
    };
    const r = await decideClaim(claim, 1, 10_000);
    expect(calls.n).toBe(2);
    expect(r.verdict).toBe('unknown');
    expect(r.parts[0].verdict).toBe('unknown');
    expect(r.parts[0].hypotheses).toMatchObject({ status: 'unknown', reason: 'timeout' });
    expect(r.parts[0].reason).toMatch(/whether the hypotheses can hold is undecided: Z3 returned unknown \(timeout\)/);
  });
});
