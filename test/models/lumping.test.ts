/**
 * The exchangeability lumping of jsq-d and jiq-queueing is right: for tiny N the
 * per-server chain (test/support/labelled-chains.ts), solved on its own in exact
 * rationals, aggregates to exactly the lumped family's stationary law, and gives
 * exactly the same metrics and boundary mass; so do both chains restricted to
 * a union of lumped classes (what the finite state projection solves).
 */
import { describe, expect, it } from 'vitest';
import { encode, mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import type { Arith } from '../../src/core/arith.ts';
import type { ChainDefinition, ModelFamily } from '../../src/core/model.ts';
import type { ParamSpecs } from '../../src/core/params.ts';
import { solveChain, solveModel, type Solved } from '../../src/ctmc/solve.ts';
import { jiqQueueing } from '../../models/jiq-queueing.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { queueProfile } from '../../models/support/queue-packings.ts';
import { labelledJiqQueueing, labelledJsqd } from '../support/labelled-chains.ts';
import { aggregate, expectSameLaw, expectSameRestriction, lumpedLaw } from '../support/lumped-law.ts';

/** The family's lumped chain and the labelled chain at p (K given), both solved in exact rationals. */
function solveBoth<P extends { K: number | undefined }>(
  family: ModelFamily<ParamSpecs, P>,
  labelled: <T>(p: P, A: Arith<T>) => ChainDefinition<T>,
  p: P,
): [Solved, Solved] {
  return [solveModel(family, p, { method: 'exact' }), solveChain((A) => labelled(p, A), { method: 'exact', K: p.K })];
}

describe('jsq-d: the lumped chain is the per-server chain lumped by exchangeability', () => {
  it.each([
    ['2', '1/2', '1', '3', 'without'],
    ['2', '1/2', '2', '3', 'without'],
    ['3', '2/3', '2', '3', 'without'],
    ['3', '3/4', '3', '2', 'without'],
    ['4', '1/3', '2', '2', 'without'],
    // With replacement: the per-server chain lists all N^d sample sequences (d > N too).
    ['2', '1/2', '2', '3', 'with'],
    ['3', '2/3', '2', '3', 'with'],
    ['3', '3/4', '3', '2', 'with'],
    ['2', '1/2', '3', '2', 'with'],
    ['4', '1/3', '2', '2', 'with'],
  ])('N=%s lambda=%s d=%s K=%s sampling %s', (N, lambda, d, K, sampling) => {
    const p = jsqD.parse({ N, lambda, d, K, sampling });
    const [lumped, perServer] = solveBoth(jsqD, labelledJsqd, p);
    const profile = queueProfile(p.N, p.K!, 0);
    const weights = mixedRadixWeights(lumped.radices);
    const levels = new Int32Array(p.K! + 2);
    const digits = new Int32Array(lumped.radices.length);
    // levels S_i = number of servers with at least i jobs, written in the family's packing
    const project = (s: Int32Array): number => {
      for (let i = 0; i <= p.K! + 1; i++) levels[i] = s.filter((L) => L >= i).length;
      profile.write(levels, digits);
      return encode(digits, weights);
    };
    expect(perServer.evidence.states).toBe((p.K! + 1) ** p.N);
    expectSameLaw(aggregate(perServer, project), lumpedLaw(lumped));
    expect(lumped.exact!.text).toEqual(perServer.exact!.text);
    expect(lumped.evidence.truncation!.boundaryMass).toBeCloseTo(perServer.evidence.truncation!.boundaryMass, 14);
    expectSameRestriction(
      (A) => jsqD.ctmc(p, A),
      (A) => labelledJsqd(p, A),
      perServer,
      project,
    );
  });
});

describe('jiq-queueing: the lumped chain is the per-server chain lumped by exchangeability', () => {
  it.each([
    [{ N: '2', lambda: '1/2', alpha: '3/5,2/5', K: '3' }],
    [{ N: '3', lambda: '2/3', alpha: '3/4,1/4', K: '2' }],
    [{ N: '3', lambda: '1/2', alpha: '1/2,1/2', beta: '1/3,2/3', nu: '3/2', K: '2' }],
    [{ N: '2', lambda: '3/5', alpha: '1/2,1/3,1/6', beta: '1/6,1/3,1/2', nu: '1', K: '2' }],
    [{ N: '3', lambda: '1/2', alpha: '1', K: '3' }],
  ])('%j', (raw) => {
    const p = jiqQueueing.parse(raw);
    const R = p.alpha.length;
    const [lumped, perServer] = solveBoth(jiqQueueing, labelledJiqQueueing, p);
    const profile = queueProfile(p.N, p.K!, R - 1);
    const weights = mixedRadixWeights(lumped.radices);
    const levels = new Int32Array(p.K! + 2);
    const digits = new Int32Array(lumped.radices.length);
    const P = profile.radices.length;
    // levels S_i = servers with >= i jobs; then x_r = idle servers whose token is at r (x_R implied)
    const project = (s: Int32Array): number => {
      const lengths = s.subarray(0, p.N);
      const tokens = s.subarray(p.N);
      for (let i = 0; i <= p.K! + 1; i++) levels[i] = lengths.filter((L) => L >= i).length;
      profile.write(levels, digits);
      for (let r = 0; r < R - 1; r++) digits[P + r] = tokens.filter((t) => t === r + 1).length;
      return encode(digits, weights);
    };
    expectSameLaw(aggregate(perServer, project), lumpedLaw(lumped));
    expect(lumped.exact!.text).toEqual(perServer.exact!.text);
    expect(lumped.evidence.truncation!.boundaryMass).toBeCloseTo(perServer.evidence.truncation!.boundaryMass, 14);
    expectSameRestriction(
      (A) => jiqQueueing.ctmc(p, A),
      (A) => labelledJiqQueueing(p, A),
      perServer,
      project,
    );
  });
});

describe('queue profile packing', () => {
  it('takes the smaller code space, so the cases above cover both packings', () => {
    expect(queueProfile(2, 3, 0).layout).toBe('lengths'); // 4^2 < 3^3
    expect(queueProfile(3, 3, 0).layout).toBe('levels'); // 4^3 = 4^3
    expect(queueProfile(4, 2, 0).layout).toBe('levels'); // 5^2 < 3^4
    expect(queueProfile(2, 3, 1).layout).toBe('lengths'); // jiq N=2 K=3 R=2
    expect(queueProfile(3, 2, 1).layout).toBe('levels');
  });

  it.each([
    [30, 6, 0],
    [3, 40, 1],
  ])('write and read are inverse, level(s, i) is S_i, jobs(s) the total and occupied(s) the lengths held, on every profile (N=%i, K=%i)', (N, K, extra) => {
    const profile = queueProfile(N, K, extra);
    const levels = new Int32Array(K + 2);
    const back = new Int32Array(K + 2);
    const digits = new Int32Array(profile.radices.length);
    // levels from a few sorted length vectors
    for (const lengths of [
      new Array(N).fill(0),
      new Array(N).fill(K),
      Array.from({ length: N }, (_, j) => Math.max(0, K - 2 * j)),
      Array.from({ length: N }, (_, j) => (j < 2 ? K : j < N - 1 ? Math.min(K, 2) : 0)),
    ]) {
      for (let i = 0; i <= K + 1; i++) levels[i] = lengths.filter((L) => L >= i).length;
      profile.write(levels, digits);
      profile.read(digits, back);
      expect(Array.from(back)).toEqual(Array.from(levels));
      expect(Array.from({ length: K }, (_, i) => profile.level(digits, i + 1))).toEqual(Array.from(levels.subarray(1, K + 1)));
      expect(profile.jobs(digits)).toBe(lengths.reduce((a, L) => a + L, 0));
      // readToLongest: the levels up to the longest queue and the 0 after it, nothing past that
      const short = new Int32Array(K + 2).fill(-1);
      const longest = profile.readToLongest(digits, short);
      expect(longest).toBe(Math.max(...lengths));
      expect(Array.from(short.subarray(0, longest + 2))).toEqual(Array.from(levels.subarray(0, longest + 2)));
      expect(Array.from(short.subarray(longest + 2))).toEqual(new Array(K - longest).fill(-1));
      // occupied: the lengths held, increasing, with S_i and S_{i+1} written for each
      const held = new Int32Array(K + 1);
      const part = new Int32Array(K + 2).fill(-1);
      const m = profile.occupied(digits, part, held);
      const want = Array.from({ length: K + 1 }, (_, i) => i).filter((i) => levels[i] > levels[i + 1]);
      expect(Array.from(held.subarray(0, m))).toEqual(want);
      for (const i of want) expect([part[i], part[i + 1]]).toEqual([levels[i], levels[i + 1]]);
    }
  });
});
