import { describe, expect, it } from 'vitest';
import { create, all, type MathJsInstance, type Matrix } from 'mathjs';
import { exactArith, floatArith } from '../../src/core/arith.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { bandOf } from '../../src/ctmc/solvers/band.ts';
import { solveExact } from '../../src/ctmc/solvers/exact.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import type { SparseGenerator } from '../../src/ctmc/explore/generator.ts';
import { solveGth } from '../../src/ctmc/solvers/gth.ts';
import { jiqBlocking } from '../../models/jiq-blocking.ts';

const math = create(all, { number: 'Fraction' }) as MathJsInstance;

/** Independent solve: dense pi Q = 0 with one equation replaced by sum(pi) = 1, by mathjs LU in fractions. */
function denseExact(g: SparseGenerator<Rational>): Rational[] {
  const n = g.n;
  const A: Rational[][] = Array.from({ length: n }, () => Array.from({ length: n }, () => new Fraction(0)));
  for (let i = 0; i < n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      // row j of A is column j of Q: A[j][i] = q_ij, A[i][i] = -q_i
      A[g.col[k]][i] = A[g.col[k]][i].add(g.rate[k]);
      A[i][i] = A[i][i].sub(g.rate[k]);
    }
  }
  A[0] = A[0].map(() => new Fraction(1));
  const b = A.map((_, i) => [new Fraction(i === 0 ? 1 : 0)]);
  const x = math.lusolve(math.matrix(A as never), math.matrix(b as never)) as Matrix;
  return (x.toArray() as unknown as Rational[][]).map((r) => new Fraction(r[0]));
}

function exactChain(N: number, lambda: string, alpha: string, extra: Record<string, string> = {}): SparseGenerator<Rational> {
  const p = jiqBlocking.parse({ N: String(N), lambda, alpha, ...extra });
  return explore(jiqBlocking.ctmc(p, exactArith), exactArith);
}

describe('exact rational solver (modular GTH + reconstruction)', () => {
  it.each([
    [3, '9/10', '3/5,2/5', {}],
    [4, '7/3', '1/2,1/3,1/6', { beta: '1/5,1/5,3/5' }],
    [3, '1/2', '3/5,2/5', { nu: '5/4' }],
  ] as const)('equals a dense fraction LU solve by mathjs (N=%i, lambda=%s, alpha=%s)', (N, lambda, alpha, extra) => {
    const g = exactChain(N, lambda, alpha, extra);
    const s = solveExact(g, bandOf(g));
    const dense = denseExact(g);
    for (let i = 0; i < g.n; i++) expect(new Fraction(s.numerators[i], s.total).equals(dense[i])).toBe(true);
  });

  it('gives the Erlang loss law for R = 1 (pi(n_0 = k) proportional to (lambda N)^k / k!)', () => {
    const N = 6;
    const g = exactChain(N, '5/4', '1');
    const s = solveExact(g, bandOf(g));
    // digit n_1 = idle servers = N - k; states sorted by n_1
    const a = new Fraction(15, 2); // lambda N
    const w = Array.from({ length: N + 1 }, (_, n1) => {
      const k = N - n1;
      let t = new Fraction(1);
      for (let j = 1; j <= k; j++) t = t.mul(a).div(j);
      return t;
    });
    const G = w.reduce((x, y) => x.add(y));
    for (let n1 = 0; n1 <= N; n1++) expect(new Fraction(s.numerators[n1], s.total).equals(w[n1].div(G))).toBe(true);
  });

  it('agrees with float GTH to 1e-13 relative on every state (N=30, R=2)', () => {
    const g = exactChain(30, '9/10', '3/5,2/5');
    const s = solveExact(g, bandOf(g));
    const p = jiqBlocking.parse({ N: '30', lambda: '9/10', alpha: '3/5,2/5' });
    const gf = explore(jiqBlocking.ctmc(p, floatArith), floatArith);
    const pi = solveGth(gf, bandOf(gf))!;
    for (let i = 0; i < g.n; i++) {
      const exact = new Fraction(s.numerators[i], s.total).valueOf();
      expect(Math.abs(pi[i] / exact - 1)).toBeLessThan(1e-13);
    }
  });
});
