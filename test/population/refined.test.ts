/**
 * `lbcheck refined` on a user's population family (the SIS fixture): one
 * coordinate (S is implied by the total), so every term of the expansion has
 * a closed form. With a = beta - gamma, i* = 1 - gamma/beta, f(i) = beta i (1 - i) - gamma i:
 * f' = -a, f'' = -2 beta, Q = beta i(1-i) + gamma i = 2 gamma i*, Q' = beta (1 - 2 i*) + gamma,
 * Q'' = -2 beta, R = f(i*) = 0 (jumps +-1), and
 *   W = Q/(2a), V = f'' W / (2a), D = 3 W^2,
 *   C = (3/2 f'' D + 3 Q V + 3 Q' W)/(3a), B = (f'' C + Q' V + Q'' W/2)/(2a), A = f'' B/(2a).
 */
import { describe, expect, it } from 'vitest';
import { lbcheck } from '../support/cli.ts';

const SIS = new URL('../fixtures/user/sis.ts', import.meta.url).pathname;

function closedForm(beta: number, gamma: number): { pi: number; V: number; A: number } {
  const a = beta - gamma;
  const i = 1 - gamma / beta;
  const f2 = -2 * beta;
  const Q = 2 * gamma * i;
  const Q1 = beta * (1 - 2 * i) + gamma;
  const Q2 = -2 * beta;
  const W = Q / (2 * a);
  const V = (f2 * W) / (2 * a);
  const D = 3 * W * W;
  const C = (1.5 * f2 * D + 3 * Q * V + 3 * Q1 * W) / (3 * a);
  const B = (f2 * C + Q1 * V + (Q2 * W) / 2) / (2 * a);
  return { pi: i, V, A: (f2 * B) / (2 * a) };
}

describe('lbcheck refined on a population family', () => {
  it.each([
    ['2', '1/2', 2, 0.5],
    ['3', '2', 3, 2],
  ])('SIS, beta = %s, gamma = %s: pi, V and A are the closed forms', (b, g, beta, gamma) => {
    const r = lbcheck('refined', 'user-sis', '--file', SIS, '--beta', b, '--gamma', g, '--json');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout).expansion.infected;
    const want = closedForm(beta, gamma);
    expect(s.meanField).toBeCloseTo(want.pi, 12);
    expect(s.order1).toBeCloseTo(want.V, 12);
    expect(s.order2).toBeCloseTo(want.A, 11);
  });
});
