/**
 * The population builder on the built-ins: jsq-d and jiq-blocking declared as
 * counts and events (models/<id>/population.ts) give the hand-written chains
 * (models/<id>/ctmc.ts) state by state in exact rationals (every transition
 * rate, every reward), and their derived drifts are the families' fluid views.
 */
import { describe, expect, it } from 'vitest';
import { exactArith, floatArith } from '../../src/core/arith.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { decodeInto } from '../../src/core/mixed-radix.ts';
import { Fraction, ratString, type Rational } from '../../src/core/rational.ts';
import { explore } from '../../src/ctmc/explore/explore.ts';
import { populationChain } from '../../src/population/chain.ts';
import { populationFluid } from '../../src/population/fluid.ts';
import { jiqBlocking } from '../../models/jiq-blocking.ts';
import { jiqBlockingPopulation } from '../../models/jiq-blocking/population.ts';
import type { JiqBlockingParams } from '../../models/jiq-blocking/params.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { ctmc as jsqdChain } from '../../models/jsq-d/ctmc.ts';
import { jsqdPopulation } from '../../models/jsq-d/population.ts';
import type { JsqdParams } from '../../models/jsq-d/params.ts';
import { SAMPLINGS } from '../../models/support/sampling.ts';

/** Every state by its description: outgoing rates by target description, and each metric's reward (and per). */
function stateTable(def: ChainDefinition<Rational>): Map<string, { out: Record<string, string>; rewards: string[] }> {
  const g = explore(def, exactArith);
  const s = new Int32Array(def.radices.length);
  const t = new Int32Array(def.radices.length);
  const table = new Map<string, { out: Record<string, string>; rewards: string[] }>();
  for (let i = 0; i < g.n; i++) {
    decodeInto(g.codes[i], def.radices, s);
    const here = def.describe(s);
    const out: Record<string, Rational> = {};
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      decodeInto(g.codes[g.col[k]], def.radices, t);
      const to = def.describe(t);
      out[to] = (out[to] ?? new Fraction(0)).add(g.rate[k]);
    }
    const rewards = def.metrics.flatMap((m) => [`${m.name}[${m.index ?? ''}]=${ratString(m.reward(s))}`, ...(m.per ? [`per ${ratString(m.per(s))}`] : [])]);
    table.set(here, {
      out: Object.fromEntries(
        Object.entries(out)
          .map(([k, v]) => [k, ratString(v)])
          .sort(),
      ),
      rewards,
    });
  }
  return table;
}

function expectSameChain(hand: ChainDefinition<Rational>, built: ChainDefinition<Rational>): number {
  const a = stateTable(hand);
  const b = stateTable(built);
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  for (const [state, row] of a) expect(b.get(state), state).toEqual(row);
  return a.size;
}

const r = (t: string): Rational => new Fraction(t);

describe('jsq-d through the builder', () => {
  const cases: JsqdParams[] = [];
  for (const sampling of SAMPLINGS) {
    for (const N of [1, 2, 3, 4])
      for (let d = 1; d <= N; d++)
        for (const [lambda, K] of [
          ['1/3', 2],
          ['7/10', 3],
        ] as const)
          cases.push({ N, d, sampling, lambda: r(lambda), K });
  }

  it.each(cases.map((p) => [`N=${p.N} d=${p.d} ${p.sampling} replacement lambda=${ratString(p.lambda)} K=${p.K}`, p] as const))(
    'equals the hand-written chain state by state: %s',
    (_, p) => {
      const states = expectSameChain(jsqdChain(p, exactArith), populationChain(jsqdPopulation(p, exactArith), exactArith));
      expect(states).toBeGreaterThan(1);
    },
  );

  it('boundary states agree (queues at K)', () => {
    const p: JsqdParams = { N: 3, d: 2, sampling: 'without', lambda: r('1/2'), K: 2 };
    const built = populationChain(jsqdPopulation(p, exactArith), exactArith);
    const hand = jsqdChain(p, exactArith);
    const marks = (def: ChainDefinition<Rational>): string[] => {
      const g = explore(def, exactArith);
      const s = new Int32Array(def.radices.length);
      return Array.from(g.codes, (c) => {
        decodeInto(c, def.radices, s);
        return `${def.describe(s)}:${def.atBoundary!(s)}`;
      }).sort();
    };
    expect(marks(built)).toEqual(marks(hand));
  });

  it('derives the fluid drift of the jsq-d fluid view at random points', () => {
    for (const [lambda, d] of [
      ['1/2', 2],
      ['9/10', 3],
      ['3/10', 1],
    ] as const) {
      const p = jsqD.parse({ N: '1000000', lambda, d: String(d) });
      const view = jsqD.fluid!.system(p);
      const K = view.names.length;
      const fluid = populationFluid(jsqdPopulation({ ...p, K }, floatArith), p.N);
      let seed = 7;
      const rand = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
      for (let trial = 0; trial < 20; trial++) {
        const z = Float64Array.from({ length: K }, rand).sort().reverse(); // 1 >= s_1 >= s_2 >= ...
        const want = new Float64Array(K);
        const got = new Float64Array(K);
        view.derivative(z, want);
        fluid.system.derivative(z, got);
        for (let i = 0; i < K; i++) expect(got[i]).toBeCloseTo(want[i], 13);
      }
    }
  });
});

describe('jiq-blocking through the builder', () => {
  const cases: JiqBlockingParams[] = [
    { N: 1, lambda: r('1'), alpha: [r('1')], beta: [r('1')], nu: r('0') },
    { N: 3, lambda: r('9/10'), alpha: [r('3/5'), r('2/5')], beta: [r('1/2'), r('1/2')], nu: r('0') },
    { N: 4, lambda: r('2'), alpha: [r('1/2'), r('1/2')], beta: [r('1/3'), r('2/3')], nu: r('3/4') },
    { N: 4, lambda: r('1/3'), alpha: [r('1/6'), r('1/3'), r('1/2')], beta: [r('1/2'), r('1/4'), r('1/4')], nu: r('2') },
    { N: 2, lambda: r('7/5'), alpha: [r('1/4'), r('1/4'), r('1/4'), r('1/4')], beta: [r('1/4'), r('1/4'), r('1/4'), r('1/4')], nu: r('1/8') },
  ];

  it.each(cases.map((p) => [`N=${p.N} R=${p.alpha.length} nu=${ratString(p.nu)}`, p] as const))('equals the hand-written chain state by state: %s', (_, p) => {
    expectSameChain(jiqBlocking.ctmc(p, exactArith), populationChain(jiqBlockingPopulation(p, exactArith), exactArith));
  });

  it('packs the same codes as the hand-written chain (tokens as digits, busy servers implied)', () => {
    const p = cases[2];
    const hand = explore(jiqBlocking.ctmc(p, floatArith), floatArith);
    const built = explore(populationChain(jiqBlockingPopulation(p, floatArith), floatArith), floatArith);
    expect(Array.from(built.codes)).toEqual(Array.from(hand.codes));
  });

  it('derives the fluid field of the jiq-blocking view at random interior points', () => {
    let seed = 11;
    const rand = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const p of cases.slice(1)) {
      const view = jiqBlocking.fluid!.system(p);
      const fluid = populationFluid(jiqBlockingPopulation(p, floatArith), p.N);
      const m = view.names.length;
      for (let trial = 0; trial < 20; trial++) {
        const w = Float64Array.from({ length: m }, () => 0.05 + rand()); // every token pool non-empty
        const total = w.reduce((a, b) => a + b, 0);
        const z = w.map((v) => v / total);
        const want = new Float64Array(m);
        const got = new Float64Array(m);
        view.derivative(z, want);
        fluid.system.derivative(z, got);
        for (let i = 0; i < m; i++) expect(got[i]).toBeCloseTo(want[i], 13);
      }
    }
  });
});
