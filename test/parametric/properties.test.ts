import { describe, expect, it } from 'vitest';
import { Fraction } from '../../src/core/rational.ts';
import { decideSign } from '../../src/parametric/interval.ts';
import { difference, evaluate } from '../../src/parametric/rational-function.ts';
import { theorem1Blockings } from '../../properties/coupling-theorem1-finite-n.ts';
import { theorem1Functions } from '../../properties/parametric-coupling-bounds.ts';
import { basicJiq, POSITIVE_REALS } from '../../properties/support/parametric-jiq.ts';

describe('parametric coupling bounds', () => {
  it.each([
    [['3/5', '2/5'], 2],
    [['1/2', '3/10', '1/5'], 3],
  ] as const)('the functions B_better, B, B_worse (both pieces) equal the per-point exact solves of the coupled systems (alpha=%j, N=%i)', (alpha, N) => {
    const f = theorem1Functions(alpha, N);
    for (const x of ['1/3', '9/10', '7/5', '4']) {
      const lambda = new Fraction(x);
      const exact = theorem1Blockings({ ...basicJiq(alpha, N), lambda });
      expect(evaluate(f.B, lambda).equals(exact.original)).toBe(true);
      expect(evaluate(f.better, lambda).equals(exact.better)).toBe(true);
      const worse = lambda.compare(f.breakpoint) <= 0 ? f.worseLow : f.worseHigh;
      expect(evaluate(worse, lambda).equals(exact.worse), `B_worse at ${x}`).toBe(true);
    }
    // both pieces meet at the breakpoint
    expect(evaluate(f.worseLow, f.breakpoint).equals(evaluate(f.worseHigh, f.breakpoint))).toBe(true);
  });

  it('the reversed bound B <= B_better is refuted with a rational lambda where it fails (R = 3; at R = 2 the better system is the original)', () => {
    expect(difference(theorem1Functions(['3/5', '2/5'], 2).better, theorem1Functions(['3/5', '2/5'], 2).B).numerator).toEqual([]);
    const f = theorem1Functions(['1/2', '3/10', '1/5'], 2);
    const d = decideSign(difference(f.better, f.B), 'nonnegative', POSITIVE_REALS);
    expect(d.verdict).toBe('refuted');
    const w = d.witness as { x: string; value: string };
    const x = new Fraction(w.x);
    expect(evaluate(f.better, x).sub(evaluate(f.B, x)).equals(new Fraction(w.value))).toBe(true);
    expect(new Fraction(w.value).compare(0)).toBeLessThan(0);
  });
});
