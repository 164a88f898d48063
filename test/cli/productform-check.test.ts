import { describe, expect, it } from 'vitest';
import { lbcheck, expectUsageError } from '../support/cli.ts';

describe('lbcheck productform', () => {
  it('gives the hand-computed blocking 5/9 for N = 2, lambda = 1, alpha = beta = 1/2', () => {
    const r = lbcheck('productform', 'jiq-blocking', '--N', '2', '--lambda', '1', '--alpha', '1/2,1/2', '--exact', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.method).toBe('productform-exact');
    expect(j.states).toBe(6);
    expect(j.exact.blocking).toBe('5/9');
    // weights: n0 = 2: 2 (one state), n0 = 1: 2 (two states), n0 = 0: 1 (three states); E[n0] = (2*2 + 1*4)/9 = 8/9 of N = 2
    expect(j.exact.busyFraction).toBe('4/9');
  });

  it('reaches N = 10^6 near the Theorem 1 limit 1 - R alpha_R = 1/5', () => {
    const j = JSON.parse(lbcheck('productform', 'jiq-blocking', '--N', '1000000', '--lambda', '9/10', '--alpha', '3/5,2/5', '--json').stdout);
    expect(Math.abs(j.metrics.blocking - 0.2)).toBeLessThan(1e-5);
    expect(j.states).toBe(500001500001);
  });

  it('refuses token exchange in one line with exit code 2', () => {
    const r = lbcheck('productform', 'jiq-blocking', '--N', '5', '--lambda', '1', '--alpha', '1/2,1/2', '--nu', '1');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('lbcheck: the product form does not apply with token exchange (nu > 0)');
  });
});

describe('lbcheck check', () => {
  it('prints results in the fixed JSON shape and replays a counterexample from its seed and path', () => {
    const first = lbcheck('check', 'product-form-exchange', '--seed', '5', '--json');
    expect(first.code).toBe(0); // refuted, as expected
    const [r] = JSON.parse(first.stdout).results;
    for (const k of ['id', 'claim', 'method', 'verdict', 'evidence', 'seed', 'path']) expect(r).toHaveProperty(k);
    expect(r.verdict).toBe('refuted');
    expect(r.counterexample.params.N).toBe(1);
    const again = lbcheck('check', 'product-form-exchange', '--seed', '5', '--path', r.path, '--json');
    expect(again.code).toBe(1); // the replayed case fails
    const { replay } = JSON.parse(again.stdout);
    expect(replay).toMatchObject({ id: 'product-form-exchange', seed: 5, path: r.path, outcome: 'failed', reason: null });
    expect(replay.case).toEqual(r.counterexample);
  });

  it.each([
    [['check', 'no-such-claim'], 'unknown property "no-such-claim"'],
    [['check', '--seed', 'abc'], '--seed must be an integer in [0, 4294967295], got "abc"'],
    [['check', '--path', '0:1'], '--path replays one property: name exactly one id'],
  ])('rejects %j in one line with exit code 2', (args, message) => {
    expectUsageError(args, message);
  });
});
