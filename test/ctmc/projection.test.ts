/**
 * Finite state projection's pieces: a grown set's restriction built by reusing
 * the last set's rows equals the one explored from scratch, and a growth step
 * adds states outside the set reached from its frontier.
 */
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { restrictReturning } from '../../src/ctmc/explore.ts';
import { firstSet, grow } from '../../src/ctmc/projection.ts';
import { solveChain } from '../../src/ctmc/solve-chain.ts';
import { familyChain } from '../../src/ctmc/truncation-search.ts';
import { jsqD } from '../../models/jsq-d.ts';

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
});
