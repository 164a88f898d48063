/**
 * The iterative solver's levels against plain constructions from the chain:
 * the blocks after halving digits (a merge of parity classes, numberBlocks)
 * against a sort of the halved codes; each coarsening's coarse transitions and
 * feeds against the fine transitions grouped by hand; the finest level's
 * weights (written over the transpose's rates) against q_ij / q_j from the
 * generator's rows, and the kept transpose left as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { decodeInto, mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import { exitRates, incoming, type SparseGenerator } from '../../src/ctmc/explore/generator.ts';
import { buildHierarchy, halvedBlocks, type Hierarchy } from '../../src/ctmc/solvers/iterative-coarsening.ts';
import { jsqD } from '../../models/jsq-d.ts';

/** The blocks by hand: halve each state's digits, sort the distinct codes, rank. */
function plainBlocks(codes: Float64Array, radices: number[], halve: boolean[]): { agg: number[]; distinct: number[]; radices: number[] } {
  const coarse = radices.map((r, k) => (halve[k] ? Math.ceil(r / 2) : r));
  const w = mixedRadixWeights(coarse);
  const digits = new Int32Array(radices.length);
  const halved = Array.from(codes, (c) => {
    decodeInto(c, radices, digits);
    return digits.reduce((s, d, k) => s + (halve[k] ? d >> 1 : d) * w[k], 0);
  });
  const distinct = [...new Set(halved)].sort((a, b) => a - b);
  const rank = new Map(distinct.map((c, b) => [c, b]));
  return { agg: halved.map((c) => rank.get(c)!), distinct, radices: coarse };
}

/** Radices, which digits to halve, and a sorted set of distinct codes: dense sets (a table) and sparse ones (the merge). */
const blockCase = fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 7 }).chain((radices) => {
  const space = radices.reduce((a, r) => a * r, 1);
  return fc.record({
    radices: fc.constant(radices),
    halve: fc.array(fc.boolean(), { minLength: radices.length, maxLength: radices.length }),
    codes: fc.uniqueArray(fc.integer({ min: 0, max: space - 1 }), { minLength: 1, maxLength: Math.min(space, 400) }),
  });
});

describe('halvedBlocks', () => {
  it('numbers the blocks as a sort of the halved codes does', () => {
    let merged = 0;
    fc.assert(
      fc.property(blockCase, ({ radices, halve, codes }) => {
        const sorted = Float64Array.from(codes.sort((a, b) => a - b));
        const halveLive = halve.map((h, k) => h && radices[k] > 1);
        const got = halvedBlocks(sorted, radices, halveLive);
        const want = plainBlocks(sorted, radices, halveLive);
        if (want.radices.reduce((a, r) => a * r, 1) > 4 * sorted.length) merged++;
        expect(got.radices).toEqual(want.radices);
        expect(Array.from(got.distinct)).toEqual(want.distinct);
        expect(Array.from(got.agg)).toEqual(want.agg);
      }),
      { numRuns: 400, seed: 7 },
    );
    expect(merged).toBeGreaterThan(100); // the merge, not only the table
  });
});

/** The transitions of a level in slot order (target by target, sources as the transpose orders them) with their rates. */
interface Slot {
  i: number;
  j: number;
  rate: number;
}

/** The finest level's slots from the generator's rows: by target, then source, then row position. */
function finestSlots(g: SparseGenerator<number>): Slot[] {
  const out: (Slot & { k: number })[] = [];
  for (let i = 0; i < g.n; i++) for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) out.push({ i, j: g.col[k], rate: g.rate[k], k });
  return out.sort((a, b) => a.j - b.j || a.i - b.i || a.k - b.k);
}

/** A coarse level's slots from its own rates (lumped from the uniform start). */
function coarseSlots(h: Hierarchy, l: number): Slot[] {
  const L = h.levels[l];
  const out: Slot[] = [];
  for (let j = 0; j < L.n; j++) for (let p = L.inPtr[j]; p < L.inPtr[j + 1]; p++) out.push({ i: L.inSrc[p], j, rate: L.inRate![p] });
  return out;
}

/** Each coarse transition's feeds (source, rate), in the order lump sums them, from either layout. */
function feedsOf(h: Hierarchy, l: number): [number, number][][] {
  const { coarse, feeds } = h.coarsenings[l];
  const fine = h.levels[l];
  const out: [number, number][][] = Array.from({ length: coarse.inSrc.length }, () => []);
  if (feeds.kind === 'copied') {
    for (let e = 0; e < out.length; e++) for (let t = feeds.ptr[e]; t < feeds.ptr[e + 1]; t++) out[e].push([feeds.src[t], feeds.rate[t]]);
  } else {
    feeds.slot.forEach((p, u) => out[feeds.edge[u]].push([fine.inSrc[p], fine.inRate![p]]));
  }
  return out;
}

/**
 * Each coarsening against the fine slots by hand: coarse transition I -> J for
 * every fine one between blocks, J's sources in order of first appearance over
 * J's states; each coarse transition's feeds are those fine transitions, in slot
 * order, with their sources and rates.
 */
function expectCoarsenings(g: SparseGenerator<number>, h: Hierarchy): void {
  expect(h.coarsenings.length).toBeGreaterThan(1);
  h.coarsenings.forEach((c, l) => {
    const slots = l === 0 ? finestSlots(g) : coarseSlots(h, l);
    const { coarse, agg } = c;
    const between = slots.filter((s) => agg[s.i] !== agg[s.j]);
    const sources: number[][] = Array.from({ length: coarse.n }, () => []);
    for (const s of between) if (!sources[agg[s.j]].includes(agg[s.i])) sources[agg[s.j]].push(agg[s.i]);
    for (let J = 0; J < coarse.n; J++) expect(Array.from(coarse.inSrc.subarray(coarse.inPtr[J], coarse.inPtr[J + 1]))).toEqual(sources[J]);
    const want: [number, number][][] = Array.from({ length: coarse.inSrc.length }, () => []);
    for (const s of between) want[coarse.inPtr[agg[s.j]] + sources[agg[s.j]].indexOf(agg[s.i])].push([s.i, s.rate]);
    expect(feedsOf(h, l)).toEqual(want);
    expect(c.feeds.kind).toBe(l === 0 ? 'copied' : 'slots'); // the finest level's rates are copied
  });
}

/**
 * Digits a, b, c (c most significant): c moves by 4, a by 2 while b flips, so
 * b = a/2 mod 2. Halving all three merges no states but reorders them ((4, 0, c)
 * comes before (2, 1, c), their halves the other way round), so the first
 * halving is repeated on the reordered codes.
 */
const PAIRED = [41, 2, 81];
function paired(): SparseGenerator<number> {
  const w = mixedRadixWeights(PAIRED);
  const def: ChainDefinition<number> = {
    digitNames: ['a', 'b', 'c'],
    radices: PAIRED,
    initial: [0, 0, 0],
    metrics: [],
    describe: (s) => Array.from(s).join(','),
    successors: (s, code, emit) => {
      const flip = s[1] === 0 ? w[1] : -w[1];
      if (s[0] + 2 < PAIRED[0]) emit(code + 2 * w[0] + flip, 0.9);
      if (s[0] > 0) emit(code - 2 * w[0] + flip, 1);
      if (s[2] + 4 < PAIRED[2]) emit(code + 4 * w[2], 0.7);
      if (s[2] > 0) emit(code - 4 * w[2], 1.1);
    },
  };
  return explore(def, floatArith);
}

describe('buildHierarchy', () => {
  const jsq = () => explore(jsqD.ctmc(jsqD.parse({ N: '4', d: '2', lambda: '9/10', K: '12' }), floatArith), floatArith);

  it.each([
    ['jsq-d N = 4, K = 12', jsq],
    ['three digits, the first halving repeated', paired],
  ])('builds the coarse transitions and their feeds as grouped by hand (%s)', (_, make) => {
    const g = make();
    expectCoarsenings(g, buildHierarchy(g));
  });

  it('repeats a halving that merges nothing on the blocks in code order, and composes the maps', () => {
    const g = paired();
    const first = plainBlocks(g.codes, PAIRED, [true, true, true]);
    expect(first.distinct.length).toBe(g.n);
    expect(first.agg.some((b, i) => i > 0 && b < first.agg[i - 1])).toBe(true); // reordered
    const second = plainBlocks(Float64Array.from(first.distinct), first.radices, [true, false, true]);
    const h = buildHierarchy(g);
    expect(Array.from(h.coarsenings[0].agg)).toEqual(first.agg.map((b) => second.agg[b]));
    expect(Array.from(h.levels[1].codes)).toEqual(second.distinct);
    expect(h.levels[1].n).toBeLessThan(g.n);
  });

  it("writes the finest level's weights q_ij / q_j over the transpose it owns, and leaves the kept transpose whole", () => {
    const g = jsq();
    const kept = incoming(g); // as the reachability check leaves it
    const keptRates = Float64Array.from(kept.inRate as Float64Array);
    const h = buildHierarchy(g);
    const exit = exitRates(g);
    const top = h.levels[0];
    expect(top.inRate).toBeUndefined();
    expect(Array.from(top.inWeight)).toEqual(finestSlots(g).map((s) => s.rate / exit[s.j]));
    expect(Array.from(incoming(g).inRate as Float64Array)).toEqual(finestSlots(g).map((s) => s.rate));
    expect(incoming(g)).not.toBe(kept);
    expect(keptRates).toEqual(Float64Array.from(finestSlots(g), (s) => s.rate));
  });
});
