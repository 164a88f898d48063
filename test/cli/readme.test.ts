/**
 * The example outputs of the README and the docs are what the commands print
 * now (timings aside). A failure means a command's output changed: run
 * `npm run readme` (or `npm run readme -- "<part of the command>"`) and commit
 * the files it rewrites.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockBody, claimsTable, claimsTableRange, docFiles, findBlocks, normalise, ROOT, runBlock, words } from '../../scripts/readme-examples.ts';

const docs = docFiles().map((file) => {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  return { file, lines, blocks: findBlocks(lines, file) };
});
const fast = docs.flatMap((d) => d.blocks.filter((b) => b.examples.every((e) => !e.slow)).map((b) => ({ ...d, b })));

describe('generated examples of the README and the docs', () => {
  it('the README and the docs have example blocks, most of them checked here', () => {
    expect(docs.find((d) => d.file === 'README.md')!.blocks.length).toBeGreaterThanOrEqual(4);
    expect(docs.filter((d) => d.file.startsWith('docs/commands/') && d.blocks.length > 0).length).toBeGreaterThanOrEqual(8);
    expect(fast.length).toBeGreaterThanOrEqual(20);
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

  it("the claims table is the registry's (ids, claims, sources, expected verdicts)", () => {
    const withTable = docs.filter((d) => claimsTableRange(d.lines) !== null);
    expect(withTable.map((d) => d.file)).toEqual(['docs/claims.md']);
    expect(withTable[0].lines.slice(...claimsTableRange(withTable[0].lines)!)).toEqual(claimsTable());
  });

  it.each(fast.map((x) => [`${x.file}: ${x.b.examples.map((e) => e.command).join(' && ')}`, x] as const))('lbcheck %s', (_name, x) => {
    const now = runBlock(x.b).join('\n');
    expect(normalise(now), `${x.file} output is stale: run \`npm run readme -- ${x.file}\` and commit it`).toBe(normalise(blockBody(x.lines, x.b)));
  });
});
