import { describe, expect, it } from 'vitest';
import { expectUsageError, lbcheck } from '../support/cli.ts';

describe('lbcheck transient', () => {
  it('prints every metric at every time of a grid, with bounds and the truncation evidence', () => {
    const r = lbcheck('transient', 'jsq-d', '--N', '2', '--d', '2', '--lambda', '1/2', '--t', '0:0.5:2', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.times).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(j.method).toBe('uniformization');
    expect(j.trusted).toBe(true);
    expect(j.metrics[0].meanJobs).toBe(0);
    expect('meanSojourn' in j.metrics[0]).toBe(false); // a stationary (Little's law) ratio: left out
    // Before any departure, jobs arrive at rate lambda N: E[jobs]/N = lambda t - O(t^2); by t = 2 some have left.
    expect(j.metrics[4].meanJobs).toBeGreaterThan(0);
    expect(j.metrics[4].meanJobs).toBeLessThan(0.5 * 2);
    expect(j.truncation.automatic).toBe(true);
    expect(j.truncation.boundaryMass).toBe(j.boundaryMass[4]);
    expect(j.metricError[4].meanJobs).toBeLessThanOrEqual(1e-9);
  });

  it('starts from --from, as the chain prints its states', () => {
    const j = JSON.parse(
      lbcheck('transient', 'jiq-blocking', '--N', '4', '--lambda', '3/2', '--alpha', '1/2,1/2', '--t', '0,1', '--from', 'n1=2,n2=2', '--json').stdout,
    );
    expect(j.start).toBe('(n0=0, n1=2, n2=2)');
    expect(j.metrics[0].busyFraction).toBe(0);
    expect(j.metrics[0].tokenFraction).toEqual([0.5, 0.5]);
  });

  it('a K the user gives that is too small: the bound exceeds the tolerance, exit 1 and a warning', () => {
    const r = lbcheck('transient', 'jsq-d', '--N', '2', '--d', '2', '--lambda', '1/2', '--K', '3', '--t', '5');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('ERROR BOUND TOO LARGE');
    expect(r.stdout).toContain('truncated at K = 3 (given)');
  });

  it.each([
    [[], '--t is required'],
    [['--t', '2,1'], '--t: times must increase, got 2 then 1'],
    [['--t', '0:0.3:1'], 'is not start + k step'],
    [['--t', '-1'], 'times must be >= 0'],
    [['--t', '1', '--from', 'z1=1'], 'the chain\'s states have no "z1"'],
    [['--t', '1', '--from', 'y0=a'], '--from: name=value pairs are whole numbers'],
    [['--t', '1', '--tolerance', '2'], '--tolerance must be a number in (0, 1)'],
  ])('bad input %j: one line, exit 2', (args, message) => {
    expectUsageError(['transient', 'jsq-d', '--N', '2', '--d', '2', '--lambda', '1/2', ...args], message);
  });
});

describe('--t and --from as read', () => {
  it('a grid ends exactly at its end, and a --from beyond the first cap grows K until the chain holds it', () => {
    const j = JSON.parse(lbcheck('transient', 'jsq-d', '--N', '2', '--d', '2', '--lambda', '1/2', '--t', '0:0.1:0.3', '--from', 'y0=1,y12=1', '--json').stdout);
    expect(j.times).toEqual([0, 0.1, 0.2, 0.30000000000000004].map((t, k) => (k === 3 ? 0.3 : t)));
    expect(j.start).toMatch(/^\(y0=1, y1=0, .*y12=1/);
    expect(j.truncation.K).toBeGreaterThan(12);
    // From one idle server and one with 12 jobs: mean jobs per server starts at 6.
    expect(j.metrics[0].meanJobs).toBe(6);
    expect(j.trusted).toBe(true);
  });
});
