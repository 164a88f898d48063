/**
 * Each command loads only what it runs: the built CLI is started with a module
 * hook that records every module loaded, and the bundle's chunks are mapped
 * back to their sources (dist/js/meta.json). Claims load only for the
 * commands that run them, the queue client only for sweep and worker, the
 * page server only for explore, mathjs never.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(REPO, 'bin', 'lbcheck.js');
const dir = mkdtempSync(join(tmpdir(), 'lbcheck-startup-'));

const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(process.env.LBCHECK_LOADS, url + '\\n'); return next(url, context); }`;
const preload = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The sources (from the bundle) and the packages a command loads. */
function loads(name: string, args: string[]): { sources: string[]; packages: string[] } {
  const log = join(dir, `${name}.txt`);
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(preload)}`, BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LBCHECK_LOADS: log, CI: 'true' },
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  const meta = JSON.parse(readFileSync(join(REPO, 'dist', 'js', 'meta.json'), 'utf8')) as Record<string, { sources: string[] }>;
  const urls = readFileSync(log, 'utf8').trim().split('\n');
  const dist = `${pathToFileURL(join(REPO, 'dist', 'js')).href}/`;
  const sources = urls.filter((u) => u.startsWith(dist)).flatMap((u) => meta[u.slice(dist.length)]?.sources ?? []);
  const packages = [...new Set(urls.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? []))];
  return { sources, packages };
}

const has = (xs: string[], prefix: string): boolean => xs.some((x) => x.startsWith(prefix));

describe('what each command loads', () => {
  it('--version: no command, no model, no solver', () => {
    const { sources, packages } = loads('version', ['--version']);
    expect(sources.filter((s) => /^(models|properties|src\/(ctmc|check|sim|smt|sweep))\//.test(s) || s.startsWith('src/cli/solve'))).toEqual([]);
    expect(packages.filter((p) => !['commander', 'tinyglobby', 'fdir', 'picomatch'].includes(p))).toEqual([]);
  });

  it('solve: the models and the solver, no claim, no queue, no page server, no mathjs', () => {
    const { sources, packages } = loads('solve', ['solve', 'jiq-blocking', '--N', '2', '--lambda', '1/2', '--alpha', '1', '--json']);
    expect(has(sources, 'models/')).toBe(true);
    expect(has(sources, 'src/ctmc/')).toBe(true);
    expect(has(sources, 'properties/')).toBe(false);
    expect(sources).not.toContain('src/cli/explore.ts');
    expect(has(sources, 'src/sweep/')).toBe(false);
    for (const p of ['bullmq', 'ioredis', 'mathjs', 'z3-solver', 'esbuild', 'vite', 'zod']) expect([p, packages.includes(p)]).toEqual([p, false]);
  });

  it('list: the claims, no queue, no page server, no mathjs', () => {
    const { sources, packages } = loads('list', ['list', '--json']);
    expect(has(sources, 'properties/')).toBe(true);
    expect(sources).not.toContain('src/cli/explore.ts');
    for (const p of ['bullmq', 'ioredis', 'mathjs', 'esbuild', 'vite']) expect([p, packages.includes(p)]).toEqual([p, false]);
  });

  it('sweep: the queue client; explore: the page server, not the queue; neither loads mathjs or vite', () => {
    const sweep = loads('sweep', ['sweep', '--help']);
    expect(sweep.packages).toContain('bullmq');
    expect(sweep.sources).not.toContain('src/cli/explore.ts');
    const explore = loads('explore', ['explore', '--help']);
    expect(explore.sources).toContain('src/cli/explore.ts');
    for (const p of ['mathjs', 'vite']) expect([p, sweep.packages.includes(p)]).toEqual([p, false]);
    for (const p of ['bullmq', 'ioredis', 'mathjs', 'vite']) expect([p, explore.packages.includes(p)]).toEqual([p, false]);
  });
});
