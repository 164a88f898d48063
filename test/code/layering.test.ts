/**
 * The rules of the source tree that Biome (biome.jsonc) and this file hold:
 * models/ and properties/ reach the engines only through 'lbcheck' and
 * 'lbcheck/models', as a user's file does, and no source line is over 160
 * characters (the formatter wraps code; this catches strings and comments).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIOME = join(REPO, 'node_modules', '.bin', 'biome');

// The probes are linted in a scratch tree with the project's biome.jsonc (not in models/, which other tests read).
const scratch = mkdtempSync(join(tmpdir(), 'lbcheck-lint-'));
copyFileSync(join(REPO, 'biome.jsonc'), join(scratch, 'biome.jsonc'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Biome's lint of `source` as the file at `path`: its exit code and what it says. */
function lint(path: string, source: string): { code: number; text: string } {
  mkdirSync(dirname(join(scratch, path)), { recursive: true });
  writeFileSync(join(scratch, path), source);
  const r = spawnSync(BIOME, ['lint', '--vcs-enabled=false', path], { cwd: scratch, encoding: 'utf8' });
  rmSync(join(scratch, path));
  return { code: r.status ?? -1, text: r.stdout + r.stderr };
}

describe('imports of the built-ins', () => {
  it.each([
    ['models/probe.ts', "import { Fraction } from '../src/core/rational.ts';\nexport const x = new Fraction(1);\n"],
    ['properties/probe.ts', "import { solveModel } from '../src/ctmc/solve.ts';\nexport const x = solveModel;\n"],
    ['properties/probe.ts', "import { jsqD } from '../models/jsq-d.ts';\nexport const x = jsqD;\n"],
    ['properties/support/probe.ts', "import { UsageError } from '../../src/core/errors.ts';\nexport const x = UsageError;\n"],
  ])('%s: a deep import is an error', (path, source) => {
    const r = lint(path, source);
    expect(r.code).not.toBe(0);
    expect(r.text).toContain('noRestrictedImports');
  });

  it.each([
    [
      'models/probe.ts',
      "import { Fraction } from 'lbcheck';\nimport { uniform } from './jiq-blocking/params.ts';\nexport const x = [new Fraction(1), uniform];\n",
    ],
    [
      'properties/probe.ts',
      "import { jsqD } from 'lbcheck/models';\nimport { round } from 'lbcheck';\nimport { DISPATCHERS } from './support/dispatcher-claims.ts';\n" +
        'export const x = [jsqD, round, DISPATCHERS];\n',
    ],
  ])('%s: the public entries and the same folder are allowed', (path, source) => {
    const r = lint(path, source);
    expect(r.text).not.toContain('noRestrictedImports');
    expect(r.code).toBe(0);
  });
});

describe('line length', () => {
  it('no tracked source line is over 160 characters', () => {
    const files = spawnSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js'], { cwd: REPO, encoding: 'utf8' }).stdout.trim().split('\n');
    expect(files.length).toBeGreaterThan(300);
    const long = files.flatMap((f) =>
      readFileSync(join(REPO, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.length > 160 ? [`${f}:${i + 1} (${line.length})`] : [])),
    );
    expect(long).toEqual([]);
  });
});
