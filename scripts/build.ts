/**
 * Builds what lbcheck runs and ships (npm install runs it through `prepare`,
 * npm pack too):
 *
 *   dist/js/     the CLI and the library, bundled by esbuild with code
 *                splitting: each command's modules sit in their own chunks,
 *                loaded only when that command runs; the library entries
 *                (api.js, models.js) share the CLI's chunks, so a user file
 *                importing 'lbcheck' gets the CLI's own module instances
 *   dist/types/  the library's declarations (tsc)
 *   dist/web/    the explorer page (vite build), served by `lbcheck explore`
 *
 * `tsx scripts/build.ts [js] [types] [web] [--if-stale]`: the parts named (all
 * by default); --if-stale skips, silently, a part whose inputs hash to the
 * stamp of its last build (the tests build this way, so they never run a stale bundle).
 * Each part is built in a scratch directory and then moved into place.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { directImports } from './direct-imports.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

type Part = 'js' | 'types' | 'web';
const PARTS: readonly Part[] = ['js', 'types', 'web'];

/** The modules the CLI and the library start from (dist/js/<name>.js). */
export const JS_ENTRIES = {
  lbcheck: 'src/cli/main.ts',
  api: 'src/api.ts',
  models: 'models/index.ts',
  'sweep-jobs': 'src/cli/sweep-jobs.ts',
  thread: 'src/sweep/thread.mjs',
  'user-hooks': 'src/registry/user-hooks.ts',
};

const LIBRARY = ['src', 'models', 'properties', 'package.json', 'package-lock.json', 'scripts/build.ts'];
const INPUTS: Record<Part, readonly string[]> = {
  js: LIBRARY,
  types: [...LIBRARY, 'tsconfig.json', 'tsconfig.build.json'],
  web: [...LIBRARY, 'web', 'tsconfig.json'],
};

function filesUnder(path: string): string[] {
  const abs = join(ROOT, path);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [path];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

/** A hash of every input file's path and bytes. */
function stampOf(part: Part): string {
  const h = createHash('sha256');
  for (const f of INPUTS[part].flatMap(filesUnder)) h.update(`${f}\0`).update(readFileSync(join(ROOT, f)));
  return h.digest('hex');
}

const stampFile = (part: Part): string => join(DIST, part, '.stamp');

async function buildJs(out: string): Promise<void> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: JS_ENTRIES,
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
    plugins: [directImports('lbcheck', join(ROOT, JS_ENTRIES.api), [join(ROOT, 'models/'), join(ROOT, 'properties/')]), dependenciesExternal],
    // Bundled CommonJS (@stdlib's) requires Node built-ins and its own dependencies.
    banner: { js: "import { createRequire as lbcheckRequire } from 'node:module'; const require = lbcheckRequire(import.meta.url);" },
    metafile: true,
  });
  // Which of lbcheck's sources each output file holds (test/cli/startup.test.ts reads it).
  const outputs = Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([file, o]) => [
      relative(out, join(ROOT, file)),
      { sources: Object.keys(o.inputs).filter((i) => !i.includes('node_modules/')) },
    ]),
  );
  writeFileSync(join(out, 'meta.json'), JSON.stringify(outputs));
}

/**
 * Dependencies stay imports (installed beside lbcheck), except @stdlib's and
 * what they import: each is hundreds of tiny CommonJS files (the t quantile
 * took 0.2 s CPU to require), so they are bundled in.
 */
const dependenciesExternal: Plugin = {
  name: 'dependencies-external',
  setup(b) {
    const bundled = (path: string, importer: string): boolean => path.startsWith('@stdlib/') || importer.includes('/node_modules/@stdlib/');
    // The built-ins import lbcheck's public entries by name, as users do: those are the sources themselves
    // (directImports points their imports of 'lbcheck' past the entry), as modules apart from the library entries.
    b.onResolve({ filter: /^lbcheck(\/models)?$/ }, (a) => ({ path: join(ROOT, SELF[a.path]!), suffix: '?built-in' }));
    b.onResolve({ filter: /^[^./]/ }, (a) => (bundled(a.path, a.importer) && !a.path.startsWith('node:') ? undefined : { path: a.path, external: true }));
  },
};
const SELF: Record<string, string> = { lbcheck: JS_ENTRIES.api, 'lbcheck/models': JS_ENTRIES.models };

function buildTypes(out: string): void {
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  const r = spawnSync(tsc, ['-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tsc (declarations) failed:\n${r.stdout}${r.stderr}`);
}

async function buildWeb(out: string): Promise<void> {
  const { build } = await import('vite');
  const { explorerConfig } = await import('../web/vite.config.ts');
  await build(explorerConfig({ outDir: out }));
}

const BUILDERS: Record<Part, (out: string) => Promise<void> | void> = { js: buildJs, types: buildTypes, web: buildWeb };

/** Builds the part unless (with ifStale) its stamp says it is current; true when it built. */
export async function buildPart(part: Part, ifStale = false): Promise<boolean> {
  const stamp = stampOf(part);
  if (ifStale && existsSync(stampFile(part)) && readFileSync(stampFile(part), 'utf8') === stamp) return false;
  const scratch = join(DIST, `.${part}-${process.pid}`);
  const old = join(DIST, `.${part}-${process.pid}-old`);
  rmSync(scratch, { recursive: true, force: true });
  try {
    await BUILDERS[part](scratch);
    writeFileSync(join(scratch, '.stamp'), stamp);
    // Two renames: a command started meanwhile finds the old build or the new one, never none.
    if (existsSync(join(DIST, part))) renameSync(join(DIST, part), old);
    renameSync(scratch, join(DIST, part));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const named = args.filter((a) => a !== '--if-stale');
  const unknown = named.filter((a) => !(PARTS as readonly string[]).includes(a));
  if (unknown.length > 0) {
    process.stderr.write(`build: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})\n`);
    process.exit(2);
  }
  for (const part of named.length > 0 ? (named as Part[]) : PARTS) {
    const start = performance.now();
    if (await buildPart(part, args.includes('--if-stale')))
      process.stderr.write(`dist/${part}: built in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
  }
}
