/**
 * The explorer's engine (web/src/engine.ts) in Node: what the page's worker
 * answers, compared with the CLI's own modules and with values computed here.
 */
import { describe, expect, it } from 'vitest';
import { POLICY } from '../../src/core/numerical-policy.ts';
import { Fraction } from '../../src/core/rational.ts';
import { evaluateRefutation, listClaims, listFamilies, replayTrace, runClaim, solve, fluid } from '../../web/src/engine.ts';
import { lbcheck } from '../support/cli.ts';

const PAGE_CAP = POLICY.pageMaxStates.value.toLocaleString('en');

describe('the explorer engine', () => {
  it('lists every registered claim with its kind and the families with their parameters', () => {
    const claims = listClaims();
    const kinds = Object.fromEntries(claims.map((c) => [c.id, c.kind]));
    expect(kinds['coupling-theorem1-per-dispatcher']).toBe('trace');
    expect(kinds['coupling-jsqd-bound']).toBe('trace');
    expect(kinds['prove-theorem2-min-only']).toBe('z3');
    expect(kinds['product-form-exchange']).toBe('other');
    expect(claims.find((c) => c.id === 'prove-theorem2-min-only')!.smt).toEqual({ id: 'theorem2-min-only', meaning: 'dispatchers R', min: 2, max: 6 });
    const jiq = listFamilies().find((f) => f.id === 'jiq-blocking')!;
    expect(jiq.params.map((p) => p.name)).toEqual(['N', 'lambda', 'alpha', 'beta', 'nu']);
    expect(jiq.fluidIgnores).toContain('N');
  });

  it('solves as solve --json does, with marginals that are distributions', async () => {
    const r = await solve('jiq-blocking', { N: '4', lambda: '1', alpha: '1/2,1/2' }, 'exact');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const cli = JSON.parse(lbcheck('solve', 'jiq-blocking', '--N', '4', '--lambda', '1', '--alpha', '1/2,1/2', '--method', 'exact', '--json').stdout);
    const { marginals, seconds, ...rest } = r.value;
    const { seconds: _cliSeconds, ...cliRest } = cli;
    expect(rest).toEqual(cliRest);
    expect(seconds).toBeGreaterThan(0);
    for (const m of marginals) expect(m.values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // The coordinates are the idle tokens held at each dispatcher: their means add up to the idle servers, N (1 - busyFraction).
    expect(marginals.map((m) => m.name)).toEqual(['n1', 'n2']);
    const idle = marginals.reduce((sum, m) => sum + m.values.reduce((a, p, v) => a + p * v, 0), 0);
    expect(idle).toBeCloseTo(4 * (1 - (r.value.metrics.busyFraction as number)), 12);
  });

  it("refuses what the page should not solve, and bad parameters, in the CLI's words", async () => {
    expect(await solve('jiq-blocking', { N: '100000', lambda: '1', alpha: '1/2,1/2' }, 'auto')).toEqual({
      ok: false,
      error: `too large for the page (more than ${PAGE_CAP} states): run \`lbcheck solve jiq-blocking --N 100000 --lambda 1 --alpha 1/2,1/2 --json\``,
    });
    const bad = await solve('jiq-blocking', { N: '4', lambda: '1', alpha: '1/2,1/3' }, 'auto');
    expect(bad).toEqual({ ok: false, error: '--alpha must sum to 1, got 5/6' });
    expect(await solve('no-such', {}, 'auto')).toMatchObject({ ok: false, error: expect.stringMatching(/^unknown family "no-such"/) });
    expect(await runClaim('prove-theorem2-min-only', 42)).toMatchObject({ ok: false, error: expect.stringMatching(/^Z3 needs a cross-origin isolated page/) });
    expect(await replayTrace('product-form-exchange', { params: {}, trace: [] })).toEqual({
      ok: false,
      error: 'claim "product-form-exchange" is not checked on coupled traces',
    });
  });

  it('evaluates a Z3 model against a part exactly, and says when it is no counterexample', async () => {
    // theorem2-min-only, R = 3, part 2 at the model prove finds: l = 1/4 against the closed form 13/64.
    const model = {
      lambda: '1/2',
      nu: '0',
      alpha1: '3/4',
      alpha2: '3/16',
      alpha3: '1/16',
      beta1: '1/3',
      beta2: '1/3',
      beta3: '1/3',
      y0: '1/2',
      y1: '3/8',
      x1: '0',
      x2: '1/8',
      x3: '3/8',
      l: '1/4',
    };
    const r = await evaluateRefutation('theorem2-min-only', 3, 2, model);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const closed = new Fraction(1, 2).mul(new Fraction(1).sub(new Fraction(3, 16))).div(new Fraction(3, 2).add(new Fraction(1, 2)));
    expect(closed.toFraction()).toBe('13/64');
    expect(r.value.conclusion).toMatchObject({ kind: 'comparison', holds: false, left: { value: '1/4' }, right: { value: '13/64' } });
    expect(r.value.refutes).toBe(true);
    const moved = await evaluateRefutation('theorem2-min-only', 3, 2, { ...model, l: '13/64' });
    expect(moved.ok && moved.value.refutes).toBe(false);
    expect(await evaluateRefutation('theorem2-min-only', 9, 1, model)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/must be an integer in 2\.\.6, got 9$/),
    });
  });

  it('integrates the fluid limit with the fixed point of fluid --json', async () => {
    const r = await fluid('jiq-blocking', { N: '10', lambda: '9/10', alpha: '3/5,2/5' }, 50);
    const cli = JSON.parse(lbcheck('fluid', 'jiq-blocking', '--lambda', '9/10', '--alpha', '3/5,2/5', '--t', '50', '--json').stdout);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.fromEntries(r.value.names.map((n, i) => [n, r.value.fixedPoint[i]]))).toEqual(
      Object.fromEntries(r.value.names.map((n) => [n, cli.fixedPoint[n]])),
    );
    expect(r.value.series[0].at(-1)).toBeCloseTo(cli.trajectory.at(-1)[r.value.names[0]], 12);
  });
});
