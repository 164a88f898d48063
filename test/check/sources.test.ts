/** Every built-in claim says where it comes from: a paper [P1]-[P4] with a section, or a section of docs/THEORY.md that exists. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { properties } from '../../properties/index.ts';
import { smtClaims } from '../../properties/smt-claims.ts';

const theory = readFileSync(new URL('../../docs/THEORY.md', import.meta.url), 'utf8');
/** The section numbers of docs/THEORY.md ("## 3. Limits ..." gives 3). */
const sections = new Set([...theory.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));

const sources = [...properties.map((p) => [p.id, p.source] as const), ...smtClaims.map((c) => [c.id, c.source] as const)];

describe('claim sources', () => {
  it('docs/THEORY.md has its numbered sections and the four references', () => {
    expect([...sections]).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    for (const p of ['[P1]', '[P2]', '[P3]', '[P4]']) expect(theory).toContain(`- **${p}**`);
  });

  it.each(sources)('%s cites a paper or docs/THEORY.md, and every section it cites exists', (_id, source) => {
    expect(source).toMatch(/\bP[1-4]\b|docs\/THEORY\.md §\d/);
    expect(source).not.toMatch(/\bissue \d/);
    // "THEORY" alone (a file the repository does not have) is not a source.
    expect(source.replace(/docs\/THEORY\.md/g, '')).not.toMatch(/THEORY/);
    for (const m of source.matchAll(/§(\d+)(?:-(\d+))?/g)) {
      expect(sections.has(m[1])).toBe(true);
      if (m[2]) expect(sections.has(m[2])).toBe(true);
    }
    // "§1, §4": every number after the first § in a list too.
    for (const m of source.matchAll(/, §(\d+)/g)) expect(sections.has(m[1])).toBe(true);
  });
});
