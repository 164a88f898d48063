import { describe, expect, it } from 'vitest';
import { SOLVE_JSON_KEYS } from '../support/solve-json.ts';
import type { Arith } from '../../src/core/arith.ts';
import type { ChainDefinition, MetricDef } from '../../src/core/model.ts';
import { decodeInto, mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { solveChain, solveModel } from '../../src/ctmc/solve.ts';
import { affinity, type AffinityParams } from '../../models/affinity.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { lbcheck, expectUsageError } from '../support/cli.ts';
import { subsets } from '../support/subsets.ts';
import { mm1k } from '../support/mm1k.ts';

const params = (raw: Record<string, string>): AffinityParams => affinity.parse(raw);

/** Per-server value v = 2n + f: n own jobs, f in {0, 1} foreign job at the head. */
const level = (v: number): number => (v >> 1) + (v & 1);

/**
 * The labelled chain: one digit per server, assignment probabilities found by
 * enumerating every d1-subset of primaries and d2-subset of secondaries.
 * Independent of the lumped chain's hypergeometric formulas.
 */
function labelledChain<T>(p: AffinityParams, A: Arith<T>): ChainDefinition<T> {
  const group = p.servers.flatMap((c, g) => new Array<number>(c).fill(g));
  const N = group.length;
  const K = p.K!;
  const radices = new Array<number>(N).fill(2 * K + 1);
  const w = mixedRadixWeights(radices);
  const servers = group.map((_, i) => i);
  /** Per server: [rate of own jobs joining it, rate of foreign jobs joining it]; and the lost rate. */
  const assignment = (s: Int32Array): { own: Rational[]; foreign: Rational[]; lost: Rational } => {
    const own = servers.map(() => new Fraction(0));
    const foreign = servers.map(() => new Fraction(0));
    let lost = new Fraction(0);
    p.servers.forEach((size, g) => {
      const rate = p.lambda[g].mul(size);
      const primaries = servers.filter((i) => group[i] === g);
      const secondaries = servers.filter((i) => group[i] !== g);
      const firstSets = subsets(primaries, p.d1);
      const secondSets = secondaries.length > 0 ? subsets(secondaries, p.d2) : [];
      for (const first of firstSets) {
        const r1 = rate.div(firstSets.length);
        const idle = first.filter((i) => s[i] === 0);
        if (idle.length > 0) {
          for (const i of idle) own[i] = own[i].add(r1.div(idle.length));
          continue;
        }
        const fallBack = (r: Rational): void => {
          const shortest = Math.min(...first.map((i) => level(s[i])));
          const ties = first.filter((i) => level(s[i]) === shortest);
          if (shortest === K) lost = lost.add(r);
          else for (const i of ties) own[i] = own[i].add(r.div(ties.length));
        };
        if (secondSets.length === 0) fallBack(r1);
        for (const second of secondSets) {
          const r2 = r1.div(secondSets.length);
          const idle2 = second.filter((i) => s[i] === 0);
          if (idle2.length > 0) for (const i of idle2) foreign[i] = foreign[i].add(r2.div(idle2.length));
          else fallBack(r2);
        }
      }
    });
    return { own, foreign, lost };
  };
  const jobs = (s: Int32Array, g?: number): number => servers.reduce((a, i) => a + (g === undefined || group[i] === g ? level(s[i]) : 0), 0);
  const totalRate = p.lambda.reduce((a, l, g) => a.add(l.mul(p.servers[g])), new Fraction(0));
  const admitted = (s: Int32Array): Rational => totalRate.sub(assignment(s).lost);
  const metrics: MetricDef<T>[] = [
    { name: 'meanJobs', reward: (s) => A.fromRational(new Fraction(jobs(s), N)) },
    ...p.servers.map((c, g) => ({ name: 'groupMeanJobs', index: g + 1, reward: (s: Int32Array) => A.fromRational(new Fraction(jobs(s, g), c)) })),
    { name: 'meanSojourn', reward: (s) => A.fromInt(jobs(s)), per: (s) => A.fromRational(admitted(s)) },
    {
      name: 'secondaryFraction',
      reward: (s) => A.fromRational(assignment(s).foreign.reduce((a, x) => a.add(x), new Fraction(0))),
      per: (s) => A.fromRational(admitted(s)),
    },
  ];
  return {
    digitNames: servers.map((i) => `v${i + 1}`),
    radices,
    initial: new Array<number>(N).fill(0),
    metrics,
    describe: (s) => Array.from(s).join(','),
    successors(s, code, emit) {
      const a = assignment(s);
      for (let i = 0; i < N; i++) {
        const v = s[i];
        if (v & 1)
          emit(code - w[i], A.fromRational(p.mu2)); // foreign job done: (1, n) -> (0, n)
        else if (v > 0) emit(code - 2 * w[i], A.fromRational(p.mu1)); // own job done: (0, n) -> (0, n - 1)
        if (a.own[i].n > 0n) emit(code + 2 * w[i], A.fromRational(a.own[i]));
        if (a.foreign[i].n > 0n) emit(code + w[i], A.fromRational(a.foreign[i]));
      }
    },
  };
}

describe('affinity: the lumped chain equals the labelled per-server chain', () => {
  it.each<Record<string, string>>([
    { servers: '1,1', lambda: '1/2,1/3', mu2: '1/3', K: '3' },
    { servers: '2,1', lambda: '1/2,1/4', K: '2' },
    // Twin groups (equal size and lambda): the lumped chain keeps one state per swap orbit.
    { servers: '1,1', lambda: '1/2,1/2', mu2: '1/3', K: '3' },
    { servers: '2,2', lambda: '1/3,1/3', d1: '2', d2: '1', K: '1' },
  ])('exactly: %j', (raw) => {
    const p = params(raw);
    const labelled = solveChain((A) => labelledChain(p, A), { method: 'exact' });
    const lumped = solveModel(affinity, p, { method: 'exact' });
    expect(lumped.exact!.text).toEqual(labelled.exact!.text);
    expect(labelled.evidence.states).toBeGreaterThanOrEqual(lumped.evidence.states);
  });

  // Larger cases in float (GTH): their exact rationals run to thousands of digits.
  it.each<Record<string, string>>([
    { servers: '2,2', lambda: '2/3,1/3', mu2: '1/4', d1: '2', d2: '1', K: '2' },
    { servers: '2,2', lambda: '1/2,1/2', d1: '1', d2: '2', K: '2' },
    { servers: '1,2,1', lambda: '1/2,1/3,3/4', mu2: '2/3', d2: '2', K: '2' },
    { servers: '3,1', lambda: '3/4,1/2', mu2: '1/2', K: '2' },
  ])('to 1e-12 relative: %j', (raw) => {
    const p = params(raw);
    const labelled = solveChain((A) => labelledChain(p, A), { method: 'gth' });
    const lumped = solveModel(affinity, p, { method: 'gth' });
    expect(lumped.evidence.states).toBeLessThan(labelled.evidence.states);
    for (const [name, v] of Object.entries(labelled.metrics)) {
      const got = ([] as number[]).concat(lumped.metrics[name]);
      ([] as number[]).concat(v).forEach((x, i) => expect(Math.abs(got[i] - x)).toBeLessThanOrEqual(1e-12 * Math.abs(x)));
    }
  });
});

describe('affinity: independent checks', () => {
  it('one server is the M/M/1/K queue', () => {
    const e = solveModel(affinity, params({ servers: '1', lambda: '1/2', mu1: '3/4', K: '5' }), { method: 'exact' }).exact!.values as Record<string, Rational>;
    const q = mm1k(new Fraction(2, 3), 5);
    expect(e.meanJobs.toFraction()).toBe(q.meanJobs.toFraction());
    expect(e.meanSojourn.toFraction()).toBe(q.meanJobs.div(new Fraction(1, 2).mul(new Fraction(1).sub(q.full))).toFraction());
    expect(e.secondaryFraction.toFraction()).toBe('0');
  });

  it('one group is JSQ(d1) of jsq-d (exact)', () => {
    const a = solveModel(affinity, params({ servers: '3', lambda: '1/2', d1: '2', K: '4' }), { method: 'exact' }).exact!.text;
    const j = solveModel(jsqD, jsqD.parse({ N: '3', lambda: '1/2', d: '2', K: '4' }), { method: 'exact' }).exact!.text;
    expect(a.meanJobs).toBe(j.meanJobs);
    expect(a.meanSojourn).toBe(j.meanSojourn);
  });

  it('one group with mu1 = 2 runs twice as fast as jsq-d at lambda / 2 (exact)', () => {
    const a = solveModel(affinity, params({ servers: '3', lambda: '1', mu1: '2', d1: '3', K: '3' }), { method: 'exact' }).exact!.values as Record<
      string,
      Rational
    >;
    const j = solveModel(jsqD, jsqD.parse({ N: '3', lambda: '1/2', d: '3', K: '3' }), { method: 'exact' }).exact!.values as Record<string, Rational>;
    expect(a.meanJobs.toFraction()).toBe(j.meanJobs.toFraction());
    expect(a.meanSojourn.mul(2).toFraction()).toBe(j.meanSojourn.toFraction());
  });

  it.each<Record<string, string>>([
    { servers: '2,1', lambda: '3/4,1/2', mu2: '1/3', K: '3' },
    { servers: '2,2', lambda: '1/2,3/4', mu1: '3/2', mu2: '1/2', d1: '2', d2: '2', K: '2' },
  ])('flow balance: admitted = mu1 E[own jobs in service] + mu2 E[foreign jobs]; secondary assignments = mu2 E[foreign] (%j)', (raw) => {
    const p = params(raw);
    const s = solveModel(affinity, p, { method: 'exact' });
    const { numerators, total } = s.exact!.solution;
    const digits = new Int32Array(s.radices.length);
    let ownBusy = new Fraction(0);
    let foreign = new Fraction(0);
    for (let i = 0; i < s.codes.length; i++) {
      decodeInto(s.codes[i], s.radices, digits);
      const pi = new Fraction(numerators[i], total);
      for (const v of digits) {
        if (v & 1) foreign = foreign.add(pi);
        else if (v > 0) ownBusy = ownBusy.add(pi);
      }
    }
    const e = s.exact!.values as Record<string, Rational>;
    const N = p.servers.reduce((a, c) => a + c, 0);
    const admitted = e.meanJobs.mul(N).div(e.meanSojourn);
    expect(admitted.toFraction()).toBe(p.mu1.mul(ownBusy).add(p.mu2.mul(foreign)).toFraction());
    expect(e.secondaryFraction.mul(admitted).toFraction()).toBe(p.mu2.mul(foreign).toFraction());
    expect(foreign.compare(0)).toBeGreaterThan(0);
  });

  it('automatic K gives a trusted answer in which slow secondary service shows', () => {
    const fast = solveModel(affinity, params({ servers: '1,1', lambda: '1/3,1/4', mu2: '1' }), { method: 'gth' });
    const slow = solveModel(affinity, params({ servers: '1,1', lambda: '1/3,1/4', mu2: '1/2' }), { method: 'gth' });
    for (const s of [fast, slow]) {
      expect(s.evidence.truncation!.withinTolerance).toBe(true);
      expect(s.evidence.residual).toBeLessThan(1e-12);
    }
    expect(slow.metrics.meanSojourn as number).toBeGreaterThan(fast.metrics.meanSojourn as number);
  });
});

describe('lbcheck solve affinity', () => {
  it('prints the jiq-blocking JSON shape plus truncation', () => {
    const r = lbcheck('solve', 'affinity', '--servers', '1,1', '--lambda', '1/2,1/3', '--K', '3', '--method', 'exact', '--json');
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(SOLVE_JSON_KEYS);
    expect(j.params).toEqual({ servers: [1, 1], lambda: [0.5, 1 / 3], mu1: 1, mu2: 0.5, d1: 1, d2: 1, K: 3 });
    expect(Object.keys(j.metrics)).toEqual(['meanJobs', 'groupMeanJobs', 'meanSojourn', 'secondaryFraction']);
    expect(j.truncation.K).toBe(3);
    expect(r.code).toBe(1); // boundary mass at K = 3 is far above 1e-12
  });

  it.each([
    [['--servers', '2,2', '--lambda', '1/2'], 'lambda has 1 values but servers has 2'],
    [['--servers', '2,0', '--lambda', '1/2,1/2'], '--servers[2] must be >= 1, got 0'],
    [['--servers', '2,1', '--lambda', '1/2,1/2', '--d1', '2'], 'd1 must be an integer in 1..1'],
    [['--servers', '2,1', '--lambda', '1/2,1/2', '--d2', '2'], 'd2 must be an integer in 1..1'],
    [['--servers', '2,1', '--lambda', '1/2,1/2', '--mu2', '0'], '--mu2 must be > 0, got 0'],
    [['--servers', '2,1', '--lambda', '1/2,0'], '--lambda[2] must be > 0, got 0'],
    [['--servers', '2,1', '--lambda', '1/2,1'], 'automatic K needs lambda_g < mu1 for every type'],
    [['--servers', '2,2', '--lambda', '1/2,1/2', '--K', '2000', '--max-states', '1e6'], 'the chain has 3.20e+13 states, more than the state budget of 1e+6'],
  ])('rejects bad input in one line with exit code 2: %j', (args, message) => {
    expectUsageError(['solve', 'affinity', ...args], message);
  });
});
