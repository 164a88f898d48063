import { describe, expect, it } from 'vitest';
import { SOLVE_JSON_KEYS } from '../support/solve-json.ts';
import { lbcheck, expectUsageError } from '../support/cli.ts';

describe('lbcheck solve', () => {
  it('prints the fixed JSON shape with exact fractions', () => {
    const r = lbcheck('solve', 'jiq-blocking', '--N', '2', '--lambda', '1', '--alpha', '1/2,1/2', '--method', 'exact', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j).slice(0, 12)).toEqual(SOLVE_JSON_KEYS.slice(0, 12));
    expect(j.params).toEqual({ N: 2, lambda: 1, alpha: [0.5, 0.5], beta: [0.5, 0.5], nu: 0 });
    expect(j.states).toBe(6);
    // N = 2, lambda N = 2, alpha = beta = 1/2: product form weights 2^{n0}/n0! give
    // (n0=2): 2, (n0=1): 2 each for 2 token placements, (n0=0): 1 each for 3 placements; G = 2 + 4 + 3 = 9.
    // Blocked: dispatcher r has no token. B = 1/2 [P(n1=0) + P(n2=0)], P(n1 = 0) = (2 + 2 + 1)/9.
    expect(j.exact.blocking).toBe('5/9');
    expect(j.metrics.blocking).toBeCloseTo(5 / 9, 15);
    expect(j.residual).toBe(0);
  });

  it("prints the solver's metric error: plain (metricSolverError) and in a search's two-part metricError", () => {
    const j = JSON.parse(lbcheck('solve', 'jsq-d', '--N', '2', '--d', '2', '--lambda', '1/2', '--method', 'iterative', '--tolerance', '1e-6', '--json').stdout);
    const t = j.truncation;
    expect(j.trusted).toBe(true);
    expect(j.metricSolverError.meanJobs).toBeGreaterThan(0);
    expect(t.metricError.meanJobs).toBeCloseTo(t.metricErrorParts.truncation.meanJobs + t.metricErrorParts.solver.meanJobs, 20);
    expect(t.metricErrorParts.solver).toEqual(j.metricSolverError);
    expect(t.boundaryMass + t.boundaryMassSolverError).toBeLessThanOrEqual(t.tolerance);
    expect(t.solverTolerance).toBeLessThan(1e-6); // tightened from the given start
  });

  it('reads decimals as the rationals they spell', () => {
    const a = JSON.parse(lbcheck('solve', 'jiq-blocking', '--N', '3', '--lambda', '0.9', '--alpha', '0.6,0.4', '--method', 'exact', '--json').stdout);
    const b = JSON.parse(lbcheck('solve', 'jiq-blocking', '--N', '3', '--lambda', '9/10', '--alpha', '3/5,2/5', '--method', 'exact', '--json').stdout);
    expect(a.exact).toEqual(b.exact);
  });

  it.each([
    [['--N', '0', '--lambda', '1', '--alpha', '1'], '--N must be >= 1, got 0'],
    [['--N', '3', '--lambda', '1', '--alpha', '1/2,1/3'], '--alpha must sum to 1, got 5/6'],
    [['--N', '3', '--lambda', '-1', '--alpha', '1'], '--lambda must be > 0, got -1'],
    [['--N', '3', '--lambda', '1', '--alpha', '1/2,1/2', '--beta', '1'], 'beta has 1 values but alpha has 2'],
    [['--N', '3', '--lambda', 'x', '--alpha', '1'], '--lambda: "x" is not a number'],
    [['--N', '3', '--alpha', '1'], '--lambda is required'],
    [['--N', '3', '--lambda', '1', '--alpha', '1', '--method', 'magic'], "option '--method <method>' argument 'magic' is invalid"],
    [['--N', '3', '--lambda', '1', '--alpha', '1', '--bogus'], "unknown option '--bogus'"],
  ])('rejects bad input in one line with exit code 2: %j', (args, message) => {
    expectUsageError(['solve', 'jiq-blocking', ...args], message);
  });

  it('refuses an exact solve that is too large instead of running for hours', () => {
    const r = lbcheck('solve', 'jiq-blocking', '--N', '400', '--lambda', '1', '--alpha', '1/2,1/2', '--method', 'exact');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--method exact is too large here: 80601 states/);
  });

  it('refuses a state space too large from its count, before exploring, and points to the product form', () => {
    // C(10^6 + 2, 2) = 500001500001 states: counted, never explored (it took 29 s to find out by exploring).
    const r = expectUsageError(['solve', 'jiq-blocking', '--N', '1000000', '--lambda', '0.9', '--alpha', '0.6,0.4'], 'the chain has 5.00e+11 states');
    expect(r.stderr).toContain('lbcheck productform jiq-blocking');
  });

  it('rejects an unknown model', () => {
    const r = lbcheck('solve', 'no-such-model');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'no-such-model'");
  });
});
