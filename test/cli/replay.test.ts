/** `check <id> --seed S --path P` replays one generated case: it reports that case, never the claim's verdict. */
import { describe, expect, it } from 'vitest';
import { expectUsageError, lbcheck } from '../support/cli.ts';

describe('lbcheck check --path', () => {
  it('reports the replay of product-form-exact\'s first case as a passed case, with the case, not as "holds"', () => {
    const r = lbcheck('check', 'product-form-exact', '--path', '0');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('product-form-exact: replay of one case (seed 42, path 0): PASSED');
    // The first case at seed 42: N = 1, lambda = 17/100, alpha = 7/19, 9/19, 3/19.
    expect(r.stdout).toMatch(/case:\n {2}N: 1\n {2}lambda: 17\/100\n {2}alpha: 7\/19, 9\/19, 3\/19/);
    expect(r.stdout).not.toMatch(/\bholds\b/);
    expect(r.stdout).not.toContain('generated cases pass');
  });

  it('a passing case of a claim known false is a passed replay in --json, with no verdict', () => {
    const r = lbcheck('check', 'coupling-theorem1-per-dispatcher', '--seed', '42', '--path', '0', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(['replay']);
    expect(j.replay).toMatchObject({ id: 'coupling-theorem1-per-dispatcher', seed: 42, path: '0', outcome: 'passed', reason: null });
    expect(j.replay.case.params).toEqual({ N: 4, lambda: '17/100', alpha: ['9/19', '7/19', '3/19'], beta: ['1/3', '1/3', '1/3'], nu: '0' });
    expect(j.replay).not.toHaveProperty('verdict');
  });

  it('prints a passing case of a trace claim as its trace, a block per step, as a counterexample would be', () => {
    const r = lbcheck('check', 'coupling-theorem1-per-dispatcher', '--seed', '42', '--path', '0');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'coupling-theorem1-per-dispatcher: replay of one case (seed 42, path 0): PASSED',
      'case:',
      '  params: N = 4, lambda = 17/100, alpha = 9/19,7/19,3/19, beta = 1/3,1/3,1/3, nu = 0',
      '  jobTape:',
    ]);
    expect(lines[4]).toBe('  step 0: start');
    expect(r.stdout).not.toContain('kind: coupling-trace');
  });

  it('refuses --path for a claim not decided on generated cases', () => {
    expectUsageError(
      ['check', 'theorem1-limit', '--path', '0'],
      'theorem1-limit is not decided on generated cases: --path has no case to replay (run it without --path)',
    );
  });
});
