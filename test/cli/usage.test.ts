/** What a new user meets first: help, version, repeated options, seeds, listings. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lbcheck, expectUsageError } from '../support/cli.ts';

const SMALL = ['--N', '3', '--lambda', '1/2', '--alpha', '1/2,1/2'];

describe('a command named without what it needs prints its help', () => {
  it.each([
    [[], 'Usage: lbcheck [options] [command]'],
    [['solve'], 'Usage: lbcheck solve [options] [command]'],
    [['fluid'], 'Usage: lbcheck fluid [options] [command]'],
    [['simulate'], 'Usage: lbcheck simulate [options] [command]'],
    [['regress'], 'Usage: lbcheck regress [options] [command]'],
    [['figure'], 'Usage: lbcheck figure [options] [command]'],
    [['productform'], 'Usage: lbcheck productform [options] [command]'],
  ])('%j: help on stderr, exit 2, nothing on stdout', (args, usage) => {
    const r = lbcheck(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(usage);
    expect(r.stderr).toContain('Commands:');
  });

  it('--help is asked for: help on stdout, exit 0', () => {
    const r = lbcheck('solve', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('Usage: lbcheck solve [options] [command]');
  });

  it('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const r = lbcheck('--version');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(version);
  });
});

describe('one rule for options', () => {
  it.each([
    [['solve', 'jiq-blocking', ...SMALL, '--N', '4'], '--N given twice: give it once'],
    [['check', 'product-form-exact', '--seed', '1', '--seed', '2'], '--seed given twice'],
    [['simulate', 'jiq-blocking', ...SMALL, '--T', '10', '--T', '20'], '--T given twice'],
  ])('an option given twice is an error, not "last wins": %j', (args, message) => {
    expectUsageError(args, message);
  });

  it('check reads seeds as simulate does: -1 is refused by both', () => {
    const message = '--seed must be an integer in [0, 4294967295], got "-1"';
    const check = lbcheck('check', 'product-form-exact', '--seed', '-1');
    const simulate = lbcheck('simulate', 'jiq-blocking', ...SMALL, '--T', '10', '--seed', '-1');
    for (const r of [check, simulate]) {
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(`lbcheck: ${message}`);
    }
  });

  it('fluid offers no option the fluid limit ignores (--N, --K of jsq-d)', () => {
    const help = lbcheck('fluid', 'jsq-d', '--help').stdout;
    expect(help).not.toMatch(/--N\b/);
    expect(help).not.toMatch(/--K\b/);
    expect(help).toMatch(/--lambda <value>/);
    const r = lbcheck('fluid', 'jsq-d', '--lambda', '0.9', '--d', '2', '--K', '3');
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("lbcheck: unknown option '--K'");
    const queueing = lbcheck('fluid', 'jiq-queueing', '--help').stdout;
    expect(queueing).not.toMatch(/--N\b/);
    expect(queueing).not.toMatch(/--K\b/);
    const hetero = lbcheck('fluid', 'hetero-ps', '--help').stdout;
    expect(hetero).not.toMatch(/--K\b/);
    expect(hetero).toMatch(/--policy <value>/);
  });

  it('sweep fluid offers and accepts no parameter the fluid limit ignores', () => {
    const help = lbcheck('sweep', 'fluid', 'jsq-d', '--help').stdout;
    expect(help).not.toMatch(/--N\b/);
    expect(help).not.toMatch(/--K\b/);
    const r = lbcheck('sweep', 'fluid', 'jsq-d', '--lambda', '1/2', '--grid', 'd=2,3', '--grid', 'N=10,20', '--out', '/tmp/lbcheck-never-written.jsonl');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('fluid jsq-d has no option --N');
  });
});

describe('check --list', () => {
  it('prints every id whole', () => {
    const r = lbcheck('check', '--list');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('│ coupling-theorem1-rates-per-dispatcher ');
    expect(r.stdout).not.toContain('...');
  });

  it('--json lists the properties as one JSON document', () => {
    const r = lbcheck('check', '--list', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    const ids = j.properties.map((p: { id: string }) => p.id);
    expect(ids).toContain('coupling-theorem1-per-dispatcher');
    expect(ids).toContain('product-form-exact');
    expect(Object.keys(j.properties[0])).toEqual(['id', 'claim', 'source', 'method', 'expected']);
    expect(j.properties.find((p: { id: string }) => p.id === 'product-form-exchange').expected).toBe('refuted');
  });

  it('lists only the ids named, and refuses an unknown one', () => {
    const j = JSON.parse(lbcheck('check', '--list', '--json', 'product-form-exchange').stdout);
    expect(j.properties.map((p: { id: string }) => p.id)).toEqual(['product-form-exchange']);
    const r = lbcheck('check', '--list', 'no-such-claim');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown property "no-such-claim"');
  });
});
