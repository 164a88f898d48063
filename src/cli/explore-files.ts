/**
 * What `lbcheck explore` serves, as a table URL path -> bytes, built before
 * it listens: the page built ahead (dist/web/, scripts/build.ts), Z3's
 * browser build at /z3/, and the --file modules. Each user file is bundled by
 * esbuild into one browser module (its own imports included); its imports of
 * 'lbcheck' and 'lbcheck/models' read globalThis.lbcheck, which the page's
 * worker sets to its own modules (web/src/user-modules.ts). Node built-ins a
 * user file imports become empty modules, as in the page's own bundle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { UsageError } from '../core/errors.ts';
import { ownModule, packageFile } from '../core/package-files.ts';

/** The page built ahead, every file under dist/web/ at its path. */
function pageTable(): Map<string, Buffer> {
  const dir = fileURLToPath(packageFile('dist/web/'));
  if (!existsSync(join(dir, 'index.html')))
    throw new UsageError(`the explorer page is not built (no ${join(dir, 'index.html')}): run \`npm run build\` in the lbcheck checkout`);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith('.'));
  return new Map(
    files.map((e) => {
      const path = join(e.parentPath, e.name);
      return [`/${relative(dir, path).split('\\').join('/')}`, readFileSync(path)];
    }),
  );
}

/** Z3's browser build (web/src/z3-browser.ts loads it): the emscripten script and its wasm, at /z3/. */
function z3Table(): Map<string, Buffer> {
  const dir = dirname(createRequire(import.meta.url).resolve('z3-solver/build/z3-built.js'));
  return new Map(['z3-built.js', 'z3-built.wasm'].map((f) => [`/z3/${f}`, readFileSync(join(dir, f))]));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A module re-exporting globalThis.lbcheck[key]'s named exports (the names of lbcheck's own module). */
async function shim(key: 'api' | 'models'): Promise<string> {
  const own = (await import(key === 'api' ? ownModule('api', 'src/api.ts').href : ownModule('models', 'models/index.ts').href)) as Record<string, unknown>;
  const names = Object.keys(own).filter((n) => IDENTIFIER.test(n));
  return `const m = globalThis.lbcheck.${key};\n${names.map((n) => `export const ${n} = m.${n};`).join('\n')}\n`;
}

function pagePlugin(): Plugin {
  return {
    name: 'lbcheck-page',
    setup(b) {
      b.onResolve({ filter: /^lbcheck(\/models)?$/ }, (a) => ({ path: a.path === 'lbcheck' ? 'api' : 'models', namespace: 'lbcheck' }));
      b.onLoad({ filter: /.*/, namespace: 'lbcheck' }, async (a) => ({ contents: await shim(a.path as 'api' | 'models'), loader: 'js' }));
      b.onResolve({ filter: /^node:/ }, (a) => ({ path: a.path, namespace: 'node-stub' }));
      b.onLoad({ filter: /.*/, namespace: 'node-stub' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
}

/** The user file as one browser module. */
async function compileForPage(file: string): Promise<Buffer> {
  const { build } = await import('esbuild');
  try {
    const out = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
      plugins: [pagePlugin()],
    });
    return Buffer.from(out.outputFiles[0].contents);
  } catch (e) {
    const first = (e as { errors?: { text: string; location?: { line: number; column: number } | null }[] }).errors?.[0];
    throw new UsageError(
      `${file}: cannot be bundled for the page: ` +
        `${first ? `${first.location ? `line ${first.location.line}, column ${first.location.column}: ` : ''}${first.text}` : String(e)}`,
    );
  }
}

/** The --file modules at /files/<k>/<name>.js, their sources at /files/<k>/<name>, and /files/index.json listing them. */
async function userFileTable(files: readonly { shown: string; path: string }[]): Promise<Map<string, Buffer>> {
  const table = new Map<string, Buffer>();
  const index: { path: string; module: string }[] = [];
  for (const [k, f] of files.entries()) {
    const at = `files/${k + 1}/${basename(f.path)}`;
    table.set(`/${at}`, readFileSync(f.path));
    table.set(`/${at}.js`, await compileForPage(f.path));
    index.push({ path: f.shown, module: `${at}.js` });
  }
  if (files.length > 0) table.set('/files/index.json', Buffer.from(JSON.stringify(index)));
  return table;
}

/** Everything the explorer serves for these user files (`shown`: as the user named it; `path`: absolute). */
export async function explorerTable(files: readonly { shown: string; path: string }[]): Promise<Map<string, Buffer>> {
  return new Map([...pageTable(), ...z3Table(), ...(await userFileTable(files))]);
}
