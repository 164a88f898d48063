import { describe, expect, it } from 'vitest';
import { lbcheck, expectUsageError } from '../support/cli.ts';

const F = 'test/fixtures/user';

describe('--file: a user module in every command', () => {
  it('solves a family declared in a user file, imported from "lbcheck"', () => {
    const r = lbcheck('solve', 'user-mm1k', '--file', `${F}/mm1k.ts`, '--K', '3', '--rho', '1/2', '--json');
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    // M/M/1/3 at rho = 1/2: pi_n ~ 2^-n, E[n] = (0 + 1/2 + 2/4 + 3/8) / (15/8) = 11/15.
    expect(j.exact.meanJobs).toBe('11/15');
  });

  it('lists families with parameters and origin (globs expand)', () => {
    const r = lbcheck('list', '--file', `${F}/mm*.ts`, '--json');
    const j = JSON.parse(r.stdout);
    const user = j.families.find((f: { id: string }) => f.id === 'user-mm1k');
    expect(user.origin).toBe(`${F}/mm1k.ts`);
    expect(user.params).toEqual([
      { name: 'K', kind: 'int', help: 'capacity', default: null, required: true },
      { name: 'rho', kind: 'rational', help: 'load', default: null, required: true },
    ]);
    expect(j.families.filter((f: { origin: string }) => f.origin === 'built-in').length).toBeGreaterThanOrEqual(5);
    expect(j.claims.every((c: { origin: string; expected: string }) => c.origin === 'built-in' && c.expected !== '')).toBe(true);
    const only = JSON.parse(lbcheck('list', '--file', `${F}/mm1k.ts`, '--no-builtins', '--json').stdout);
    expect(only.families.map((f: { id: string }) => f.id)).toEqual(['user-mm1k']);
    expect(only.claims).toEqual([]);
  });

  it('derives the fluid limit of a density-dependent user population: SIS, i* = 1 - gamma/beta', () => {
    const r = lbcheck('fluid', 'user-sis', '--file', `${F}/sis.ts`, '--N', '1000', '--beta', '2', '--gamma', '1/2', '--json');
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect(j.fixedPoint.I).toBeCloseTo(3 / 4, 9);
    expect(j.fixedPoint.S).toBeCloseTo(1 / 4, 9);
    expect(j.metrics.infected).toBeCloseTo(3 / 4, 9);
    expect(j.fixedPointMethod).toContain('derived drift');
  });

  it("labels a population family's simulator as derived", () => {
    const r = lbcheck('simulate', 'jiq-sqd', '--file', 'examples/jiq-sqd.ts', '--N', '2', '--d', '1', '--lambda', '1/2', '--K', '6', '--T', '500', '--json');
    const j = JSON.parse(r.stdout);
    expect(j.method).toMatch(/^derived: Gillespie on the declared population events/);
    expect(Object.keys(j.metrics)).toEqual(['meanJobs', 'meanSojourn', 'waitProbability']);
  });

  it('runs user claims alone; a claim that throws is unknown and the others still run', () => {
    const r = lbcheck('check', '--file', `${F}/claims.ts`, '--no-builtins', '--json');
    expect(r.code).toBe(1); // the broken claim is not as expected
    const { results } = JSON.parse(r.stdout);
    expect(results.map((x: { id: string; verdict: string }) => [x.id, x.verdict])).toEqual([
      ['user-squares', 'holds'],
      ['user-broken', 'unknown'],
    ]);
    expect(results[1].summary).toBe('the check failed to run: my claim is broken');
  });

  it.each([
    ['bad-claim.ts', `${F}/bad-claim.ts: claim "Bad Id": the id must be lower-case words joined by "-"`],
    ['missing.ts', `--file ${F}/missing.ts: no such file`],
    ['nomatch-*.ts', `--file ${F}/nomatch-*.ts: the pattern matches no file`],
    ['syntax-error.ts', `${F}/syntax-error.ts: does not parse: line 1, column 17: Unexpected ";"`],
    ['throws.ts', `${F}/throws.ts: threw while loading: my model is broken`],
    ['nothing.ts', `${F}/nothing.ts: exports no family or claim lbcheck knows`],
    ['clash.ts', `${F}/clash.ts: family id "jsq-d" is a built-in family; choose another id`],
  ])('a bad user file (%s) is one line naming it, exit code 2', (file, message) => {
    expectUsageError(['list', '--file', `${F}/${file}`], message);
  });
});
