import { describe, expect, it } from 'vitest';
import { lbcheck, expectUsageError } from '../support/cli.ts';

describe('lbcheck solve <family> --param', () => {
  it('prints the fixed JSON shape: parametric.metrics.<name>.{numerator, denominator} as integer strings, lowest degree first', () => {
    const r = lbcheck('solve', 'jiq-blocking', '--N', '1', '--alpha', '3/5,2/5', '--param', 'lambda', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.model).toBe('jiq-blocking');
    expect(j.params).toEqual({ N: '1', alpha: '3/5,2/5' });
    expect(j.parametric.parameter).toBe('lambda');
    expect(j.parametric.status).toBe('solved');
    expect(j.parametric.metrics.blocking).toEqual({ numerator: ['13', '12'], denominator: ['25', '12'] });
    expect(j.parametric.metrics.tokenFraction).toHaveLength(2);
    expect(Object.keys(j.parametric.evidence)).toEqual([
      'states',
      'transitions',
      'rateDegree',
      'fitPoints',
      'degreeBound',
      'lawDegree',
      'points',
      'primes',
      'verified',
      'seconds',
    ]);
    expect(j.parametric.evidence.states).toBe(3);
  });

  it('pretty-prints the functions', () => {
    const r = lbcheck('solve', 'jiq-blocking', '--N', '2', '--alpha', '3/5,2/5', '--param', 'lambda');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('blocking = (288 λ² + 312 λ + 175) / (288 λ² + 600 λ + 475)');
  });

  it.each([
    [['--N', '2', '--alpha', '1', '--param', 'N'], /--param N: N is an integer that sets the state space/],
    [['--N', '2', '--alpha', '1', '--param', 'beta'], /--param beta: beta is a list, not one rate/],
    [['--N', '2', '--alpha', '1', '--param', 'mu'], /jiq-blocking has no parameter mu/],
    [['--N', '2', '--alpha', '1', '--lambda', '1', '--param', 'lambda'], /drop --lambda/],
  ])('bad input %j: one line on stderr, exit 2', (args, message) => {
    expectUsageError(['solve', 'jiq-blocking', ...args], message);
  });

  it('a truncated family needs its K fixed', () => {
    const r = lbcheck('solve', 'jsq-d', '--N', '2', '--d', '2', '--param', 'lambda');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--param lambda needs --K/);
  });
});
