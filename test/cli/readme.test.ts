/**
 * The README's example outputs are what the commands print now (timings aside).
 * A failure means a command's output changed: run `npm run readme` (or
 * `npm run readme -- "<part of the command>"`) and commit the README.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockBody, claimsTable, claimsTableRange, findBlocks, normalise, ROOT, runExample, words } from '../../scripts/readme-examples.ts';

const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
const blocks = findBlocks(lines);
const fast = blocks.filter((b) => b.examples.every((e) => !e.slow));

describe('README examples', () => {
  it('the README has example blocks, most of them checked here', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(10);
    expect(fast.length).toBeGreaterThanOrEqual(8);
  });

  it('words splits like a shell: quotes group, spaces separate', () => {
    expect(words('regress jiq-blocking --sim "python3 a.py" --timeout 3')).toEqual(['regress', 'jiq-blocking', '--sim', 'python3 a.py', '--timeout', '3']);
    expect(words("check 'a b'")).toEqual(['check', 'a b']);
  });

  it('normalise removes timings only', () => {
    expect(normalise('0 iterations, 0.045 s')).toBe('0 iterations, # s');
    expect(normalise('in 1.77 s, 18289339 events/s; 5.2 M events/s')).toBe('in # s, # events/s; # events/s');
    expect(normalise('"seconds": 0.0086, "states": 6')).toBe('"seconds":#, "states": 6');
  });

  it('the claims table is the registry\'s (ids, claims, sources, expected verdicts)', () => {
    const range = claimsTableRange(lines);
    expect(range).not.toBeNull();
    expect(lines.slice(...range!)).toEqual(claimsTable());
  });

  it.each(fast.map((b) => [b.examples.map((e) => e.command).join(' && '), b] as const))('lbcheck %s', (_name, b) => {
    const now = b.examples.flatMap((e) => runExample(e)).join('\n');
    expect(normalise(now), 'README output is stale: run `npm run readme` and commit README.md').toBe(normalise(blockBody(lines, b)));
  });
});
