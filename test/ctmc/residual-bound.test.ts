/**
 * The small-chain error bound ||pi - pi*||_1 <= ||d||_1 max_j q_j ||row_j(Q#)||_1
 * (src/ctmc/solvers/residual-bound.ts) against closed forms: on two states with rates
 * a (0 -> 1) and b (1 -> 0), Q^2 = -(a + b) Q, so the group inverse is
 * Q# = Q / (a + b)^2 and kappa = 2 max(a, b)^2 / (a + b)^2.
 */
import { describe, expect, it } from 'vitest';
import { residualCondition, residualErrorBound, type IncomingChain } from '../../src/ctmc/solvers/residual-bound.ts';

function twoStates(a: number, b: number): IncomingChain {
  // Incoming: state 0 from 1 at rate b, state 1 from 0 at rate a.
  return { n: 2, inPtr: Int32Array.from([0, 1, 2]), inSrc: Int32Array.from([1, 0]), inRate: Float64Array.from([b, a]), exit: Float64Array.from([a, b]) };
}

/** ||d||_1 with d_j = (pi Q)_j / q_j. */
function jacobi(c: IncomingChain, pi: Float64Array): number {
  let s = 0;
  for (let j = 0; j < c.n; j++) {
    let inflow = 0;
    for (let p = c.inPtr[j]; p < c.inPtr[j + 1]; p++) inflow += pi[c.inSrc[p]] * c.inRate[p];
    s += Math.abs(inflow / c.exit[j] - pi[j]);
  }
  return s;
}

describe('residualCondition and residualErrorBound', () => {
  it.each([
    [1, 3],
    [5, 2],
    [1e-3, 7],
  ])('two states, a = %f, b = %f: kappa = 2 max(a, b)^2 / (a + b)^2', (a, b) => {
    const pi = Float64Array.from([b / (a + b), a / (a + b)]);
    expect(residualCondition(twoStates(a, b), pi)).toBeCloseTo((2 * Math.max(a, b) ** 2) / (a + b) ** 2, 12);
  });

  it('bounds the true error of a perturbed law: kappa ||d||_1 = (9/8)(16/3) delta = 6 delta against the true 2 delta', () => {
    const [a, b] = [1, 3];
    const c = twoStates(a, b);
    const exact = Float64Array.from([b / (a + b), a / (a + b)]);
    const off = Float64Array.from([exact[0] + 1e-6, exact[1] - 1e-6]);
    const error = 2e-6;
    const bound = residualErrorBound(c, off, jacobi(c, off));
    expect(bound).toBeGreaterThanOrEqual(error);
    // e = (delta, -delta) gives d = (-(a + b) delta / a, (a + b) delta / b), ||d||_1 = (16/3) delta.
    expect(bound / 6e-6).toBeCloseTo(1, 4);
  });
});
