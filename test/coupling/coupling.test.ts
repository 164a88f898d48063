import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { UsageError } from '../../src/core/errors.ts';
import { atMost, runCoupled, traceSteps, type Order } from '../../src/coupling/coupled-run.ts';
import type { JiqTrace, SlotEvent, TokenCounts } from '../../models/jiq-blocking/token-systems.ts';
import { tailCounts, tailDistance, type QueueEvent } from '../../src/coupling/ordered-queues.ts';
import { sampledShortest } from '../../models/jsq-d/coupling.ts';
import { categorical, uniformIndex } from '../../src/coupling/trace.ts';
import { cumulative } from '../../src/sim/discrete.ts';
import { runProperty } from '../../src/check/runner.ts';
import { jiqBlocking, productFormBlockingExact } from '../../models/jiq-blocking.ts';
import { betterParams, theorem1Coupling, theorem1SlotCoupling, theorem1Systems, worseParams, worseThinning } from '../../models/jiq-blocking/coupling.ts';
import { theorem1Blockings } from '../../properties/coupling-theorem1-finite-n.ts';
import { admittedFractions } from '../../properties/coupling-theorem1-rates-per-dispatcher.ts';
import { couplingTheorem1PerDispatcher } from '../../properties/coupling-theorem1-per-dispatcher.ts';
import { couplingJsqdBound, jsqCoupling } from '../../properties/coupling-jsqd-bound.ts';
import { theorem1Cases } from '../../properties/support/coupling-arbitrary.ts';
import { THEOREM1_RANGES, usedInTotal, usedPerDispatcher } from '../../properties/support/theorem1-coupling.ts';
import { lbcheck } from '../support/cli.ts';

const q = (n: number, d = 1): Rational => new Fraction(n, d);
/** N = 1, R = 3, alpha = (1/2, 1/4, 1/4), lambda = 1/10: the minimal counterexamples' setting. */
const small = jiqBlocking.parse({ N: '1', lambda: '1/10', alpha: '1/2,1/4,1/4' });
/** Cell k of a uniform: value (k + 1/2)/1000. Dispatcher 1: u < 1/2, 2: u < 3/4; destination 1: u < 1/3, 2: u < 2/3. */
const U = { d1: 0, d2: 600, d3: 900, to1: 0, to2: 400, to3: 900, thin: 0, keep: 999 };

/** The per-dispatcher orders the per-job argument does give (states: worse, original, better). */
const worseBelowOriginalPerDispatcher: Order<TokenCounts, null> = {
  name: 'worse <= original at every dispatcher',
  compare: ([w, o]) => Array.from(w.usedAt, (x, r) => atMost(`used at ${r + 1}`, { label: 'worse', value: x }, { label: 'original', value: o.usedAt[r] })),
};
/** Original <= better for the better system's own dispatchers: R alone, and 1..R-1 together. */
function pooledBelowBetter(R: number): Order<TokenCounts, null> {
  const last = R - 1;
  return {
    name: 'original <= better, pooled',
    compare: ([, o, b]) => [
      atMost(`used at ${R}`, { label: 'original', value: o.usedAt[last] }, { label: 'better', value: b.usedAt[last] }),
      atMost(`used at 1..${R - 1}`, { label: 'original', value: o.used - o.usedAt[last] }, { label: 'better', value: b.used - b.usedAt[last] }),
    ],
  };
}

describe('uniforms of a trace', () => {
  it('map to categories by inverse transform at the cell midpoint', () => {
    const cdf = cumulative([0.5, 0.25, 0.25], 1);
    expect([U.d1, 499, 500, U.d2, 749, 750, U.d3].map((u) => categorical(u, cdf))).toEqual([0, 0, 1, 1, 1, 2, 2]);
    expect([0, 332, 333, 999].map((u) => uniformIndex(u, 3))).toEqual([0, 0, 1, 2]);
  });
});

describe('Theorem 1 systems (P1)', () => {
  it('thin the worse system by p_r = 1 - min{alpha_R lambda, 1/R}/(alpha_r lambda)', () => {
    expect(worseThinning(small)).toEqual([q(1, 2), q(0), q(0)]);
    const heavy = jiqBlocking.parse({ N: '2', lambda: '3', alpha: '1/2,1/4,1/4' });
    expect(worseThinning(heavy)).toEqual([q(7, 9), q(5, 9), q(5, 9)]);
    expect(worseParams(heavy).params.lambda).toEqual(q(1));
  });

  it('merge dispatchers 1..R-1 in the better system', () => {
    const b = betterParams(small);
    expect(b.alpha).toEqual([q(3, 4), q(1, 4)]);
    expect(b.beta).toEqual([q(2, 3), q(1, 3)]);
    expect(theorem1Systems(small)[2].pool).toEqual([0, 0, 1]);
  });

  it('refuse settings outside the theorem with one-line errors', () => {
    expect(() => theorem1Systems(jiqBlocking.parse({ N: '2', lambda: '1', alpha: '1/4,3/4' }))).toThrow(UsageError);
    expect(() => theorem1Systems(jiqBlocking.parse({ N: '2', lambda: '1', alpha: '1/2,1/2', beta: '1/4,3/4' }))).toThrow(/beta must be uniform/);
  });
});

describe('per-job coupling on hand-made traces', () => {
  /** Job 1 ends at 0.5 with its token to dispatcher 1; arrivals at 2 (t=1) then 1 (t=2, thinned in worse). */
  const trace: JiqTrace = {
    jobs: [{ service: 0, destination: U.to1 }],
    arrivals: [
      { at: 1, dispatcher: U.d2, thinning: U.keep },
      { at: 2, dispatcher: U.d1, thinning: U.thin },
    ],
  };

  it('let the merged pool serve dispatcher 2 and starve dispatcher 1', () => {
    const { violation, states } = runCoupled(theorem1Coupling(small, trace, [usedInTotal]), trace.arrivals);
    expect(violation).toBeNull();
    const [worse, original, better] = states;
    expect([worse.used, original.used, better.used]).toEqual([0, 1, 1]);
    expect(Array.from(original.usedAt)).toEqual([1, 0, 0]);
    expect(Array.from(better.usedAt)).toEqual([0, 1, 0]);
    expect(runCoupled(theorem1Coupling(small, trace, [usedPerDispatcher(3)]), trace.arrivals).violation).toEqual({
      step: 2,
      order: 'tokens used at each dispatcher: worse <= original <= better',
      why: 'tokens used at dispatcher 1: original 1 > better 0',
      comparison: {
        quantity: 'tokens used at dispatcher 1',
        left: { label: 'original', value: 1 },
        relation: '<=',
        right: { label: 'better', value: 0 },
        holds: false,
      },
    });
  });

  it('return tokens in completion order and keep jobs past the tape busy', () => {
    const t: JiqTrace = {
      jobs: [
        { service: 2, destination: U.to3 },
        { service: 0, destination: U.to2 },
        { service: 5, destination: U.to1 },
      ],
      arrivals: [1, 2, 3, 4].map((at) => ({ at, dispatcher: U.d3, thinning: U.keep })),
    };
    const two = jiqBlocking.parse({ N: '2', lambda: '1', alpha: '1/2,1/4,1/4' });
    const run = traceSteps(theorem1Coupling(two, t, []), t.arrivals);
    // original: job 2 done at 0.5 (to 2), job 1 at 2.5 (to 3): dispatcher 3 is served at t = 3 only, by job 3 (until 8.5).
    const original = run.steps.map((s) => s.systems[1]);
    expect(original.map((o) => o.did)).toEqual([
      [],
      ['job 2 done at t=0.5, token to 2', 'blocked: no token at 3'],
      ['blocked: no token at 3'],
      ['job 1 done at t=2.5, token to 3', 'token at 3 used', 'job 3 until t=8.5'],
      ['blocked: no token at 3'],
    ]);
    expect(original.map((o) => o.quantities)).toEqual([
      { used: 0, usedAt: [0, 0, 0], tokens: { d1: 0, d2: 0, d3: 0 } },
      { used: 0, usedAt: [0, 0, 0], tokens: { d1: 0, d2: 1, d3: 0 } },
      { used: 0, usedAt: [0, 0, 0], tokens: { d1: 0, d2: 1, d3: 0 } },
      { used: 1, usedAt: [0, 0, 1], tokens: { d1: 0, d2: 1, d3: 0 } },
      { used: 1, usedAt: [0, 0, 1], tokens: { d1: 0, d2: 1, d3: 0 } },
    ]);
    expect(run.steps[1].event).toEqual({
      text: 't=1: arrival at dispatcher 3 (u=0.9005), thinning u=0.9995',
      draws: { at: 1, dispatcher: 0.9005, thinning: 0.9995 },
    });
    expect(run.violation).toBeNull();
  });

  it('record the ordered values on both sides at every step, and stop at the violation', () => {
    const run = traceSteps(theorem1Coupling(small, trace, [usedPerDispatcher(3)]), trace.arrivals);
    expect(run.steps).toHaveLength(3);
    expect(run.steps.map((s) => s.ordered['tokens used at dispatcher 1'])).toEqual([
      { worse: 0, original: 0, better: 0 },
      { worse: 0, original: 0, better: 0 },
      { worse: 0, original: 1, better: 0 },
    ]);
    expect(run.steps.map((s) => s.violation?.why ?? null)).toEqual([null, null, 'tokens used at dispatcher 1: original 1 > better 0']);
    expect(run.steps[2].systems[2].quantities).toEqual({ used: 1, usedAt: [0, 1, 0], tokens: { 'd1-2': 0, d3: 0 } });
  });

  it('keep worse <= original at every dispatcher, and original <= better pooled, on random traces', () => {
    fc.assert(
      fc.property(theorem1Cases(THEOREM1_RANGES.params, THEOREM1_RANGES.trace), (c) => {
        const R = c.params.alpha.length;
        const orders = [usedInTotal, worseBelowOriginalPerDispatcher, pooledBelowBetter(R)];
        return runCoupled(theorem1Coupling(c.params, c.trace, orders), c.trace.arrivals).violation === null;
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('per-server clocks on the hand-checked trace', () => {
  it('let the worse system overtake the original', () => {
    const events: SlotEvent[] = [
      { kind: 'service', slot: 0, destination: U.to1 },
      { kind: 'arrival', dispatcher: U.d1, thinning: U.thin },
      { kind: 'service', slot: 0, destination: U.to2 },
      { kind: 'arrival', dispatcher: U.d1, thinning: U.keep },
      { kind: 'service', slot: 0, destination: U.to1 },
      { kind: 'arrival', dispatcher: U.d1, thinning: U.keep },
    ];
    const { violation, states } = runCoupled(theorem1SlotCoupling(small, [usedInTotal]), events);
    expect(states.map((s) => s.used)).toEqual([2, 1, 3]);
    expect(violation).toMatchObject({ step: 6, order: 'tokens used: worse <= original <= better', why: 'tokens used: worse 2 > original 1' });
  });
});

describe('finite-N blocking of the better, original and worse systems', () => {
  it('match the hand-solved N = 1 chains: 119/209 <= 73/103 <= 31/41', () => {
    // original: pi(busy) = 3/103, pi(token at r) = 10 pi(busy)/(3 alpha_r); B = sum_r alpha_r P(n_r = 0).
    // better: pi(busy) = 9/209, pool 80/209, dispatcher 3 120/209. worse: lambda' = 3/40, B' = 83/123, B = 1 - (3/4)(40/123).
    const b = theorem1Blockings(small);
    expect([b.better, b.original, b.worse]).toEqual([q(119, 209), q(73, 103), q(31, 41)]);
    expect(productFormBlockingExact(small)).toEqual(q(73, 103));
    expect(productFormBlockingExact(betterParams(small))).toEqual(q(119, 209));
  });

  it('give dispatcher 2 a larger admitted fraction in the original than in the better system', () => {
    const f = admittedFractions(small);
    expect(f.original).toEqual([q(20, 103), q(40, 103), q(40, 103)]);
    expect(f.better).toEqual([q(80, 209), q(80, 209), q(120, 209)]);
    expect(f.original[1].compare(f.better[1])).toBe(1);
  });
});

describe('JSQ(d) vs JSQ in ordered form (P2 Prop. 3.5)', () => {
  it('follow a hand-made trace to the bound and back', () => {
    const events: QueueEvent[] = [
      { kind: 'arrival', picks: [900] },
      { kind: 'arrival', picks: [900] },
      { kind: 'departure', position: 900 },
    ];
    const c = jsqCoupling({ N: 2, d: 1, sampling: 'without' });
    const afterEvents = (n: number) => runCoupled(c, events.slice(0, n));
    const two = afterEvents(2);
    expect(two.states.map((s) => Array.from(s.q))).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(two.joint).toEqual({ byLength: 1, byPosition: 2 });
    expect(tailDistance(two.states[0].q, two.states[1].q)).toBe(2);
    const three = afterEvents(3);
    expect(three.states.map((s) => Array.from(s.q))).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(three.violation).toBeNull();
  });

  it("measure sum_i |Q_i - Q'_i| from the Q_i (servers with >= i jobs) of P2", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(6), fc.nat(6)), { minLength: 1, maxLength: 8 }), (pairs) => {
        const a = Int32Array.from(pairs.map((p) => p[0])).sort();
        const b = Int32Array.from(pairs.map((p) => p[1])).sort();
        const Qa = tailCounts(a);
        const Qb = tailCounts(b);
        let byDefinition = 0;
        for (let i = 0; i < Math.max(Qa.length, Qb.length); i++) byDefinition += Math.abs((Qa[i] ?? 0) - (Qb[i] ?? 0));
        return tailDistance(a, b) === byDefinition;
      }),
      { seed: 3 },
    );
    expect(tailCounts(Int32Array.from([0, 1, 1, 3]))).toEqual([3, 1, 1]);
  });

  it('sample d distinct servers: d = N always finds the shortest; d = 1 is one uniform position', () => {
    const pool = new Int32Array(5);
    const drawn = new Int32Array(5);
    expect(sampledShortest('without', [999, 999, 999, 999, 999], 5, pool, drawn)).toBe(0);
    expect(sampledShortest('without', [700], 5, pool, drawn.subarray(0, 1))).toBe(3);
    const events: QueueEvent[] = [
      { kind: 'arrival', picks: [500, 10, 990] },
      { kind: 'departure', position: 0 },
      { kind: 'arrival', picks: [1, 2, 3] },
    ];
    const { states, joint } = runCoupled(jsqCoupling({ N: 3, d: 3, sampling: 'without' }), events);
    expect(Array.from(states[0].q)).toEqual(Array.from(states[1].q));
    expect(joint.byLength).toBe(0);
  });

  it('sample with replacement: one position per uniform, repeats allowed, so d = N can miss the shortest queue', () => {
    const pool = new Int32Array(5);
    const drawn = new Int32Array(2);
    // Cell 999 is u = 0.9995: position floor(5 u) = 4 for both draws; without replacement the second draw is position 0.
    expect(sampledShortest('with', [999, 999], 5, pool, drawn)).toBe(4);
    expect(Array.from(drawn)).toEqual([4, 4]);
    expect(sampledShortest('without', [999, 999], 5, pool, drawn)).toBe(0);
    expect(Array.from(drawn)).toEqual([4, 0]);
    // N = 2, d = 2 with replacement: two arrivals whose picks both land on position 2 make the queues (0, 2); JSQ has (1, 1).
    const events: QueueEvent[] = [
      { kind: 'arrival', picks: [900, 900] },
      { kind: 'arrival', picks: [900, 900] },
    ];
    const { states, joint, violation } = runCoupled(jsqCoupling({ N: 2, d: 2, sampling: 'with' }), events);
    expect(states.map((s) => Array.from(s.q))).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(joint.byLength).toBe(1);
    expect(tailDistance(states[0].q, states[1].q)).toBe(2);
    expect(violation).toBeNull();
    const distinct = runCoupled(jsqCoupling({ N: 2, d: 2, sampling: 'without' }), events);
    expect(distinct.states.map((s) => Array.from(s.q))).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });
});

describe('replay of a coupling counterexample', () => {
  it('reproduces the same minimal trace from its seed and path, in process and from the CLI', async () => {
    const first = await runProperty(couplingTheorem1PerDispatcher, { seed: 42, progress: () => {} });
    expect(first.verdict).toBe('refuted');
    // A replay decides its one case (failed), never the claim's verdict.
    const replay = await runProperty(couplingTheorem1PerDispatcher, { seed: 42, path: first.path, progress: () => {} });
    expect(replay.replay?.outcome).toBe('failed');
    expect(replay.replay?.outcome === 'failed' && replay.replay.counterexample).toEqual(first.counterexample);
    const cli = lbcheck('check', 'coupling-theorem1-per-dispatcher', '--seed', '42', '--path', first.path!, '--json');
    expect(cli.code).toBe(1);
    const shown = JSON.parse(cli.stdout).replay;
    expect(shown.outcome).toBe('failed');
    expect(shown.case).toEqual(first.counterexample);
  });

  it('finds nothing to report where the bound holds', async () => {
    const r = await runProperty(couplingJsqdBound, { seed: 1, progress: () => {} });
    expect(r.verdict).toBe('holds');
    expect(r.counterexample).toBeUndefined();
  });
});
