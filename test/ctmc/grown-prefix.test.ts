/**
 * The projection search's comparison with the last set less its latest
 * additions (truncation-search.ts, Search.comparePrefix): the prefix's
 * restriction, filtered from the grown set's generator, equals the restriction
 * of the same states explored from scratch; and a search that reaches its
 * budget in one jump settles on that comparison, within its reported error of
 * an independent answer.
 */
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { restrictReturning } from '../../src/ctmc/explore/explore.ts';
import { firstSet, grow, grownPrefix } from '../../src/ctmc/truncation/projection.ts';
import { solveChain, solveModel } from '../../src/ctmc/solve.ts';
import { trusted } from '../../src/ctmc/solve-chain.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { smallProjectionChains } from '../support/projection-chains.ts';

describe('the grown prefix', () => {
  it.each(smallProjectionChains)('is the restriction to the old set and the first m additions, explored from scratch (%s)', (_, make) => {
    const chain = make();
    const def = chain(floatArith);
    const first = solveChain(chain, { method: 'iterative', states: firstSet(def, 300) });
    const grown = grow(def, first.codes, first.pi, first.restriction!.leaking, 3 * first.codes.length);
    const last = solveChain(chain, { method: 'iterative', states: grown.codes });
    expect(grown.order.length).toBe(grown.added);
    for (const m of [1, Math.floor(grown.added / 3), grown.added - 1]) {
      const prefix = grownPrefix(last.restriction!, grown.order, m);
      const fresh = restrictReturning(def, floatArith, Float64Array.from([...first.codes, ...grown.order.subarray(0, m)]).sort());
      expect(Array.from(prefix.g.codes)).toEqual(Array.from(fresh.g.codes));
      expect(Array.from(prefix.g.rowPtr)).toEqual(Array.from(fresh.g.rowPtr));
      expect(Array.from(prefix.g.col)).toEqual(Array.from(fresh.g.col));
      expect(Array.from(prefix.g.rate as Float64Array)).toEqual(Array.from(fresh.g.rate as Float64Array));
      expect(Array.from(prefix.leaking)).toEqual(Array.from(fresh.leaking));
      expect(prefix.g.initial).toBe(fresh.g.initial);
      // kept: each state's position in the grown set's restriction
      prefix.kept!.forEach((i, k) => expect(last.codes[i]).toBe(prefix.g.codes[k]));
    }
  });
});

describe('the projection search (jsq-d N = 4, d = 2, lambda = 9/10)', () => {
  const p = jsqD.parse({ N: '4', d: '2', lambda: '9/10' });
  // Frontier <= 1e-12 without a budget that binds: 81,920 states, its metric error 1.1e-9; a different truncation from the one of 1e-10 below.
  const reference = solveModel(jsqD, p, { method: 'iterative', boundaryTolerance: 1e-12 });

  it('frontier <= 1e-10: the round of 65,536 states, grown eightfold, settles on its 52,429-state prefix instead of growing again', () => {
    const s = solveModel(jsqD, p, { method: 'iterative', boundaryTolerance: 1e-10 });
    const t = s.evidence.truncation!;
    const sets = t.rounds!.filter((r) => !r.resolved);
    expect(sets.map((r) => r.states)).toEqual([1024, 8192, 52429, 65536]);
    expect(sets.map((r) => r.prefix ?? false)).toEqual([false, false, true, false]);
    // the prefix leaks more than the set it is cut from, and less than the set the growth started from
    expect(sets[2].boundaryMass).toBeGreaterThan(sets[3].boundaryMass);
    expect(sets[2].boundaryMass).toBeLessThan(sets[1].boundaryMass);
    expect(trusted(s.evidence)).toBe(true);
    const err = (t.metricError!.meanJobs as number) + (reference.evidence.truncation!.metricError!.meanJobs as number);
    expect(Math.abs((s.metrics.meanJobs as number) - (reference.metrics.meanJobs as number))).toBeLessThan(err);
    expect(trusted(reference.evidence)).toBe(true);
  });

  it(
    'reads the metrics (a pass over the set) only of rounds whose boundary mass is within tolerance and of the round each is compared with: ' +
      'frontier <= 1e-12, the 81,920-state set, its re-solve and the 65,536-state round before',
    () => {
      let rewarded = 0;
      const counted: typeof jsqD = {
        ...jsqD,
        ctmc: (q, A) => {
          const def = jsqD.ctmc(q, A);
          return {
            ...def,
            rewardsInto: (s, out) => {
              rewarded++;
              return def.rewardsInto!(s, out);
            },
          };
        },
      };
      const s = solveModel(counted, p, { method: 'iterative', boundaryTolerance: 1e-12 });
      expect(s.metrics.meanJobs).toBe(reference.metrics.meanJobs);
      const rounds = s.evidence.truncation!.rounds!;
      expect(rounds.map((r) => r.states)).toEqual([1024, 8192, 65536, 81920, 81920]);
      expect(rewarded).toBe(2 * 81920 + 65536);
    },
  );

  it(
    'at its state budget (81,920), re-solves the last set at a tighter solver tolerance ' +
      'when only the solver error is left (it used to stop there, untrusted)',
    () => {
      const s = solveModel(jsqD, p, { method: 'iterative', boundaryTolerance: 1e-12, maxStates: 81920 });
      const t = s.evidence.truncation!;
      expect(t.rounds!.map((r) => [r.states, r.resolved ?? false])).toEqual([
        [1024, false],
        [8192, false],
        [65536, false],
        [81920, false],
        [81920, true],
      ]);
      expect(t.stopped).toBeUndefined();
      expect(trusted(s.evidence)).toBe(true);
      // the same truncation and solves as without the budget
      expect(s.metrics.meanJobs).toBe(reference.metrics.meanJobs);
    },
  );
});
