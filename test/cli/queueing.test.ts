/** `lbcheck solve jsq-d | jiq-queueing`: JSON shape with truncation evidence, trust, and bad input (parse errors in-process, two through the CLI). */
import { freemem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { solveModel } from '../../src/ctmc/solve.ts';
import { UsageError } from '../../src/core/errors.ts';
import type { ModelFamily } from '../../src/core/model.ts';
import type { ParamSpecs } from '../../src/core/params.ts';
import { jiqQueueing } from '../../models/jiq-queueing.ts';
import { jsqD } from '../../models/jsq-d.ts';
import { lbcheck, expectUsageError } from '../support/cli.ts';

const FAMILIES: Record<string, ModelFamily<ParamSpecs, unknown>> = {
  'jsq-d': jsqD as ModelFamily<ParamSpecs, unknown>,
  'jiq-queueing': jiqQueueing as ModelFamily<ParamSpecs, unknown>,
};
const SHAPE = ['model', 'params', 'paramsExact', 'method', 'states', 'transitions'];

describe('lbcheck solve for the truncated queueing families', () => {
  it('jsq-d: JSON has the common shape plus the truncation; a boundary above tolerance is untrusted (exit 1)', () => {
    const r = lbcheck('solve', 'jsq-d', '--N', '2', '--lambda', '1/2', '--d', '2', '--K', '2', '--method', 'exact', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j).slice(0, 6)).toEqual(SHAPE);
    expect(j.params).toEqual({ N: 2, lambda: 0.5, d: 2, sampling: 'without', K: 2 });
    // hand-solved in test/models/queueing-families.test.ts: pi(2,2) + pi(2,1) + pi(2,0) = 4/21
    expect(j.exact.meanJobs).toBe('25/42');
    expect(j.truncation).toEqual({ K: 2, boundaryMass: expect.closeTo(4 / 21, 15), tolerance: 1e-12, withinTolerance: false });
    expect(j.trusted).toBe(false);
  });

  it('jsq-d: --max-states is the budget of the search: one that needs more stops at it, untrusted (exit 1), saying so', () => {
    const r = lbcheck('solve', 'jsq-d', '--N', '4', '--lambda', '0.9', '--d', '2', '--max-states', '20000', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.states).toBe(20000);
    expect(j.truncation.rounds.map((round: { states: number }) => round.states)).toEqual([1024, 8192, 20000]);
    expect(j.truncation.stopped).toBe('the search reached its budget of 2e+4 states');
    expect(j.trusted).toBe(false);
  });

  it('jsq-d: --max-seconds is the CPU budget of the search: past it the search stops, untrusted (exit 1), saying so', () => {
    const r = lbcheck('solve', 'jsq-d', '--N', '6', '--lambda', '0.9', '--d', '2', '--max-seconds', '1', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.truncation.stopped).toBe("the search's budget of 1 CPU seconds ran out");
    expect(j.truncation.boundaryMass).toBeGreaterThan(1e-12); // N = 6 needs some 20 CPU s to reach it
    expect(j.trusted).toBe(false);
  });

  // 1e8 states need 70 GB: refused wherever less than 87.5 GB is free (80 % of it holds 1e8 states at 700 bytes).
  it.runIf(freemem() < 80e9)('jsq-d: a --max-states the free memory cannot hold is refused before anything is built (exit 2)', () => {
    expectUsageError(
      ['solve', 'jsq-d', '--N', '3', '--lambda', '1/2', '--d', '2', '--max-states', '1e8'],
      /--max-states 1e\+8 needs about 70\.0 GB \(700 bytes a state\); [0-9.]+ GB is free here, enough for [0-9.]+e\+\d states/,
    );
  });

  it('jsq-d: automatic K reaches the 1e-12 boundary tolerance (d = 1 is M/M/1: mean jobs 1 at lambda 1/2)', () => {
    const r = lbcheck('solve', 'jsq-d', '--N', '2', '--lambda', '1/2', '--d', '1', '--method', 'gth', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.truncation.withinTolerance).toBe(true);
    expect(j.truncation.boundaryMass).toBeLessThanOrEqual(1e-12);
    expect(j.truncation.kind).toBe('projection');
    expect(j.truncation.rounds.length).toBeGreaterThanOrEqual(2);
    expect(j.metrics.meanJobs).toBeCloseTo(1, 10);
    expect(j.trusted).toBe(true);
  });

  it('jiq-queueing: N = 1 exact metrics of the M/M/1/3 queue, and the human table names the cut', () => {
    const j = JSON.parse(
      lbcheck('solve', 'jiq-queueing', '--N', '1', '--lambda', '1/2', '--alpha', '3/5,2/5', '--K', '3', '--method', 'exact', '--json').stdout,
    );
    expect(Object.keys(j).slice(0, 6)).toEqual(SHAPE);
    // pi = (8, 4, 2, 1)/15: waits iff it finds 1 or 2 jobs, among admitted (L < 3)
    expect(j.exact.waitProbability).toBe('3/7');
    expect(j.exact.meanSojourn).toBe('11/7');
    expect(j.truncation.K).toBe(3);
    const human = lbcheck('solve', 'jiq-queueing', '--N', '1', '--lambda', '1/2', '--alpha', '3/5,2/5', '--K', '3');
    expect(human.stdout).toContain('truncated at K = 3: boundary mass 6.67e-2');
    expect(human.stdout).toContain('TRUNCATION TOO COARSE');
  });

  it.each([
    [['jsq-d', '--N', '3', '--lambda', '1', '--d', '2'], 'lambda must be < 1: at lambda >= 1 the queues are unstable (got 1)'],
    [['jsq-d', '--N', '30', '--lambda', '1/2', '--d', '2', '--K', '12'], 'K = 12 with N = 30 needs state codes beyond 2^53; the largest K here is 10'],
    [['jiq-queueing', '--N', '6', '--lambda', '1', '--alpha', '3/5,2/5'], 'lambda must be < 1: at lambda >= 1 the queues are unstable (got 1)'],
    [
      ['jiq-queueing', '--N', '20', '--lambda', '1/2', '--alpha', '1', '--K', '12', '--max-states', '1e6'],
      'the chain has 2.26e+8 states, more than the state budget of 1e+6',
    ],
    [['jsq-d', '--N', '3', '--lambda', '1/2', '--d', '2', '--sampling', 'twice'], '--sampling must be one of without, with, got "twice"'],
    [['jsq-d', '--N', '3', '--lambda', '1/2', '--d', '2', '--max-states', 'lots'], '--max-states must be a number > 0, got "lots"'],
    [['jsq-d', '--N', '3', '--lambda', '1/2', '--d', '2', '--max-seconds', '-1'], '--max-seconds must be a number > 0, got "-1"'],
    [['jsq-d', '--N', '3', '--lambda', '1/2', '--d', '2', '--max-seconds', 'soon'], '--max-seconds must be a number > 0, got "soon"'],
    [
      ['jsq-d', '--N', '3', '--lambda', '1/2', '--d', '2', '--max-states', '1e9'],
      '--max-states must be a whole number of states from 1 to 1e+8, got 1000000000',
    ],
  ])('rejects bad input in one line with exit code 2: %j', (args, message) => {
    expectUsageError(['solve', ...args], message);
  });

  it.each([
    ['jsq-d', { N: '3', lambda: '1', d: '2' }, 'lambda must be < 1: at lambda >= 1 the queues are unstable (got 1)'],
    ['jiq-queueing', { N: '3', lambda: '3/2', alpha: '1/2,1/2' }, 'lambda must be < 1: at lambda >= 1 the queues are unstable (got 3/2)'],
    ['jsq-d', { N: '3', lambda: '1/2', d: '4' }, 'd must be <= N (d distinct servers are sampled among N; --sampling with allows more), got d = 4 > N = 3'],
    ['jsq-d', { N: '3', lambda: '1/2', d: '0' }, '--d must be >= 1, got 0'],
    ['jsq-d', { N: '3', lambda: '1/2', d: '2', K: '0' }, '--K must be >= 1, got 0'],
    ['jiq-queueing', { N: '3', lambda: '1/2', alpha: '1/2,1/2', K: '1.5' }, '--K must be an integer, got "1.5"'],
    ['jiq-queueing', { N: '3', lambda: '1/2', alpha: '1/2,1/2', beta: '1' }, 'beta has 1 values but alpha has 2'],
  ] as const)('%s rejects %j', (id, raw, message) => {
    expect(() => FAMILIES[id].parse(raw)).toThrow(UsageError);
    expect(() => FAMILIES[id].parse(raw)).toThrow(message);
  });

  it.each([
    ['jsq-d', { N: '30', lambda: '1/2', d: '2', K: '9' }, 'the chain has 2.12e+8 states, more than the state budget of 1e+7'],
    ['jiq-queueing', { N: '10', lambda: '1/2', alpha: '1/2,1/2', K: '30' }, 'K = 30 with N = 10 needs state codes beyond 2^53; the largest K here is 29'],
  ] as const)('%s refuses a chain too large before exploring it: %j', (id, raw, message) => {
    const f = FAMILIES[id];
    const solve = () => solveModel(f, f.parse(raw), { method: 'iterative' });
    expect(solve).toThrow(UsageError);
    expect(solve).toThrow(message);
  });
});
