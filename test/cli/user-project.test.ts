/**
 * What a user does: a fresh npm project outside the repository that depends on
 * this checkout (a file: dependency), a model file and a claim file written
 * against the README's API (test/fixtures/user-project/), and `npx lbcheck`
 * running them with no build step.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FILES = fileURLToPath(new URL('../fixtures/user-project/', import.meta.url));

let dir = '';

function run(cmd: string, args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 300_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lbcheck-user-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'my-research', version: '1.0.0', type: 'module', private: true, dependencies: { lbcheck: `file:${REPO}` } }, null, 2),
  );
  for (const f of ['my-queue.ts', 'my-claims.ts']) copyFileSync(join(FILES, f), join(dir, f));
  const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund']);
  expect(install.code, install.stderr).toBe(0);
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a user project depending on lbcheck', () => {
  it('solves the user family exactly: M/M/2/2 at load 1 blocks 1/5 of arrivals (Erlang B)', () => {
    const r = run('npx', ['lbcheck', 'solve', 'erlang-loss', '--file', 'my-queue.ts', '--c', '2', '--a', '1', '--json']);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect(j.exact.blocking).toBe('1/5');
    expect(j.states).toBe(3);
  });

  it('runs the user claim alone (--no-builtins): every generated case decided exactly', () => {
    const r = run('npx', ['lbcheck', 'check', '--file', 'my-claims.ts', '--no-builtins', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const { results } = JSON.parse(r.stdout);
    expect(results.map((x: { id: string; verdict: string }) => [x.id, x.verdict])).toEqual([['erlang-b', 'holds']]);
  });

  it('lists the user family with its parameters and where it came from', () => {
    const j = JSON.parse(run('npx', ['lbcheck', 'list', '--file', 'my-queue.ts', '--no-builtins', '--json']).stdout);
    expect(j.families).toEqual([
      {
        id: 'erlang-loss',
        title: 'Erlang loss system M/M/c/c',
        origin: 'my-queue.ts',
        views: ['ctmc'],
        params: [
          { name: 'c', kind: 'int', help: 'servers', default: null, required: true },
          { name: 'a', kind: 'rational', help: 'offered load', default: null, required: true },
        ],
      },
    ]);
  });

  it('names a broken user file in one line, exit code 2', () => {
    writeFileSync(join(dir, 'broken.ts'), "import { intParam } from 'lbcheck';\nexport const x = intParam('n', { min: 1 }).read('0', 'n');\n");
    const r = run('npx', ['lbcheck', 'list', '--file', 'broken.ts']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('lbcheck: broken.ts: --n must be >= 1, got 0');
  });
});
