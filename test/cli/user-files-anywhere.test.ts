/**
 * --file in the three folders a user's files live in: a project whose
 * package.json says "type": "commonjs" (what `npm init -y` writes), one that
 * says "type": "module", and a folder with no package.json. None has lbcheck
 * installed: 'lbcheck' in the files is the lbcheck that runs them. Each
 * extension loads, and every message a file's loading can produce is the same
 * one line in each folder.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/lbcheck.js', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/user/', import.meta.url));

/** An M/M/1/K family (mean queue length 11/15 at K = 3, rho = 1/2) in the syntax each extension allows. */
const family = (id: string, typed: boolean): string => `import { defineFamily, intParam, rationalParam } from 'lbcheck';
export const f = defineFamily({
  id: '${id}',
  title: 'M/M/1/K',
  params: { K: intParam('capacity', { min: 1 }), rho: rationalParam('load', 'positive') },
  ctmc(p${typed ? ": { K: number; rho: import('lbcheck').Rational }" : ''}, A${typed ? ": import('lbcheck').Arith<unknown>" : ''}) {
    return {
      digitNames: ['n'], radices: [p.K + 1], initial: [0],
      metrics: [{ name: 'meanJobs', reward: (s${typed ? ': Int32Array' : ''}) => A.fromInt(s[0]) }],
      describe: (s${typed ? ': Int32Array' : ''}) => String(s[0]),
      successors(s${typed ? ': Int32Array' : ''}, code${typed ? ': number' : ''}, emit${typed ? ': (code: number, rate: unknown) => void' : ''}) {
        if (s[0] < p.K) emit(code + 1, A.fromRational(p.rho));
        if (s[0] > 0) emit(code - 1, A.one);
      },
    };
  },
});
`;

const FOLDERS = { commonjs: { type: 'commonjs' }, module: { type: 'module' }, 'no package.json': null } as const;
type Folder = keyof typeof FOLDERS;
const dirs = {} as Record<Folder, string>;
let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lbcheck-files-'));
  for (const [name, pkg] of Object.entries(FOLDERS) as [Folder, { type: string } | null][]) {
    const dir = join(root, name.replace(/\W+/g, '-'));
    mkdirSync(dir);
    if (pkg) writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'research', version: '1.0.0', ...pkg }));
    for (const f of ['mm1k.ts', 'claims.ts', 'bad-claim.ts', 'syntax-error.ts', 'throws.ts', 'nothing.ts', 'clash.ts'])
      copyFileSync(join(FIXTURES, f), join(dir, f));
    writeFileSync(join(dir, 'typed.mts'), family('typed-mts', true));
    writeFileSync(join(dir, 'plain.js'), family('plain-js', false));
    writeFileSync(join(dir, 'plain.mjs'), family('plain-mjs', false));
    // TypeScript's convention: './typed-helper.js' names typed-helper.ts.
    writeFileSync(join(dir, 'typed-helper.ts'), family('typed-ts', true));
    writeFileSync(join(dir, 'typed.ts'), "export { f } from './typed-helper.js';\n");
    writeFileSync(join(dir, 'syntax-error.js'), 'export const y = 1;\nexport const x = ;\n');
    writeFileSync(join(dir, 'bad-param.ts'), "import { intParam } from 'lbcheck';\nexport const x = intParam('n', { min: 1 }).read('0', 'n');\n");
    dirs[name] = dir;
  }
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function lbcheckIn(folder: Folder, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dirs[folder], encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe.each(Object.keys(FOLDERS) as Folder[])('--file in a folder with %s', (folder) => {
  it('loads .ts (with a ./x.js import of x.ts), .mts, .js and .mjs files importing lbcheck, and solves one exactly', () => {
    const files = ['typed.ts', 'typed.mts', 'plain.js', 'plain.mjs'].flatMap((f) => ['--file', f]);
    const list = lbcheckIn(folder, 'list', ...files, '--no-builtins', '--json');
    expect(list.stderr).toBe('');
    expect(JSON.parse(list.stdout).families.map((f: { id: string; origin: string }) => [f.id, f.origin])).toEqual([
      ['typed-ts', 'typed.ts'],
      ['typed-mts', 'typed.mts'],
      ['plain-js', 'plain.js'],
      ['plain-mjs', 'plain.mjs'],
    ]);
    // M/M/1/3 at rho = 1/2: pi_n ~ 2^-n, E[n] = (1/2 + 2/4 + 3/8) / (15/8) = 11/15.
    const solved = lbcheckIn(folder, 'solve', 'plain-js', '--file', 'plain.js', '--K', '3', '--rho', '1/2', '--json');
    expect(JSON.parse(solved.stdout).exact.meanJobs).toBe('11/15');
  });

  it('runs a user claim file', () => {
    const r = lbcheckIn(folder, 'check', '--file', 'claims.ts', '--no-builtins', '--json');
    expect(JSON.parse(r.stdout).results.map((x: { id: string; verdict: string }) => [x.id, x.verdict])).toEqual([
      ['user-squares', 'holds'],
      ['user-broken', 'unknown'],
    ]);
  });

  it.each([
    ['missing.ts', '--file missing.ts: no such file'],
    ['nomatch-*.ts', '--file nomatch-*.ts: the pattern matches no file'],
    ['syntax-error.ts', 'syntax-error.ts: does not parse: line 1, column 17: Unexpected ";"'],
    ['syntax-error.js', 'syntax-error.js: does not parse: line 2, column 17: Unexpected ";"'],
    ['throws.ts', 'throws.ts: threw while loading: my model is broken'],
    ['nothing.ts', 'nothing.ts: exports no family or claim lbcheck knows (export the value of defineFamily, populationFamily or defineClaim)'],
    ['clash.ts', 'clash.ts: family id "jsq-d" is a built-in family; choose another id'],
    // lbcheck's own UsageError, thrown in the user file: recognised, so the same module instance.
    ['bad-param.ts', 'bad-param.ts: --n must be >= 1, got 0'],
    ['bad-claim.ts', 'bad-claim.ts: claim "Bad Id": the id must be lower-case words joined by "-", e.g. "my-policy-beats-jsq"'],
  ])('%s: one line, exit code 2, nothing on stdout', (file, message) => {
    const r = lbcheckIn(folder, 'list', '--file', file);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({ code: 2, stdout: '', stderr: `lbcheck: ${message}\n` });
  });
});
