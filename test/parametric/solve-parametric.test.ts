import { describe, expect, it } from 'vitest';
import type { Arith } from '../../src/core/arith.ts';
import { UsageError } from '../../src/core/errors.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { solveChain, type Chain } from '../../src/ctmc/solve-chain.ts';
import { familyChainAt } from '../../src/parametric/family-parameter.ts';
import { evaluate, type RationalFunction } from '../../src/parametric/rational-function.ts';
import { solveParametric, type ParametricResult } from '../../src/parametric/solve-parametric.ts';
import { jiqBlocking } from '../../models/jiq-blocking.ts';
import { jsqD } from '../../models/jsq-d.ts';
import type { ModelFamily } from '../../src/core/model.ts';
import type { ParamSpecs } from '../../src/core/params.ts';

const fam = (f: unknown): ModelFamily<ParamSpecs, unknown> => f as ModelFamily<ParamSpecs, unknown>;

function solved(r: ParametricResult): Extract<ParametricResult, { status: 'solved' }> {
  if (r.status !== 'solved') throw new Error(`unknown: ${r.reason}`);
  return r;
}

const coeffs = (f: RationalFunction): { numerator: string[]; denominator: string[] } => ({
  numerator: f.numerator.map(String),
  denominator: f.denominator.map(String),
});

function jiq(raw: Record<string, string>, param = 'lambda'): ParametricResult {
  return solveParametric(param, familyChainAt(fam(jiqBlocking), raw, param));
}

describe('solve --param: metrics as exact rational functions', () => {
  it('N = 1, R = 2: B(lambda) = (12 lambda + 13) / (12 lambda + 25) (by hand: pi(1,0) = 5 pi(0,0) / (6 lambda), pi(0,1) = 5 pi(0,0) / (4 lambda))', () => {
    const r = solved(jiq({ N: '1', alpha: '3/5,2/5' }));
    expect(coeffs(r.metrics.blocking as RationalFunction)).toEqual({ numerator: ['13', '12'], denominator: ['25', '12'] });
  });

  it('N = 2 and 3 (R = 2), N = 2 (R = 3): the closed forms sympy finds by a fraction-field LU solve of the same chain', () => {
    // reference: sympy's DomainMatrix LU over QQ(x) on the chain written out independently in Python
    expect(coeffs(solved(jiq({ N: '2', alpha: '3/5,2/5' })).metrics.blocking as RationalFunction)).toEqual({
      numerator: ['175', '312', '288'],
      denominator: ['475', '600', '288'],
    });
    expect(coeffs(solved(jiq({ N: '3', alpha: '3/5,2/5' })).metrics.blocking as RationalFunction)).toEqual({
      numerator: ['2425', '6300', '8424', '7776'],
      denominator: ['8125', '17100', '16200', '7776'],
    });
    expect(coeffs(solved(jiq({ N: '2', alpha: '1/2,3/10,1/5' })).metrics.blocking as RationalFunction)).toEqual({
      numerator: ['382', '396', '162'],
      denominator: ['661', '558', '162'],
    });
  });

  it('R = 1 is the Erlang loss formula: B = (3 lambda)^3 / 3! / sum_k (3 lambda)^k / k! = 9 lambda^3 / (9 lambda^3 + 9 lambda^2 + 6 lambda + 2)', () => {
    const r = solved(jiq({ N: '3', alpha: '1' }));
    expect(coeffs(r.metrics.blocking as RationalFunction)).toEqual({ numerator: ['0', '0', '0', '9'], denominator: ['2', '6', '9', '9'] });
  });

  it.each([
    ['N=6, R=2', { N: '6', alpha: '3/5,2/5' }, 'lambda', ['9/10', '7/3', '13/11']],
    ['N=4, R=3, beta', { N: '4', alpha: '1/2,1/3,1/6', beta: '1/5,1/5,3/5' }, 'lambda', ['9/10', '5/2']],
    ['N=3, nu free', { N: '3', lambda: '1/2', alpha: '3/5,2/5' }, 'nu', ['5/4', '1/9', '3']],
  ] as const)('every metric, evaluated at points it was not fitted at, equals the exact solver there (%s)', (_label, raw, param, points) => {
    const r = solved(jiq(raw, param));
    for (const x of points) {
      const p = jiqBlocking.parse({ ...raw, [param]: x });
      const exact = solveChain((A) => jiqBlocking.ctmc(p, A), { method: 'exact' }).exact!.values;
      for (const [name, f] of Object.entries(r.metrics)) {
        const fs = Array.isArray(f) ? f : [f];
        const es = (Array.isArray(exact[name]) ? exact[name] : [exact[name]]) as Rational[];
        fs.forEach((g, i) => expect(evaluate(g, new Fraction(x)).equals(es[i]), `${name}[${i}] at ${x}`).toBe(true));
      }
    }
  });

  it('ratio metrics (E[reward] / E[per]) and a truncated family with K fixed: jsq-d meanSojourn = meanJobs N / (lambda N (1 - loss)) at a point', () => {
    const raw = { N: '2', d: '2', K: '3' };
    const r = solved(solveParametric('lambda', familyChainAt(fam(jsqD), raw, 'lambda')));
    const p = jsqD.parse({ ...raw, lambda: '3/7' });
    const exact = solveChain((A) => jsqD.ctmc(p, A), { method: 'exact', K: 3 }).exact!.values;
    for (const name of ['meanJobs', 'meanSojourn'])
      expect(evaluate(r.metrics[name] as RationalFunction, new Fraction(3, 7)).equals(exact[name] as Rational)).toBe(true);
  });
});

describe('solve --param: refusals', () => {
  it('names the rule for a parameter that is not a rate, or one that changes the state space', () => {
    expect(() => familyChainAt(fam(jiqBlocking), { N: '2', alpha: '1' }, 'N')).toThrow(/integer that sets the state space/);
    expect(() => familyChainAt(fam(jiqBlocking), { N: '2', alpha: '1' }, 'alpha')).toThrow(/is a list, not one rate/);
    expect(() => familyChainAt(fam(jiqBlocking), { N: '2', alpha: '1' }, 'mu')).toThrow(/has no parameter mu/);
    expect(() => solveParametric('lambda', familyChainAt(fam(jsqD), { N: '2', d: '2' }, 'lambda'))).toThrow(/needs --K/);
    // a chain whose state count depends on x
    const growing =
      (x: Rational): Chain =>
      (A) =>
        ring(A, new Array(x.compare(new Fraction(1, 3)) <= 0 ? 2 : 3).fill(A.fromRational(x)));
    expect(() => solveParametric('x', growing)).toThrow(UsageError);
    expect(() => solveParametric('x', growing)).toThrow(/changes the chain's states or transitions/);
  });

  it('answers unknown (never a wrong function) past the degree limit, and for a rate that is not a low-degree polynomial', () => {
    const r = solveParametric('lambda', familyChainAt(fam(jiqBlocking), { N: '6', alpha: '3/5,2/5' }, 'lambda'), { maxDegree: 3 });
    expect(r.status).toBe('unknown');
    if (r.status === 'unknown') expect(r.reason).toMatch(/above the limit 3/);
    const inverse = solveParametric('x', (x) => (A) => ring(A, [A.fromRational(x), A.fromRational(new Fraction(1).div(x))]));
    expect(inverse.status).toBe('unknown');
    if (inverse.status === 'unknown') expect(inverse.reason).toMatch(/not a polynomial of degree <= 3/);
  });
});

/** A cycle 0 -> 1 -> ... -> k-1 -> 0 with the given rates, one metric: P(state 0). */
function ring<T>(A: Arith<T>, rates: T[]): ChainDefinition<T> {
  const k = rates.length;
  return {
    digitNames: ['s'],
    radices: [k],
    initial: [0],
    metrics: [{ name: 'p0', reward: (s) => (s[0] === 0 ? A.one : A.zero) }],
    describe: (s) => `(s=${s[0]})`,
    successors: (s, _code, emit) => emit((s[0] + 1) % k, rates[s[0]]),
  };
}
