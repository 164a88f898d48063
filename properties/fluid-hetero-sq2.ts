/**
 * Heterogeneous SQ(2) mean field [P3] (THEORY section 5): started from random
 * states, the mean-field ODE converges to the fixed point, and that point has
 * THEORY's product form P_j(n) = P_j(0) prod_{k=1}^n lambda (U_{k-1} + U_k)/C_j. The
 * ODE and the product-form iteration (models/hetero-ps/fluid.ts) are two methods;
 * the product form is checked on the ODE's settled state, level by level, while
 * P_j(n-1) > 1e-9.
 */
import fc from 'fast-check';
import { distance, forAll, Fraction, ratString, ratToNumber, settle } from 'lbcheck';
import { heteroPs, type HeteroPsParams, meanFieldBound } from 'lbcheck/models';

const TOLERANCE = 1e-7;

/** Largest relative miss of P_j(n)/P_j(n-1) = lambda (U_{n-1} + U_n)/C_j on the state's levels. */
function productFormMiss(p: HeteroPsParams, u: Float64Array): number {
  const M = p.rates.length;
  const K = u.length / M;
  const N = p.servers.reduce((a, b) => a + b, 0);
  const tail = (j: number, n: number): number => (n === 0 ? 1 : n > K ? 0 : u[j * K + n - 1]);
  const U = (n: number): number => p.servers.reduce((s, c, j) => s + (c / N) * tail(j, n), 0);
  const lambda = ratToNumber(p.lambda);
  let worst = 0;
  for (let j = 0; j < M; j++) {
    for (let n = 1; n < K; n++) {
      const prev = tail(j, n - 1) - tail(j, n);
      if (prev <= 1e-9) break;
      const ratio = (tail(j, n) - tail(j, n + 1)) / prev;
      const theory = (lambda * (U(n - 1) + U(n))) / ratToNumber(p.rates[j]);
      worst = Math.max(worst, Math.abs(ratio - theory) / theory);
    }
  }
  return worst;
}

const view = heteroPs.fluid!;

export const fluidHeteroSq2 = forAll({
  id: 'fluid-hetero-sq2',
  claim:
    'for 2..3 server classes (counts 1..5, capacities 1..4) and lambda in [0.2, 0.85] x the mean-field bound: ' +
    'the SQ(2) mean-field ODE from random states converges to the product-form fixed point (within 1e-7) ' +
    'and its settled state has P_j(n)/P_j(n-1) = lambda (U_{n-1} + U_n)/C_j (relative 1e-5)',
  source: 'P3 (mean-field fixed point of SQ(2) with heterogeneous PS servers); docs/THEORY.md §5',
  method: 'adaptive ODE (dopri5) vs product-form iteration, 20 generated cases',
  expected: 'holds',
  cases: fc
    .integer({ min: 2, max: 3 })
    .chain((M) =>
      fc.record({
        servers: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: M, maxLength: M }),
        rates: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: M, maxLength: M }),
        load: fc.integer({ min: 20, max: 85 }),
        start: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: M, maxLength: M }),
      }),
    )
    .map(({ servers, rates, load, start }) => {
      const base: HeteroPsParams = { servers, rates: rates.map((r) => new Fraction(r)), lambda: new Fraction(1), policy: 'sq2', mix: undefined, K: undefined };
      return { p: { ...base, lambda: meanFieldBound(base).mul(new Fraction(load, 100)) }, start: start.map((s) => s / 10) };
    }),
  numRuns: 20,
  tally: { worstDistance: 'max', worstProductFormMiss: 'max' },
  check({ p, start }, _ctx, tally) {
    const tr = settle(view.system(p), view.start(p, start));
    const d = distance(tr.final, view.fixedPoint(p).state);
    const miss = productFormMiss(p, tr.final);
    tally.note('worstDistance', d);
    tally.note('worstProductFormMiss', miss);
    return d <= TOLERANCE && miss <= 1e-5;
  },
  describe: ({ p, start }) => ({ servers: p.servers, rates: p.rates.map(ratString), lambda: ratString(p.lambda), start }),
  evidence: (tally) => ({ tolerance: TOLERANCE, ...tally.record() }),
});
