import { describe, expect, it } from 'vitest';
import { runProperty } from '../../src/check/runner.ts';
import { UsageError } from '../../src/core/errors.ts';
import type { TraceCounterexample } from '../../src/check/trace-claim.ts';
import type { EvidenceValue } from '../../src/core/verdict.ts';
import { traceText } from '../../src/report/trace-text.ts';
import { couplingTheorem1PerDispatcher } from '../../properties/coupling-theorem1-per-dispatcher.ts';
import { couplingJsqdBound } from '../../properties/coupling-jsqd-bound.ts';
import { lbcheck } from '../support/cli.ts';

const replay = couplingTheorem1PerDispatcher.trace!;

/** The per-dispatcher counterexample's setting: N = 1, R = 3 equal loads; a token sent to 1, then arrivals at 2 and 1. */
const CASE = {
  params: { N: '1', lambda: '1/10', alpha: '1/3,1/3,1/3', beta: '1/3,1/3,1/3', nu: '0' },
  trace: {
    arrivals: [
      { at: 1, dispatcher: 400, thinning: 0 },
      { at: 2, dispatcher: 0, thinning: 0 },
    ],
    jobs: [{ service: 0, destination: 0 }],
  },
};

describe('counterexample of a coupled trace as data', () => {
  it('is in check --json: steps with event, draws, quantities, ordered values and the violated relation', async () => {
    const r = lbcheck('check', 'coupling-theorem1-per-dispatcher', '--json');
    const cx = JSON.parse(r.stdout).results[0].counterexample as TraceCounterexample;
    expect(cx.kind).toBe('coupling-trace');
    const steps = cx.steps;
    const last = steps.at(-1)!;
    expect(last.violation).not.toBeNull();
    const { left, right, quantity } = last.violation!.comparison;
    // The violated relation's two sides are the two systems' values of that quantity in that step.
    expect(last.ordered[quantity][left.label]).toBe(left.value);
    expect(last.ordered[quantity][right.label]).toBe(right.value);
    expect(left.value).toBeGreaterThan(right.value);
    expect(last.systems.map((s) => s.name)).toEqual(['worse', 'original', 'better']);
    expect(Object.keys(last.event!.draws)).toEqual(['at', 'dispatcher', 'thinning']);
    // Replaying its case gives the same run.
    expect(replay.replay(cx.case!)).toEqual(cx);
  });

  it('replays an edited case: lambda changes the worse system only, the order still fails', () => {
    const a = replay.replay(CASE);
    expect(a.violation!.why).toBe('tokens used at dispatcher 1: original 1 > better 0');
    const b = replay.replay({ ...CASE, params: { ...CASE.params, lambda: '3' } });
    expect(b.violation!.why).toBe('tokens used at dispatcher 1: original 1 > better 0');
    // Moving the first arrival to dispatcher 3 removes the violation.
    const c = replay.replay({ ...CASE, trace: { ...CASE.trace, arrivals: [{ at: 1, dispatcher: 900, thinning: 0 }, CASE.trace.arrivals[1]] } });
    expect(c.violation).toBeNull();
    expect(c.steps).toHaveLength(3);
  });

  it("rejects invalid edits with the command line's one-line rule", () => {
    const bad =
      (params: Record<string, string>, trace: unknown = CASE.trace) =>
      () =>
        replay.replay({ params: { ...CASE.params, ...params }, trace: trace as never });
    expect(bad({ lambda: '-1' })).toThrow(UsageError);
    expect(bad({ alpha: '1/2,1/3,1/3' })).toThrow('--alpha must sum to 1, got 7/6');
    expect(bad({ alpha: '1/6,1/3,1/2' })).toThrow(/alpha must be non-increasing/);
    expect(
      bad(
        {},
        {
          arrivals: [
            { at: 2, dispatcher: 0, thinning: 0 },
            { at: 1, dispatcher: 0, thinning: 0 },
          ],
          jobs: [],
        },
      ),
    ).toThrow('trace.arrivals: arrival epochs must increase strictly');
    expect(bad({}, { arrivals: [{ at: 1, dispatcher: 1000, thinning: 0 }], jobs: [] })).toThrow(/^trace\.arrivals\[1\]\.dispatcher: /);
  });

  it('shrinks again from an edited case to a failing sub-trace', () => {
    const longer = {
      ...CASE,
      trace: {
        arrivals: [
          { at: 1, dispatcher: 400, thinning: 0 },
          { at: 2, dispatcher: 900, thinning: 0 },
          { at: 3, dispatcher: 0, thinning: 0 },
          { at: 4, dispatcher: 0, thinning: 0 },
        ],
        jobs: [
          { service: 0, destination: 0 },
          { service: 3, destination: 900 },
        ],
      },
    };
    const s = replay.shrink(longer, 1)!;
    expect(s.violation).not.toBeNull();
    const t = s.case!.trace as { arrivals: unknown[]; jobs: unknown[] };
    expect(t.arrivals.length).toBeLessThanOrEqual(2);
    expect(replay.replay(s.case!).violation).toEqual(s.violation);
    expect(replay.shrink({ ...CASE, trace: { arrivals: [], jobs: [] } }, 1)).toBeNull();
  });

  it('renders for people: a block per step, violated quantity marked, no line over 120 characters', async () => {
    const cx = replay.replay(CASE);
    const lines = traceText(cx.steps, cx.events);
    expect(lines.filter((l) => /^step \d/.test(l))).toEqual([
      'step 0: start',
      'step 1: t=1: arrival at dispatcher 2 (u=0.4005), thinning u=0.0005',
      'step 2: t=2: arrival at dispatcher 1 (u=0.0005), thinning u=0.0005',
    ]);
    expect(lines.find((l) => l.includes('>> tokens used at dispatcher 1'))).toMatch(/>> tokens used at dispatcher 1\s+1\s+1 <<\s+0 <</);
    // The verdict line, wrapped at a space to fit 120 columns.
    expect(lines.slice(-2)).toEqual([
      'VIOLATED after step 2: tokens used at each dispatcher: worse <= original <= better: tokens used at dispatcher 1:',
      '    original 1 > better 0',
    ]);
    const jsq = await runProperty(couplingJsqdBound, { seed: 1, progress: () => {} });
    expect(jsq.counterexample).toBeUndefined();
    const long = couplingJsqdBound.trace!.replay({
      params: { N: '6', d: '2' },
      trace: Array.from(
        { length: 60 },
        (_, i): EvidenceValue =>
          i % 3 === 2 ? { kind: 'departure', position: (i * 37) % 1000 } : { kind: 'arrival', picks: [(i * 71) % 1000, (i * 13) % 1000] },
      ),
    });
    const text = traceText(long.steps, long.events);
    expect(text.at(-1)).toBe('every order holds through step 60');
    for (const l of [...lines, ...text]) expect(l.length).toBeLessThanOrEqual(120);
  });
});
