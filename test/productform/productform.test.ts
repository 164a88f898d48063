import { describe, expect, it } from 'vitest';
import {
  jiqBlocking,
  productForm,
  productFormApplies,
  productFormBlocking,
  productFormBlockingExact,
  type JiqBlockingParams,
} from '../../models/jiq-blocking.ts';
import { EXACT_POPULATION_LIMIT } from '../../src/productform/exact.ts';
import { Fraction, bigRatioToNumber, bitLength, ratToNumber, type Rational } from '../../src/core/rational.ts';
import {
  emptyProbabilities,
  emptyProbabilitiesExact,
  logWeight,
  normalizingConstantsExact,
  normalizingConstantsLog,
  weightExact,
  weightRatio,
  type ClosedNetwork,
  type Station,
} from '../../src/productform/index.ts';

/** Seeded uniform integers in [0, m) (mulberry32). */
function randomInts(seed: number): (m: number) => number {
  let a = seed >>> 0;
  return (m) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * m);
  };
}

/** Every vector of `m` counts >= 0 summing to K. */
function compositions(K: number, m: number): number[][] {
  if (m === 1) return [[K]];
  const out: number[][] = [];
  for (let first = 0; first <= K; first++) for (const rest of compositions(K - first, m - 1)) out.push([first, ...rest]);
  return out;
}

/** Natural log of a positive rational of any size (reference for the float engine). */
function logOf(r: Rational): number {
  const e = bitLength(r.n) - bitLength(r.d);
  const m = e > 0 ? bigRatioToNumber(r.n, r.d << BigInt(e)) : bigRatioToNumber(r.n << BigInt(-e), r.d);
  return Math.log(m) + e * Math.LN2;
}

function network(stations: [Station['kind'], string][], population: number): ClosedNetwork {
  return { population, stations: stations.map(([kind, d]) => ({ kind, demand: new Fraction(d) })) };
}

function randomNetwork(rnd: (m: number) => number, m: number, K: number): ClosedNetwork {
  const stations: Station[] = Array.from({ length: m }, () => ({
    kind: rnd(2) === 0 ? 'is' : 'single',
    demand: new Fraction(1 + rnd(12), 1 + rnd(12)),
  }));
  return { stations, population: K };
}

function jiq(N: number, lambda: string, alpha: string, beta?: string): JiqBlockingParams {
  return jiqBlocking.parse({ N: String(N), lambda, alpha, beta });
}

/** Erlang-B by its recursion E(0) = 1, E(n) = a E(n-1) / (n + a E(n-1)), exactly. */
function erlangB(servers: number, a: Rational): Rational {
  let E = new Fraction(1);
  for (let n = 1; n <= servers; n++) E = a.mul(E).div(a.mul(E).add(n));
  return E;
}

describe('exact normalising constants', () => {
  it('equal brute-force sums of weights, with and without each station', () => {
    const rnd = randomInts(7);
    for (let trial = 0; trial < 40; trial++) {
      const net = randomNetwork(rnd, 1 + rnd(4), rnd(8));
      const states = compositions(net.population, net.stations.length);
      const sum = (keep: (n: number[]) => boolean): Rational => states.filter(keep).reduce((s, n) => s.add(weightExact(net, n)), new Fraction(0));
      const G = sum(() => true);
      const c = normalizingConstantsExact(net);
      expect(c.G.equals(G)).toBe(true);
      const P0 = emptyProbabilitiesExact(net);
      net.stations.forEach((_, i) => {
        const without = sum((n) => n[i] === 0);
        expect(c.without[i].equals(without)).toBe(true);
        expect(P0[i].equals(without.div(G))).toBe(true);
      });
    }
  });

  it('match hand-computed closed cyclic and infinite-server networks', () => {
    // x = (1, 2), K = 3: G = 1 + 2 + 4 + 8; n_1 = 0 leaves 2^3, n_2 = 0 leaves 1^3.
    let net = network(
      [
        ['single', '1'],
        ['single', '2'],
      ],
      3,
    );
    expect(normalizingConstantsExact(net).G.equals(15)).toBe(true);
    expect(emptyProbabilitiesExact(net).map((p) => p.toFraction())).toEqual(['8/15', '1/15']);
    expect(emptyProbabilities(net)).toEqual([8 / 15, 1 / 15].map((v) => expect.closeTo(v, 15)));
    // three equal single servers, K = 2: C(4,2) = 6 states, 3 of them with a given station empty.
    net = network(
      [
        ['single', '1'],
        ['single', '1'],
        ['single', '1'],
      ],
      2,
    );
    expect(normalizingConstantsExact(net).G.equals(6)).toBe(true);
    expect(emptyProbabilitiesExact(net).every((p) => p.equals(new Fraction(1, 2)))).toBe(true);
    // infinite servers x = (1/2, 3/2), K = 4: G = (x1+x2)^4/4! = 2/3, G_{-1} = (3/2)^4/4!, G_{-2} = (1/2)^4/4!.
    net = network(
      [
        ['is', '1/2'],
        ['is', '3/2'],
      ],
      4,
    );
    const c = normalizingConstantsExact(net);
    expect([c.G, ...c.without].map((g) => g.toFraction())).toEqual(['2/3', '27/128', '1/384']);
    // one infinite server of demand 2 and one single server of demand 1, K = 2: weights 2^2/2!, 2*1, 1.
    net = network(
      [
        ['is', '2'],
        ['single', '1'],
      ],
      2,
    );
    expect(normalizingConstantsExact(net).G.equals(5)).toBe(true);
    expect(emptyProbabilitiesExact(net).map((p) => p.toFraction())).toEqual(['1/5', '2/5']);
  });

  it('population 0 gives G = 1 and a single station holds everyone', () => {
    const c = normalizingConstantsExact(
      network(
        [
          ['is', '3'],
          ['single', '5/7'],
        ],
        0,
      ),
    );
    expect([c.G, ...c.without].every((g) => g.equals(1))).toBe(true);
    expect(emptyProbabilitiesExact(network([['single', '2']], 4))[0].equals(0)).toBe(true);
    expect(normalizingConstantsLog(network([['is', '2']], 4)).logWithout).toEqual([-Infinity]);
  });
});

describe('weights', () => {
  it('logWeight and weightRatio agree with weightExact', () => {
    const rnd = randomInts(11);
    for (let trial = 0; trial < 50; trial++) {
      const net = randomNetwork(rnd, 1 + rnd(4), 0);
      const a = net.stations.map(() => rnd(6));
      const b = net.stations.map(() => rnd(6));
      const wa = weightExact(net, a);
      expect(logWeight(net, a)).toBeCloseTo(logOf(wa), 13);
      expect(weightRatio(net, a, b).equals(weightExact(net, b).div(wa))).toBe(true);
    }
  });
});

describe('log-scaled normalising constants', () => {
  const nets: [string, ClosedNetwork][] = [
    ['JIQ R=2', productForm(jiq(200, '9/10', '3/5,2/5')).network],
    ['JIQ R=3 overload', productForm(jiq(150, '7/5', '1/2,1/3,1/6', '1/6,1/2,1/3')).network],
    ['JIQ R=2 light', productForm(jiq(200, '1/2', '1/4,3/4')).network],
    [
      'two IS + two single',
      network(
        [
          ['is', '3/2'],
          ['single', '1/40'],
          ['is', '5'],
          ['single', '1/90'],
        ],
        180,
      ),
    ],
    [
      'single servers only',
      network(
        [
          ['single', '2/3'],
          ['single', '7/5'],
          ['single', '7/5'],
        ],
        120,
      ),
    ],
  ];
  it.each(nets)('%s: log G, log G_{-i} and P(n_i = 0) match the exact values to 1e-13', (_, net) => {
    const exact = normalizingConstantsExact(net);
    const approx = normalizingConstantsLog(net);
    const within = (got: number, want: number): void => {
      expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-13 * Math.max(1, Math.abs(want)));
    };
    within(approx.logG, logOf(exact.G));
    approx.logWithout.forEach((w, i) => within(w, logOf(exact.without[i])));
    // probabilities: relative 1e-13 on P itself, i.e. absolute 1e-13 on log P, up to the size of log P
    emptyProbabilities(net).forEach((p, i) => within(Math.log(p), logOf(exact.without[i].div(exact.G))));
  });
});

describe('JIQ blocking from the product form', () => {
  it('R = 1 is Erlang-B with N servers and offered load lambda N (tokens = idle servers)', () => {
    for (const N of [1, 2, 5, 17, 40]) {
      for (const lambda of ['1/2', '1', '9/5']) {
        const p = jiq(N, lambda, '1');
        const E = erlangB(N, p.lambda.mul(N));
        expect(productFormBlockingExact(p).equals(E)).toBe(true);
        expect(productFormBlocking(p)).toBeCloseTo(ratToNumber(E), 14);
      }
    }
  });

  it('float blocking matches the exact one', () => {
    for (const [N, lambda, alpha, beta] of [
      [30, '9/10', '3/5,2/5', '1/3,2/3'],
      [300, '6/5', '1/2,3/10,1/5', undefined],
    ] as const) {
      const p = jiq(N, lambda, alpha, beta);
      const exact = ratToNumber(productFormBlockingExact(p));
      expect(Math.abs(productFormBlocking(p) - exact)).toBeLessThanOrEqual(1e-14 * exact);
    }
  });

  // Off the critical curve R alpha_R lambda = 1 the convergence to Theorem 1's limit
  // max{1 - R alpha_R, 1 - 1/lambda} is O(1/N) or faster (measured: 2.7/N for lambda = 3/2,
  // exponentially fast for the two others), so 1e-4 at N = 10^5 is a loose bound.
  it.each([
    ['9/10', '3/5,2/5', 0.2],
    ['3/2', '1/2,1/2', 1 / 3],
    ['7/5', '1/2,1/3,1/6', 0.5],
  ] as const)('lambda = %s, alpha = %s: B decreases in N towards %f', (lambda, alpha, limit) => {
    const Ns = [1, 2, 5, 10, 30, 100, 1000, 1e4, 1e5];
    const B = Ns.map((N) => productFormBlocking(jiq(N, lambda, alpha)));
    for (let k = 1; k < B.length; k++) expect(B[k]).toBeLessThanOrEqual(B[k - 1] + 1e-15);
    expect(Math.abs(B[B.length - 1] - limit)).toBeLessThan(1e-4);
  });

  it('on the critical curve (R alpha_R lambda = 1) B decays only like 1/sqrt(N)', () => {
    for (const N of [1e4, 1e6]) {
      const B = productFormBlocking(jiq(N, '1', '1/2,1/2'));
      expect(B * Math.sqrt(N)).toBeGreaterThan(0.5);
      expect(B * Math.sqrt(N)).toBeLessThan(2);
    }
  });

  it('maps digits to station counts and says when the product form applies', () => {
    const pf = productForm(jiq(10, '1', '1/2,1/2'));
    const out = new Int32Array(3);
    pf.stationCounts(Int32Array.of(3, 4), out);
    expect(Array.from(out)).toEqual([3, 3, 4]);
    expect(pf.network.stations.map((s) => [s.kind, s.demand.toFraction()])).toEqual([
      ['is', '1'],
      ['single', '1/10'],
      ['single', '1/10'],
    ]);
    expect(productFormApplies(jiq(10, '1', '1/2,1/2'))).toBe(true);
    expect(productFormApplies(jiqBlocking.parse({ N: '10', lambda: '1', alpha: '1/2,1/2', nu: '1/3' }))).toBe(false);
  });
});

describe('exact convolution size guard', () => {
  it('refuses a population above EXACT_POPULATION_LIMIT up front, naming what answers it', () => {
    const big = {
      population: EXACT_POPULATION_LIMIT + 1,
      stations: [
        { kind: 'is' as const, demand: new Fraction(1) },
        { kind: 'single' as const, demand: new Fraction(1, 2) },
      ],
    };
    expect(() => normalizingConstantsExact(big)).toThrow(`population ${EXACT_POPULATION_LIMIT + 1} is above ${EXACT_POPULATION_LIMIT}`);
    expect(() => normalizingConstantsExact(big)).toThrow('the log-scaled float (without --exact) answers it');
  });
});
