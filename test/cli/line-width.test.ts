/**
 * Human output fits a terminal: tables at most 100 columns, every other line at
 * most 120 (prose wraps at spaces; a shell command wraps with ` \`). These are
 * the commands whose lines used to run to 140-400 characters.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lbcheck } from '../support/cli.ts';

const out = join(mkdtempSync(join(tmpdir(), 'lbcheck-width-')), 'jb');

const commands: string[][] = [
  ['solve', 'jiq-blocking', '--N', '60', '--lambda', '9/10', '--alpha', '3/5,2/5', '--method', 'iterative'],
  ['solve', 'jsq-d', '--N', '3', '--d', '2', '--lambda', '1/2'],
  ['solve', 'jiq-blocking', '--N', '2', '--alpha', '3/5,2/5', '--param', 'lambda'],
  ['fluid', 'jsq-d', '--lambda', '0.9', '--d', '2'],
  ['simulate', 'jsq-d', '--N', '3', '--d', '2', '--lambda', '9/10', '--T', '100'],
  ['export', 'jiq-blocking', '--N', '3', '--lambda', '7/10', '--alpha', '3/5,2/5', '--nu', '1/2', '--format', 'prism-explicit', '--out', out],
  ['list'],
];

describe('human output fits a terminal', () => {
  it.each(commands.map((c) => [c.join(' '), c] as const))('lbcheck %s', (_name, args) => {
    const r = lbcheck(...args);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) {
      const table = /^[┌│├└]/.test(l);
      expect(l.length, l).toBeLessThanOrEqual(table ? 100 : 120);
    }
  });

  it('the PRISM command export prints still reads as one command when its continuations are joined', () => {
    const r = lbcheck(...commands[5]);
    const shown = r.stdout.slice(r.stdout.indexOf('  prism '));
    const joined = shown.replace(/ \\\n\s*/g, ' ').trim();
    const metrics = ['blocking', 'busyFraction', 'tokenFraction_1', 'noTokenProbability_1', 'tokenFraction_2', 'noTokenProbability_2'];
    const rewards = metrics.map((m) => `-importstaterewards ${out}.${m}.srew`).join(' ');
    expect(joined).toBe(`prism -importtrans ${out}.tra -importstates ${out}.sta -importlabels ${out}.lab ${rewards} -ctmc ${out}.props`);
  });
});
