/**
 * What a stranger does with the package: `npm pack`, an empty folder,
 * `npm init -y` (a commonjs project), `npm install <tarball>` (from npm's
 * cache), then the CLI on a TypeScript family of their own, the library from
 * plain Node, the declarations under the settings `tsc --init` writes, and
 * the explorer. dist/ is current here (test/support/build.ts), so the pack
 * skips `prepare`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(REPO, 'node_modules', '.bin', 'tsc');
let dir = '';
let packed: { filename: string; files: { path: string }[] };

function run(cmd: string, args: string[], cwd = dir) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 180_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The user's family in TypeScript: M/M/1/K, mean queue length 11/15 at K = 3, rho = 1/2. */
const MODEL = `import { defineFamily, intParam, rationalParam, type Arith, type ChainDefinition, type Rational } from 'lbcheck';
export const mm1k = defineFamily({
  id: 'my-mm1k',
  title: 'M/M/1/K',
  params: { K: intParam('capacity', { min: 1 }), rho: rationalParam('load', 'positive') },
  ctmc<T>(p: { K: number; rho: Rational }, A: Arith<T>): ChainDefinition<T> {
    return {
      digitNames: ['n'], radices: [p.K + 1], initial: [0],
      metrics: [{ name: 'meanJobs', reward: (s) => A.fromInt(s[0]) }],
      describe: (s) => String(s[0]),
      successors(s, code, emit) {
        if (s[0] < p.K) emit(code + 1, A.fromRational(p.rho));
        if (s[0] > 0) emit(code - 1, A.one);
      },
    };
  },
});
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lbcheck-stranger-'));
  const pack = run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], REPO);
  expect(pack.code, pack.stderr).toBe(0);
  packed = JSON.parse(pack.stdout)[0];
  expect(run('npm', ['init', '-y']).code).toBe(0);
  const install = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, packed.filename)]);
  expect(install.code, install.stderr).toBe(0);
  writeFileSync(join(dir, 'm.ts'), MODEL);
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed lbcheck, installed in an empty npm project', () => {
  it('ships the build, the declarations, the page, the docs and the examples, not tests, benches or CI', () => {
    const paths = packed.files.map((f) => f.path);
    for (const p of [
      'bin/lbcheck.js',
      'dist/js/lbcheck.js',
      'dist/js/api.js',
      'dist/types/src/api.d.ts',
      'dist/web/index.html',
      'README.md',
      'CHANGELOG.md',
      'docs/guides/install.md',
      'examples/jiq-sqd.ts',
      'package.json',
    ])
      expect(paths).toContain(p);
    expect(paths.filter((p) => /^(test|bench|\.ci|src|scripts|web)\//.test(p))).toEqual(['test/fixtures/jiq_blocking_mutant.py']);
  });

  it('npx lbcheck lists and solves the user family from m.ts (a commonjs project)', () => {
    const list = run('npx', ['lbcheck', 'list', '--file', 'm.ts', '--no-builtins', '--json']);
    expect(list.stderr).toBe('');
    expect(JSON.parse(list.stdout).families.map((f: { id: string; origin: string }) => [f.id, f.origin])).toEqual([['my-mm1k', 'm.ts']]);
    const solved = run('npx', ['lbcheck', 'solve', 'my-mm1k', '--file', 'm.ts', '--K', '3', '--rho', '1/2', '--json']);
    // pi_n ~ 2^-n on 0..3: E[n] = (1/2 + 2/4 + 3/8) / (15/8) = 11/15.
    expect(JSON.parse(solved.stdout).exact.meanJobs).toBe('11/15');
    // The examples shipped in the package load from node_modules too.
    const example = run('npx', ['lbcheck', 'list', '--file', 'node_modules/lbcheck/examples/jiq-sqd.ts', '--no-builtins', '--json']);
    expect(JSON.parse(example.stdout).families.map((f: { id: string }) => f.id)).toEqual(['jiq-sqd']);
    writeFileSync(join(dir, 'broken.ts'), 'export const x = ;\n');
    expect(run('npx', ['lbcheck', 'list', '--file', 'broken.ts']).stderr).toBe('lbcheck: broken.ts: does not parse: line 1, column 17: Unexpected ";"\n');
    rmSync(join(dir, 'broken.ts'));
  });

  it("imports 'lbcheck' and 'lbcheck/models' from plain node and solves exactly", () => {
    const script = `Promise.all([import('lbcheck'), import('lbcheck/models')]).then(([l, m]) => {
      const f = m.jiqBlocking;
      const s = l.solveModel(f, f.parse({ N: '1', lambda: '1/2', alpha: '1' }), { method: 'exact' });
      console.log(JSON.stringify({ states: s.codes.length, text: s.exact.text }));
    })`;
    const r = run(process.execPath, ['-e', script]);
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    // One server, Erlang loss with c = 1: blocked with probability lambda / (1 + lambda) = 1/3.
    expect(j.states).toBe(2);
    expect(j.text.blocking).toBe('1/3');
  });

  it('typechecks with the settings `tsc --init` writes: a static import (.mts) and import() in a commonjs .ts file', () => {
    // A folder of its own in the project (m.ts is ESM syntax in a commonjs project: lbcheck loads it, tsc would refuse it).
    const tc = join(dir, 'typed');
    mkdirSync(tc);
    expect(run(TSC, ['--init'], tc).code).toBe(0);
    writeFileSync(
      join(tc, 'use.mts'),
      "import { Fraction, ratString, solveModel } from 'lbcheck';\nimport { jsqD } from 'lbcheck/models';\n" +
        'export const text: string = ratString(new Fraction(1, 3));\nexport const id: string = jsqD.id;\n' +
        'export const solve: typeof solveModel = solveModel;\n',
    );
    writeFileSync(
      join(tc, 'use-cjs.ts'),
      "async function main(): Promise<string> {\n  const l = await import('lbcheck');\n  return l.ratString(new l.Fraction(2, 3));\n}\nvoid main();\n",
    );
    const ok = run(TSC, ['--noEmit', '-p', '.'], tc);
    expect(ok.stdout + ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    // The types are lbcheck's, not any: a wrong use is an error.
    writeFileSync(join(tc, 'wrong.mts'), "import { ratString } from 'lbcheck';\nexport const n: number = ratString;\n");
    const wrong = run(TSC, ['--noEmit', '-p', '.'], tc);
    expect(wrong.stdout).toMatch(/^wrong\.mts\(2,14\): error TS2322: /);
  });

  it('npx lbcheck explore serves the page built ahead, with the user file, on a free loopback port', async () => {
    // Its own process group: npx and the node it starts stop together.
    const child = spawn('npx', ['lbcheck', 'explore', '--port', '0', '--file', 'm.ts'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const url = await new Promise<string>((ok, fail) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) ok(out.split('\n')[0]);
        });
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.once('exit', (code) => fail(new Error(`explore exited with ${code}: ${err}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(await page.text()).toContain('<title>lbcheck explorer</title>');
      const index = (await (await fetch(new URL('files/index.json', url))).json()) as { path: string; module: string }[];
      expect(index.map((e) => e.path)).toEqual(['m.ts']);
      expect((await fetch(new URL(index[0].module, url))).status).toBe(200);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
