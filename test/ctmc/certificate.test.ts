import { describe, expect, it } from 'vitest';
import { jiqBlocking, productForm, type JiqBlockingParams } from '../../models/jiq-blocking.ts';
import { exactArith } from '../../src/core/arith.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import type { ClaimedLaw } from '../../src/core/model.ts';
import { certify } from '../../src/ctmc/certificate.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import { productFormLaw, weightExact } from '../../src/productform/index.ts';

/** A one-digit birth-death chain on 0..K with constant rates up and down. */
function birthDeath(K: number, up: Rational, down: Rational): ChainDefinition<Rational> {
  return {
    digitNames: ['n'],
    radices: [K + 1],
    initial: [0],
    metrics: [],
    describe: (s) => `(n=${s[0]})`,
    successors(s, code, emit) {
      if (s[0] < K) emit(code + 1, up);
      if (s[0] > 0) emit(code - 1, down);
    },
  };
}

/** pi(n) proportional to rho^n. */
function geometricLaw(rho: Rational): ClaimedLaw {
  return { ratio: (from, to) => rho.pow(to[0] - from[0]) };
}

function jiqLaw(p: JiqBlockingParams): ClaimedLaw {
  const pf = productForm(p);
  return productFormLaw(pf.network, pf.stationCounts);
}

/** Seeded distribution of R positive rationals summing to 1, as "a/b,..." text. */
function randomDistribution(R: number, seed: number): string {
  let x = seed;
  const w = Array.from({ length: R }, () => {
    x = (x * 48271) % 2147483647;
    return 1 + (x % 9);
  });
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((v) => `${v}/${total}`).join(',');
}

function binomial(n: number, k: number): number {
  let b = 1;
  for (let i = 1; i <= k; i++) b = (b * (n - k + i)) / i;
  return b;
}

describe('certificate on a chain with a known law', () => {
  const lambda = new Fraction(2, 3);
  const mu = new Fraction(5, 4);

  it('accepts the truncated M/M/1 law rho^n', () => {
    const r = certify(birthDeath(12, lambda, mu), geometricLaw(lambda.div(mu)));
    expect(r).toMatchObject({ holds: true, states: 13, transitions: 24 });
    expect(r.counterexample).toBeUndefined();
  });

  it("refutes a wrong ratio at the lowest state, where inflow/pi = mu rho' and outflow = lambda", () => {
    const wrong = lambda.div(mu).add(new Fraction(1, 7));
    const r = certify(birthDeath(12, lambda, mu), geometricLaw(wrong));
    expect(r.holds).toBe(false);
    expect(r.counterexample).toEqual({
      kind: 'balance',
      state: '(n=0)',
      inflowOverPi: mu.mul(wrong).toFraction(),
      outflowRate: '2/3',
      difference: mu.mul(wrong).sub(lambda).toFraction(),
      inflow: [{ from: '(n=1)', rate: '5/4', piRatio: wrong.toFraction(), term: mu.mul(wrong).toFraction() }],
      outflow: [{ to: '(n=1)', rate: '2/3' }],
    });
  });

  it('accepts the non-reversible law of a cycle 0 -> 1 -> 2 -> 0 (pi_i proportional to 1/rate_i)', () => {
    const rates = [new Fraction(3), new Fraction(1, 2), new Fraction(7, 5)];
    const cycle: ChainDefinition<Rational> = {
      digitNames: ['i'],
      radices: [3],
      initial: [0],
      metrics: [],
      describe: (s) => `(i=${s[0]})`,
      successors: (s, code, emit) => emit((code + 1) % 3, rates[s[0]]),
    };
    expect(certify(cycle, { ratio: (from, to) => rates[from[0]].div(rates[to[0]]) }).holds).toBe(true);
    expect(certify(cycle, { ratio: () => new Fraction(1) }).holds).toBe(false);
  });
});

describe('certificate of the JIQ blocking product form', () => {
  it.each([1, 2, 3])('holds without token exchange, R = %i, random alpha and beta', (R) => {
    for (const seed of [3, 17]) {
      const N = 8;
      const p = jiqBlocking.parse({ N: String(N), lambda: '7/10', alpha: randomDistribution(R, seed), beta: randomDistribution(R, seed + 1) });
      const r = certify(jiqBlocking.ctmc(p, exactArith), jiqLaw(p));
      expect(r.holds).toBe(true);
      expect(r.states).toBe(binomial(N + R, R));
    }
  });

  it('holds at N = 100, R = 2 (5151 states)', () => {
    const p = jiqBlocking.parse({ N: '100', lambda: '9/10', alpha: '3/5,2/5', beta: '1/3,2/3' });
    expect(certify(jiqBlocking.ctmc(p, exactArith), jiqLaw(p))).toMatchObject({ holds: true, states: 5151 });
  });

  it.each([
    ['3/5,2/5', '1/2,1/2', '1'],
    ['1/2,1/3,1/6', '1/3,1/3,1/3', '1/4'],
  ])('fails with token exchange (alpha %s, beta %s, nu %s), at the violating state of lowest code', (alpha, beta, nu) => {
    const p = jiqBlocking.parse({ N: '4', lambda: '9/10', alpha, beta, nu });
    const def = jiqBlocking.ctmc(p, exactArith);
    const r = certify(def, jiqLaw(p));
    expect(r.holds).toBe(false);

    // Independent check: both sides of global balance from the explored generator and
    // the unnormalised weights prod f_i(n_i) (no weight ratios), at every state.
    const g = explore(def, exactArith);
    const pf = productForm(p);
    const digits = new Int32Array(p.alpha.length);
    const counts = new Int32Array(p.alpha.length + 1);
    const weights = Array.from(g.codes, (code) => {
      decodeDigits(code, p.N + 1, digits);
      pf.stationCounts(digits, counts);
      return weightExact(pf.network, counts);
    });
    const inflow = Array.from(g.codes, () => new Fraction(0));
    const outflow = Array.from(g.codes, () => new Fraction(0));
    for (let i = 0; i < g.n; i++) {
      for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
        const j = g.col[k];
        inflow[j] = inflow[j].add(weights[i].div(weights[j]).mul(g.rate[k]));
        outflow[i] = outflow[i].add(g.rate[k]);
      }
    }
    const first = inflow.findIndex((v, j) => !v.equals(outflow[j])); // codes are increasing
    expect(first).toBeGreaterThanOrEqual(0);
    decodeDigits(g.codes[first], p.N + 1, digits);
    expect(r.counterexample).toMatchObject({
      state: def.describe(digits),
      inflowOverPi: inflow[first].toFraction(),
      outflowRate: outflow[first].toFraction(),
    });
    // Term by term: every transition into the state, with q and the weight ratio from the explored generator.
    const describe = (code: number) => {
      decodeDigits(code, p.N + 1, digits);
      return def.describe(digits);
    };
    const terms: { from: string; rate: string; piRatio: string; term: string }[] = [];
    for (let i = 0; i < g.n; i++) {
      for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
        if (g.col[k] !== first || i === first) continue;
        const ratio = weights[i].div(weights[first]);
        terms.push({ from: describe(g.codes[i]), rate: g.rate[k].toFraction(), piRatio: ratio.toFraction(), term: ratio.mul(g.rate[k]).toFraction() });
      }
    }
    const key = (t: { from: string }) => t.from;
    expect([...r.counterexample!.inflow].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(terms.sort((a, b) => key(a).localeCompare(key(b))));
    expect(r.counterexample!.outflow.length).toBeGreaterThan(0);
  });
});

function decodeDigits(code: number, radix: number, out: Int32Array): void {
  for (let d = 0; d < out.length; d++) {
    out[d] = code % radix;
    code = Math.floor(code / radix);
  }
}
