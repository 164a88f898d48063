/**
 * `lbcheck regress` from the command line: the parameters given reach the
 * simulator's stdin exactly, and bad input is one line, exit 2, before any
 * simulator runs.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsageError, lbcheck } from '../support/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'lbcheck-regress-'));

describe("lbcheck regress <family> with the user's panel", () => {
  it('family parameters and --grid make the cases; each case reaches stdin exactly as documented', () => {
    // The "simulator" appends its stdin to a file and reports s[1] = lambda (exact at K = 3: not lambda; the verdict is beside the point).
    const log = join(tmp, 'stdin.jsonl');
    const sim = join(tmp, 'echo_sim.sh');
    writeFileSync(sim, `#!/bin/sh\ncat >> ${log}\necho '{"metrics": {"meanJobs": {"mean": 1, "stderr": 0.001}}}'\n`);
    const r = lbcheck(
      'regress',
      'jsq-d',
      '--d',
      '2',
      '--sampling',
      'with',
      '--K',
      '3',
      '--grid',
      'N=2,3',
      '--grid',
      'lambda=7/10,0.9',
      '--sim',
      `sh ${sim}`,
      '--seed',
      '5',
      '--horizon',
      '1000',
      '--jobs',
      '1',
      '--json',
    );
    const j = JSON.parse(r.stdout);
    expect(j.cases.map((c: { id: string }) => c.id)).toEqual(['N=2 lambda=7/10', 'N=2 lambda=0.9', 'N=3 lambda=7/10', 'N=3 lambda=0.9']);
    const sent = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(sent).toEqual([
      { family: 'jsq-d', params: { N: 2, lambda: 0.7, d: 2, K: 3, sampling: 'with' }, seed: 5, horizon: 1000 },
      { family: 'jsq-d', params: { N: 2, lambda: 0.9, d: 2, K: 3, sampling: 'with' }, seed: 6, horizon: 1000 },
      { family: 'jsq-d', params: { N: 3, lambda: 0.7, d: 2, K: 3, sampling: 'with' }, seed: 7, horizon: 1000 },
      { family: 'jsq-d', params: { N: 3, lambda: 0.9, d: 2, K: 3, sampling: 'with' }, seed: 8, horizon: 1000 },
    ]);
    expect(j.compared).toEqual({ metrics: 'meanJobs', from: 'first case' });
    expect(j.rule.comparisons).toBe(4);
  });

  it.each([
    [['--sampling', 'with'], 'jiq-blocking', "unknown option '--sampling'"],
    [['--N', '3', '--d', '2', '--grid', 'lambda=0.5,2'], 'jsq-d', 'case lambda=2: lambda must be < 1'],
    [['--N', '3', '--d', '2', '--grid', 'mu=1,2'], 'jsq-d', '--grid mu: jsq-d has no parameter mu'],
    [['--N', '3', '--grid', 'N=2,3'], 'jsq-d', '--N is given both as a fixed option and on the grid'],
    [['--metrics', 'meanJobs,blocking'], 'jsq-d', '--metrics: jsq-d has no metric "blocking" (metrics: meanJobs, meanSojourn, s)'],
    [['--detect', 'five'], 'jsq-d', '--detect must be a percentage (2%)'],
    [['--N', '3', '--cases', 'small'], 'jsq-d', '--cases and model parameters'],
  ])('bad input %j on %s: one line, exit 2, no simulator run', (args, family, message) => {
    const marker = join(tmp, `ran-${family}-${args.join('_').replace(/[^\w]/g, '')}`);
    expectUsageError(['regress', family, ...args, '--sim', `touch ${marker}`], message);
    expect(existsSync(marker)).toBe(false);
  });

  it("our simulator on a run too short is unknown, never fail (simulate's rule)", () => {
    const r = lbcheck('regress', 'jiq-blocking', '--horizon', '20', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.verdict).toBe('unknown');
    expect(j.errors).toHaveLength(6);
    expect(j.errors[0].error).toMatch(/^run too short: \d+ events in 20 batches, at least 1000 needed/);
  });
});
