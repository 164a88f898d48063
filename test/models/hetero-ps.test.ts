import { describe, expect, it } from 'vitest';
import { SOLVE_JSON_KEYS } from '../support/solve-json.ts';
import { floatArith, type Arith } from '../../src/core/arith.ts';
import type { ChainDefinition, MetricDef } from '../../src/core/model.ts';
import { encode, mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import { solveChain, solveModel } from '../../src/ctmc/solve.ts';
import { trusted } from '../../src/ctmc/solve-chain.ts';
import { searchCap, searchTruncation } from '../../src/ctmc/truncation/truncation-search.ts';
import { heteroPs, hybridThreshold, meanFieldBound, stabilityBound, staticShare, totalCapacity, type HeteroPsParams } from '../../models/hetero-ps.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { lbcheck, expectUsageError } from '../support/cli.ts';
import { expectSameRestriction } from '../support/lumped-law.ts';
import { mm1k } from '../support/mm1k.ts';

const params = (raw: Record<string, string>): HeteroPsParams => heteroPs.parse(raw);

/**
 * The labelled chain: one digit per server (its job count), routing found by
 * enumerating every unordered pair of servers. Independent of the lumped
 * chain's counting formulas.
 */
function labelledChain<T>(p: HeteroPsParams, A: Arith<T>): ChainDefinition<T> {
  const caps = p.servers.flatMap((c, j) => new Array<Rational>(c).fill(p.rates[j]));
  const cls = p.servers.flatMap((c, j) => new Array<number>(c).fill(j));
  const N = caps.length;
  const K = p.K!;
  const q = staticShare(p);
  const C = totalCapacity(p);
  const arrivals = p.lambda.mul(N);
  const radices = new Array<number>(N).fill(K + 1);
  const w = mixedRadixWeights(radices);
  const route = (s: Int32Array): Rational[] => {
    const r = caps.map((c) => q.mul(c).div(C));
    const dynamic = new Fraction(1).sub(q);
    if (N === 1) r[0] = r[0].add(dynamic);
    const pair = dynamic.div((N * (N - 1)) / 2);
    for (let x = 0; x < N; x++) {
      for (let y = x + 1; y < N; y++) {
        if (s[x] < s[y]) r[x] = r[x].add(pair);
        else if (s[y] < s[x]) r[y] = r[y].add(pair);
        else {
          r[x] = r[x].add(pair.div(2));
          r[y] = r[y].add(pair.div(2));
        }
      }
    }
    return r;
  };
  const total = (s: Int32Array, j?: number): number => Array.from(s).reduce((a, n, i) => a + (j === undefined || cls[i] === j ? n : 0), 0);
  const metrics: MetricDef<T>[] = [
    { name: 'meanJobs', reward: (s) => A.fromRational(new Fraction(total(s), N)) },
    ...p.servers.map((c, j) => ({ name: 'classMeanJobs', index: j + 1, reward: (s: Int32Array) => A.fromRational(new Fraction(total(s, j), c)) })),
    {
      name: 'meanSojourn',
      reward: (s) => A.fromInt(total(s)),
      per: (s) => {
        const r = route(s);
        return A.fromRational(arrivals.mul(new Fraction(1).sub(r.reduce((a, x, i) => (s[i] === K ? a.add(x) : a), new Fraction(0)))));
      },
    },
  ];
  return {
    digitNames: caps.map((_, i) => `n${i + 1}`),
    radices,
    initial: new Array<number>(N).fill(0),
    metrics,
    describe: (s) => Array.from(s).join(','),
    atBoundary: (s) => s.includes(K),
    successors(s, code, emit) {
      const r = route(s);
      for (let i = 0; i < N; i++) {
        if (s[i] > 0) emit(code - w[i], A.fromRational(caps[i]));
        if (s[i] < K && r[i].n > 0n) emit(code + w[i], A.fromRational(arrivals.mul(r[i])));
      }
    },
  };
}

function lumpedExact(p: HeteroPsParams): { states: number; values: Record<string, string | string[]> } {
  const s = solveModel(heteroPs, p, { method: 'exact' });
  return { states: s.evidence.states, values: s.exact!.text as Record<string, string | string[]> };
}

describe('hetero-ps: the lumped chain equals the labelled per-server chain (exact)', () => {
  it.each<Record<string, string>>([
    { servers: '2,1', rates: '1,3', lambda: '2/3', K: '3', policy: 'sq2' },
    { servers: '2,1', rates: '1,3', lambda: '2/3', K: '3', policy: 'static' },
    { servers: '2,1', rates: '1,3', lambda: '2/3', K: '3', policy: 'hybrid', mix: '1/3' },
    { servers: '2,2', rates: '2,1', lambda: '1', K: '2', policy: 'sq2' },
    { servers: '1,1,1', rates: '1,2,3', lambda: '1', K: '2', policy: 'hybrid', mix: '1/2' },
  ])('%j', (raw) => {
    const p = params(raw);
    const labelled = solveChain((A) => labelledChain(p, A), { method: 'exact' });
    const lumped = lumpedExact(p);
    expect(lumped.values).toEqual(labelled.exact!.text);
    const N = p.servers.reduce((a, c) => a + c, 0);
    expect(labelled.evidence.states).toBe((p.K! + 1) ** N);
    if (p.servers.some((c) => c > 1)) expect(lumped.states).toBeLessThan(labelled.evidence.states);
    // Restricted to a union of lumped classes (as the projection solves them): still the same law.
    const weights = mixedRadixWeights(new Array<number>(N).fill(p.K! + 1));
    const project = (s: Int32Array): number => {
      const sorted = Array.from(s);
      let offset = 0;
      for (const size of p.servers) {
        const block = sorted.slice(offset, offset + size).sort((a, b) => b - a);
        sorted.splice(offset, size, ...block);
        offset += size;
      }
      return encode(sorted, weights);
    };
    expectSameRestriction(
      (A) => heteroPs.ctmc(p, A),
      (A) => labelledChain(p, A),
      labelled,
      project,
    );
  });
});

describe('hetero-ps: independent closed forms', () => {
  it.each(['sq2', 'static', 'hybrid'])('N = 1 is the M/M/1/K queue (policy %s)', (policy) => {
    const p = params({ servers: '1', rates: '3/2', lambda: '1', K: '5', policy, ...(policy === 'hybrid' ? { mix: '1/4' } : {}) });
    const q = mm1k(new Fraction(2, 3), 5);
    const e = solveModel(heteroPs, p, { method: 'exact' }).exact!.values as Record<string, Rational>;
    expect(e.meanJobs.toFraction()).toBe(q.meanJobs.toFraction());
    // Little: sojourn = E[n] / (lambda (1 - P(full))).
    expect(e.meanSojourn.toFraction()).toBe(q.meanJobs.div(new Fraction(1).sub(q.full)).toFraction());
  });

  it('static routing is independent M/M/1/K queues with the common load lambda N / sum C', () => {
    // N = 3, C = 1 + 1 + 2 = 4, lambda N = 3/2: every server has rho = 3/8.
    const p = params({ servers: '2,1', rates: '1,2', lambda: '1/2', K: '4', policy: 'static' });
    const q = mm1k(new Fraction(3, 8), 4);
    const { values: e, text } = solveModel(heteroPs, p, { method: 'exact' }).exact!;
    expect(text.classMeanJobs).toEqual([q.meanJobs.toFraction(), q.meanJobs.toFraction()]);
    expect((e.meanSojourn as Rational).toFraction()).toBe(
      q.meanJobs
        .mul(3)
        .div(new Fraction(3, 2).mul(new Fraction(1).sub(q.full)))
        .toFraction(),
    );
  });

  it('static routing with automatic K reaches the untruncated M/M/1 mean rho / (1 - rho)', () => {
    // N = 2, C = 3, lambda N = 2: rho = 2/3, mean 2 jobs per server, sojourn 2 * 2 / 2 = 2.
    const s = solveModel(heteroPs, params({ servers: '1,1', rates: '1,2', lambda: '1', policy: 'static' }), { method: 'gth' });
    expect(s.evidence.truncation!.withinTolerance).toBe(true);
    expect(s.evidence.truncation!.boundaryMass).toBeLessThanOrEqual(1e-12);
    expect(s.metrics.classMeanJobs as number[]).toEqual([expect.closeTo(2, 9), expect.closeTo(2, 9)]);
    expect(s.metrics.meanSojourn as number).toBeCloseTo(2, 9);
  });

  it('equal capacities: sq2 is the homogeneous JSQ(2) chain of jsq-d (exact)', () => {
    const h = lumpedExact(params({ servers: '2,1', rates: '1,1', lambda: '1/2', K: '4' })).values;
    const j = solveModel(jsqD, jsqD.parse({ N: '3', lambda: '1/2', d: '2', K: '4' }), { method: 'exact' }).exact!.text;
    expect(h.meanJobs).toBe(j.meanJobs);
    expect(h.classMeanJobs).toEqual([j.meanJobs, j.meanJobs]);
    expect(h.meanSojourn).toBe(j.meanSojourn);
  });

  it('equal capacities C: time runs C times faster than jsq-d at lambda / C (exact)', () => {
    const h = solveModel(heteroPs, params({ servers: '2,2', rates: '3,3', lambda: '3/2', K: '3' }), { method: 'exact' }).exact!.values as Record<
      string,
      Rational
    >;
    const j = solveModel(jsqD, jsqD.parse({ N: '4', lambda: '1/2', d: '2', K: '3' }), { method: 'exact' }).exact!.values as Record<string, Rational>;
    expect(h.meanJobs.toFraction()).toBe(j.meanJobs.toFraction());
    expect(h.meanSojourn.mul(3).toFraction()).toBe(j.meanSojourn.toFraction());
  });
});

describe('hetero-ps: the finite state projection (automatic truncation)', () => {
  it('N = 1 under sq2 is the untruncated M/M/1 queue: mean jobs rho / (1 - rho) = 2, sojourn 1 / (C - lambda) = 2', () => {
    const s = solveModel(heteroPs, params({ servers: '1', rates: '3/2', lambda: '1' }), { method: 'gth' });
    expect(s.evidence.truncation!.kind).toBe('projection');
    expect(s.evidence.truncation!.boundaryMass).toBeLessThanOrEqual(1e-12);
    expect(s.metrics.meanJobs as number).toBeCloseTo(2, 10);
    expect(s.metrics.meanSojourn as number).toBeCloseTo(2, 10);
  });

  it.each<Record<string, string>>([
    { servers: '1,1', rates: '2,1', lambda: '1', policy: 'sq2' },
    { servers: '2,1', rates: '1,3', lambda: '1/2', policy: 'sq2' },
    { servers: '1,1', rates: '1,2', lambda: '1/2', policy: 'static' },
  ])('agrees with the K search to 1e-10: %j', (raw) => {
    const p = params(raw);
    const projected = solveModel(heteroPs, p, { method: 'gth' });
    const cap = searchCap(heteroPs, heteroPs.truncation!, p, { method: 'gth' });
    expect(projected.evidence.truncation!.kind).toBe('projection');
    expect(cap.evidence.truncation!.kind).toBe('cap');
    for (const s of [projected, cap]) {
      expect(trusted(s.evidence)).toBe(true);
      expect(s.evidence.truncation!.boundaryMass).toBeLessThanOrEqual(1e-12);
    }
    for (const name of ['meanJobs', 'meanSojourn'] as const)
      expect(Math.abs((projected.metrics[name] as number) - (cap.metrics[name] as number))).toBeLessThan(1e-10);
    (projected.metrics.classMeanJobs as number[]).forEach((x, j) => expect(Math.abs(x - (cap.metrics.classMeanJobs as number[])[j])).toBeLessThan(1e-10));
  });
});

describe("hetero-ps: the projection's cap grows while the mass sits at it", () => {
  // A fast server (rate 1e10) sets the load estimate and so the cap (2); the slow one's queue goes further.
  const p = params({ servers: '1,1', rates: '10000000000,1', lambda: '1/2' });

  it('rates 1e10,1 at lambda = 1/2: trusted, agreeing with the chain cut at K = 200', () => {
    const auto = solveModel(heteroPs, p, { method: 'auto' });
    const t = auto.evidence.truncation!;
    expect(trusted(auto.evidence)).toBe(true); // before: 9 states, untrusted, "its queues reach the largest length the state codes hold"
    expect(t.stopped).toBeUndefined();
    expect(t.caps![0]).toBe(2);
    expect(t.caps!.length).toBeGreaterThan(1);
    const cut = solveModel(heteroPs, params({ servers: '1,1', rates: '10000000000,1', lambda: '1/2', K: '200' }), { method: 'auto' });
    expect(trusted(cut.evidence)).toBe(true);
    for (const name of ['meanJobs', 'meanSojourn'] as const) {
      const bar = (t.metricError![name] as number) + ((cut.metricSolverError?.[name] as number | undefined) ?? 0) + 4 * Number.EPSILON;
      expect(Math.abs((auto.metrics[name] as number) - (cut.metrics[name] as number))).toBeLessThanOrEqual(bar);
    }
  });

  it('says the codes are the limit only when they are: a view whose codes hold no more than the first cap', () => {
    const view = { ...heteroPs.truncation!, largestK: () => 2 };
    const solved = searchTruncation(heteroPs, view, p, { method: 'auto' });
    expect(solved.evidence.truncation!.stopped).toBe(
      "the state set holds every state of the chain cut at the projection's cap K = 2, the longest queue the state codes hold",
    );
    expect(trusted(solved.evidence)).toBe(false);
  });
});

describe('hetero-ps: stability bounds (hand-derived values)', () => {
  // Two servers of capacity 1, one of capacity 16: C = 18, full capacity C / N = 6.
  const p = params({ servers: '2,1', rates: '1,16', lambda: '3' });
  it('sq2 at N = 3: the two slow servers receive lambda N / 3 = lambda and serve 2: lambda < 2', () => {
    expect(stabilityBound(p)).toEqual({ lambda: new Fraction(2), binding: 2 });
  });
  it('static carries full capacity 6; a hybrid with mix q carries min(2 / (1 - 2q/3), 6)', () => {
    expect(stabilityBound(p, new Fraction(1)).lambda.toFraction()).toBe('6');
    expect(stabilityBound(p, new Fraction(3, 4)).lambda.toFraction()).toBe('4');
  });
  it('mean field (THEORY section 5): min(G_1/g_1^2, G_2/g_2^2) = min((2/3)/(4/9), 6) = 3/2', () => {
    expect(meanFieldBound(p).toFraction()).toBe('3/2');
    expect(meanFieldBound(p, new Fraction(1)).toFraction()).toBe('6');
  });
  it('hybrid threshold at lambda = 3: 3 - 2q < 2 iff q > 1/2; it tends to 1 near capacity', () => {
    expect(hybridThreshold(p)!.toFraction()).toBe('1/2');
    expect(hybridThreshold(params({ servers: '2,1', rates: '1,16', lambda: '11/2' }))!.toFraction()).toBe('21/22');
    expect(hybridThreshold(params({ servers: '2,1', rates: '1,16', lambda: '6' }))).toBeNull();
    expect(hybridThreshold(params({ servers: '2,1', rates: '1,16', lambda: '3/2' }))!.toFraction()).toBe('0');
  });
  it('equal capacities: sq2 carries full capacity', () => {
    expect(stabilityBound(params({ servers: '4', rates: '1', lambda: '1/2' })).lambda.toFraction()).toBe('1');
  });
});

describe('hetero-ps: the chain', () => {
  it('packs N digits of radix K + 1 and refuses codes beyond 2^53', () => {
    expect(() => heteroPs.ctmc(params({ servers: '20', rates: '1', lambda: '1/2', K: '10' }), floatArith)).toThrow(/beyond 2\^53/);
  });
  it('refuses, before exploring, a chain of more than 1e7 states: C(204, 4) = 7.01e7 at N = 4, K = 200', () => {
    const chain = heteroPs.ctmc(params({ servers: '4', rates: '1', lambda: '1/2', K: '200' }), floatArith);
    expect(chain.stateCount).toBe(70_058_751);
    expect(() => explore(chain, floatArith)).toThrow('the chain has 7.01e+7 states, more than the state budget of 1e+7; give a smaller --K or a lighter load');
  });
  it('one class of identical servers is lumped to sorted job counts: C(K + N, N) states', () => {
    const g = explore(heteroPs.ctmc(params({ servers: '3', rates: '1', lambda: '1/2', K: '4' }), floatArith), floatArith);
    expect(g.n).toBe(35); // C(7, 3)
  });
});

describe('lbcheck solve hetero-ps', () => {
  it('prints the jiq-blocking JSON shape plus truncation', () => {
    const r = lbcheck('solve', 'hetero-ps', '--servers', '2,1', '--rates', '1,1', '--lambda', '1/2', '--K', '4', '--method', 'exact', '--json');
    expect(r.code).toBe(1); // K = 4 leaves boundary mass far above 1e-12: not trusted
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(SOLVE_JSON_KEYS);
    expect(j.params).toEqual({ servers: [2, 1], rates: [1, 1], lambda: 0.5, policy: 'sq2', K: 4 });
    expect(j.truncation.K).toBe(4);
    expect(j.truncation.boundaryMass).toBeGreaterThan(1e-3);
    expect(j.trusted).toBe(false);
  });

  it('solves with automatic K to a trusted answer', () => {
    const r = lbcheck('solve', 'hetero-ps', '--servers', '1,1', '--rates', '2,1', '--lambda', '1/2', '--policy', 'hybrid', '--mix', '1/2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.truncation.boundaryMass).toBeLessThanOrEqual(1e-12);
    expect(j.trusted).toBe(true);
  });

  it.each([
    [['--servers', '2,2', '--rates', '2', '--lambda', '1'], 'rates has 1 values but servers has 2'],
    [['--servers', '2,0', '--rates', '2,1', '--lambda', '1'], '--servers[2] must be >= 1, got 0'],
    [['--servers', '2,1', '--rates', '2,0', '--lambda', '1'], '--rates[2] must be > 0, got 0'],
    [['--servers', '2,1', '--rates', '2,-1', '--lambda', '1'], '--rates[2] must be > 0, got -1'],
    [['--servers', '2,1', '--rates', '2,1', '--lambda', '1', '--policy', 'jsq'], '--policy must be one of sq2, static, hybrid, got "jsq"'],
    [['--servers', '2,1', '--rates', '2,1', '--lambda', '1', '--policy', 'hybrid'], '--policy hybrid needs --mix'],
    [['--servers', '2,1', '--rates', '2,1', '--lambda', '1', '--policy', 'hybrid', '--mix', '3/2'], 'mix must be in [0, 1], got 3/2'],
    [['--servers', '2,1', '--rates', '2,1', '--lambda', '1', '--mix', '1/2'], '--mix applies to --policy hybrid only'],
    [['--servers', '2,1', '--rates', '1,16', '--lambda', '3'], 'lambda = 3 is beyond what --policy sq2 can carry at N = 3: unstable for lambda > 2'],
    [['--servers', '2,1', '--rates', '1,16', '--lambda', '7', '--policy', 'static'], 'unstable for lambda > 6'],
    [['--servers', '2,2', '--rates', '2,1', '--lambda', '3/2'], 'lambda = 3/2 is beyond what --policy sq2 can carry at N = 4: unstable for lambda > 3/2'],
    [
      ['--servers', '4', '--rates', '1', '--lambda', '1/2', '--K', '200', '--max-states', '2.5e6'],
      'the chain has 7.01e+7 states, more than the state budget of 2.5e+6',
    ],
  ])('rejects bad input in one line with exit code 2: %j', (args, message) => {
    expectUsageError(['solve', 'hetero-ps', ...args], message);
  });
});
