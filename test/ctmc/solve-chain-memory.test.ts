/**
 * A kept answer does not keep its chain alive: once a projection round's
 * restriction and solver levels are dropped (the search does so before the
 * next round grows), its generator can be collected although the answer, and
 * the next round built by reusing its rows, are still in use (their lazy
 * metrics once named the generator and the solve's options, which kept the
 * last round's generator and transpose, some 24 bytes a transition, alive).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { firstSet, grow } from '../../src/ctmc/truncation/projection.ts';
import { solveChain } from '../../src/ctmc/solve-chain.ts';
import { familyChain } from '../../src/ctmc/truncation/truncation-search.ts';
import { jsqD } from '../../models/jsq-d.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe('solveChain memory', () => {
  it("frees a round's generator and solver levels once the search drops them", async () => {
    const chain = familyChain(jsqD, jsqD.truncation!.projection!(jsqD.parse({ N: '4', d: '2', lambda: '9/10' })));
    const def = chain(floatArith);
    const collected = new Set<string>();
    const registry = new FinalizationRegistry((what: string) => collected.add(what));
    const first = solveChain(chain, { method: 'iterative', states: firstSet(def, 4000) });
    const grown = grow(def, first.codes, first.pi, first.restriction!.leaking, 4000);
    const second = solveChain(chain, {
      method: 'iterative',
      states: grown.codes,
      initial: grown.guess,
      reuse: { earlier: first.restriction!, from: grown.from },
    });
    registry.register(first.restriction!.g, 'first generator');
    registry.register(second.hierarchy!, 'second levels');
    first.restriction = undefined;
    first.hierarchy = undefined;
    second.hierarchy = undefined;
    for (let i = 0; i < 20 && collected.size < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      gc();
    }
    expect([...collected].sort()).toEqual(['first generator', 'second levels']);
    // both answers are still alive and usable
    const jobs = (m: typeof first.metrics): number => m.meanJobs as number;
    expect(jobs(first.metrics)).toBeGreaterThan(0);
    expect(jobs(second.metrics)).toBeGreaterThan(jobs(first.metrics));
    expect(second.restriction!.g.n).toBe(8000);
  });
});
