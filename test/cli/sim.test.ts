import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lbcheck, expectUsageError } from '../support/cli.ts';

const SMALL = ['--N', '8', '--lambda', '0.9', '--alpha', '0.6,0.4'];
const tmp = mkdtempSync(join(tmpdir(), 'lbcheck-sim-'));

describe('lbcheck simulate', () => {
  it('prints the JSON shape, and a seed reproduces the estimates bit for bit', () => {
    const run = () => JSON.parse(lbcheck('simulate', 'jiq-blocking', ...SMALL, '--T', '2000', '--seed', '17', '--json').stdout);
    const a = run();
    expect(Object.keys(a).slice(0, 9)).toEqual(['model', 'params', 'paramsExact', 'seed', 'status', 'events', 'eventsPerSecond', 'metrics', 'seconds']);
    expect(a.params).toEqual({ N: 8, lambda: 0.9, alpha: [0.6, 0.4], beta: [0.5, 0.5], nu: 0 });
    expect(a.seed).toBe(17);
    expect(Object.keys(a.metrics)).toEqual([
      'blocking',
      'busyFraction',
      'tokenFraction[1]',
      'tokenFraction[2]',
      'noTokenProbability[1]',
      'noTokenProbability[2]',
    ]);
    const b = a.metrics.blocking;
    expect(Object.keys(b)).toEqual(['mean', 'stderr', 'ci95', 'df']);
    expect(b.ci95[0]).toBeLessThan(b.mean);
    expect(b.ci95[1]).toBeGreaterThan(b.mean);
    // The exact blocking (CTMC) of this case is 0.34652683925...; the interval should hold it.
    expect(b.ci95[0]).toBeLessThan(0.3465268392);
    expect(b.ci95[1]).toBeGreaterThan(0.3465268392);
    const again = run();
    expect(again.metrics).toEqual(a.metrics);
    expect(again.events).toBe(a.events);
  });

  it.each([
    [['--T', '100', '--seed', '-1'], '--seed must be an integer in [0, 4294967295], got "-1"'],
    [['--T', '100', '--seed', '2.5'], '--seed must be an integer'],
    [['--T', '100', '--seed', '4294967296'], 'got 4294967296'],
    [['--T', '0'], '--T must be a number > 0, got "0"'],
    [['--T', '-5'], '--T must be a number > 0, got "-5"'],
    [['--T', 'long'], '--T must be a number > 0, got "long"'],
    [[], "required option '--T <time>' not specified"],
  ])('rejects bad input in one line with exit code 2: %j', (extra, message) => {
    expectUsageError(['simulate', 'jiq-blocking', ...SMALL, ...extra], message);
  });
});

describe('lbcheck regress', () => {
  it('our simulator passes the small panel (JSON shape)', () => {
    const r = lbcheck('regress', 'jiq-blocking', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.verdict).toBe('pass');
    expect(j.rule).toMatchObject({ method: 'sidak+omnibus', familyWiseLevel: 0.01, comparisons: 36, counted: 36 });
    expect(Object.keys(j.comparisons[0])).toEqual([
      'id',
      'metric',
      'estimate',
      'stderr',
      'df',
      'exact',
      'z',
      'critical',
      'detectable',
      'requiredStderr',
      'status',
    ]);
    expect(j.comparisons[0]).toMatchObject({ id: 'erlang', metric: 'blocking', df: 19, status: 'ok' });
    expect(j.cases[0]).toMatchObject({ id: 'erlang', params: { N: 6, lambda: 1, alpha: [1], beta: [1], nu: 0 }, seed: 1, horizon: 1000000, error: null });
    // Erlang B(6, 6) by the recursion: 0.264922322...
    expect(j.comparisons[0].exact).toBeCloseTo(0.2649223221586, 10);
    expect(j.omnibus).toMatchObject({ df: 6, flagged: false });
    expect(j.errors).toEqual([]);
  });

  it('the worked Python example passes through the external protocol (short runs, a loose --detect)', () => {
    const r = lbcheck('regress', 'jiq-blocking', '--sim', 'python3 examples/jiq_blocking_sim.py', '--horizon', '10000', '--detect', '50%', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).verdict).toBe('pass');
  });

  it('a crash, a hang and malformed output are per-case errors; the other cases are kept', () => {
    const r = lbcheck('regress', 'jiq-blocking', '--sim', 'python3 test/fixtures/faulty_sim.py', '--timeout', '3', '--horizon', '4000', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.verdict).toBe('unknown');
    expect(j.errors).toEqual([
      { id: 'erlang', error: 'simulator exited with code 3: ZeroDivisionError: division by zero' },
      { id: 'exchange', error: 'timed out after 3 s (killed)' },
      { id: 'r3-overload', error: 'malformed output: metrics.blocking.mean: Invalid input: expected number, received string' },
    ]);
    expect([...new Set(j.comparisons.map((c: { id: string }) => c.id))]).toEqual(['skew', 'allot', 'allot-sym']);
    expect(r.stderr.trim().split('\n')).toEqual([
      'lbcheck: case erlang: simulator exited with code 3: ZeroDivisionError: division by zero',
      'lbcheck: case exchange: timed out after 3 s (killed)',
      'lbcheck: case r3-overload: malformed output: metrics.blocking.mean: Invalid input: expected number, received string',
    ]);
  });

  it('reads a panel from a JSON file', () => {
    const file = join(tmp, 'panel.json');
    writeFileSync(file, JSON.stringify([{ id: 'mine', params: { N: 4, lambda: 0.5, alpha: [0.8, 0.2], nu: 1 }, horizon: 3000 }]));
    const j = JSON.parse(lbcheck('regress', 'jiq-blocking', '--cases', file, '--json').stdout);
    expect(j.comparisons.map((c: { id: string }) => c.id)).toEqual(Array(6).fill('mine'));
    expect(j.cases[0].params).toEqual({ N: 4, lambda: 0.5, alpha: [0.8, 0.2], beta: [0.5, 0.5], nu: 1 });
  });

  it.each([
    [['--cases', 'nosuch'], '--cases must name a panel (small, full) or a JSON file, got "nosuch"'],
    [['--seed', 'x'], '--seed must be an integer'],
    [['--horizon', '0'], '--horizon must be a number > 0, got "0"'],
    [['--timeout', '-1', '--sim', 'true'], '--timeout must be a number > 0'],
  ])('rejects bad input in one line with exit code 2: %j', (args, message) => {
    expectUsageError(['regress', 'jiq-blocking', ...args], message);
  });
});

describe('lbcheck figure p1-fig2', () => {
  it('writes the SVG: 40 simulated points with error bars and 5 product-form curves', () => {
    const svg = join(tmp, 'fig2.svg');
    const r = lbcheck('figure', 'p1-fig2', '--N', '40', '--T', '40', '--svg', svg, '--json');
    const j = JSON.parse(r.stdout);
    expect(j.points).toHaveLength(40);
    expect(j.points[0]).toMatchObject({ alpha2: 0.1, lambda: 0.25 });
    expect(['pass', 'fail', 'unknown']).toContain(j.verdict);
    const text = readFileSync(svg, 'utf8');
    expect(text.startsWith('<svg')).toBe(true);
    // 40 data points + 5 legend markers; 5 curve paths with 40 vertices each.
    expect(text.match(/<circle /g)).toHaveLength(45);
    expect(text.match(/<path d="M[^"]*" fill="none" stroke="#/g)).toHaveLength(5);
  });
});
