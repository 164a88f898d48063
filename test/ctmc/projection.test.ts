/**
 * Finite state projection's pieces: a grown set's restriction built by reusing
 * the last set's rows equals the one explored from scratch, and a growth step
 * adds states outside the set reached from its frontier: the same states, with
 * the same estimates, as a plain best-first search over Maps.
 */
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { restrictReturning } from '../../src/ctmc/explore/explore.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { decodeInto } from '../../src/core/mixed-radix.ts';
import { firstSet, fitLogMass, grow, logMassModel } from '../../src/ctmc/truncation/projection.ts';
import { solveChain } from '../../src/ctmc/solve-chain.ts';
import { familyChain } from '../../src/ctmc/truncation/truncation-search.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { smallProjectionChains } from '../support/projection-chains.ts';

/**
 * The growth step by its definition, in the plainest way: a state outside the
 * set is offered by a frontier state or an added one with the estimate
 * log pi(feeder) + logMassOf(state) - logMassOf(feeder), keeps its best offer, and the
 * best offered state not yet added is added next (a linear scan), `count` times.
 */
function referenceGrow(def: ChainDefinition<number>, codes: Float64Array, pi: Float64Array, leaking: Uint8Array, count: number) {
  const logMassOf = logMassModel(def, fitLogMass(def, codes, pi));
  const digits = new Int32Array(def.radices.length);
  const inSet = new Set(codes);
  const best = new Map<number, number>();
  const added = new Map<number, number>();
  const offer = (code: number, logMass: number): void => {
    const targets: number[] = [];
    decodeInto(code, def.radices, digits);
    def.successors(digits, code, (t) => targets.push(t));
    const base = logMass - logMassOf(code);
    for (const t of targets) {
      if (inSet.has(t) || added.has(t)) continue;
      const est = base + logMassOf(t);
      if (!(best.get(t)! >= est)) best.set(t, est);
    }
  };
  codes.forEach((c, i) => leaking[i] && pi[i] > 0 && offer(c, Math.log(pi[i])));
  while (added.size < count) {
    let top: number | undefined;
    for (const [t, e] of best) if (!added.has(t) && (top === undefined || e > best.get(top)!)) top = t;
    if (top === undefined) break;
    added.set(top, best.get(top)!);
    offer(top, best.get(top)!);
  }
  const all = [...codes, ...added.keys()].sort((a, b) => a - b);
  const old = new Map(Array.from(codes, (c, i) => [c, pi[i]]));
  return { codes: all, guess: all.map((c) => old.get(c) ?? Math.exp(added.get(c)!)) };
}

describe('projection growth', () => {
  it.each([
    ['3', '2'],
    ['4', '4'],
  ])('reusing the last restriction gives the restriction explored from scratch (jsq-d N=%s d=%s)', (N, d) => {
    const p = jsqD.parse({ N, d, lambda: '9/10' });
    const chain = familyChain(jsqD, jsqD.truncation!.projection!(p));
    const def = chain(floatArith);
    let codes = firstSet(def, 200);
    for (let round = 0; round < 3; round++) {
      const solved = solveChain(chain, { method: 'iterative', states: codes });
      const earlier = solved.restriction!;
      const grown = grow(def, solved.codes, solved.pi, earlier.leaking, 2 * solved.codes.length);
      expect(grown.added).toBeGreaterThan(0);
      // every old state is kept, in order, and every added one is new
      expect(Array.from(grown.from).filter((i) => i >= 0)).toEqual(Array.from(solved.codes.keys()));
      const old = new Set(solved.codes);
      grown.codes.forEach((c, i) => expect(old.has(c)).toBe(grown.from[i] >= 0));
      const fresh = restrictReturning(def, floatArith, grown.codes);
      const reused = restrictReturning(def, floatArith, grown.codes, { earlier, from: grown.from });
      expect(Array.from(reused.g.codes)).toEqual(Array.from(fresh.g.codes));
      expect(Array.from(reused.g.rowPtr)).toEqual(Array.from(fresh.g.rowPtr));
      expect(Array.from(reused.g.col)).toEqual(Array.from(fresh.g.col));
      expect(Array.from(reused.g.rate as Float64Array)).toEqual(Array.from(fresh.g.rate as Float64Array));
      expect(Array.from(reused.leaking)).toEqual(Array.from(fresh.leaking));
      codes = grown.codes;
    }
  });

  it.each(smallProjectionChains)('adds the best-first states by the fitted estimate (%s)', (_, make) => {
    const chain = make();
    const def = chain(floatArith);
    let codes = firstSet(def, 300);
    for (let round = 0; round < 2; round++) {
      const solved = solveChain(chain, { method: 'iterative', states: codes });
      const { leaking } = solved.restriction!;
      const grown = grow(def, solved.codes, solved.pi, leaking, 2 * solved.codes.length);
      const want = referenceGrow(def, solved.codes, solved.pi, leaking, 2 * solved.codes.length);
      expect(grown.added).toBe(want.codes.length - solved.codes.length);
      expect(grown.added).toBeGreaterThan(solved.codes.length);
      expect(Array.from(grown.codes)).toEqual(want.codes);
      expect(Array.from(grown.guess)).toEqual(want.guess);
      codes = grown.codes;
    }
  });
});
