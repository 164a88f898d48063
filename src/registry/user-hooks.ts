/**
 * Node module hooks for the user's files (--file), registered by load.ts
 * (node:module `register`; they run on Node's hooks thread):
 *
 * - 'lbcheck' and 'lbcheck/models' resolve to the running lbcheck's own
 *   modules, so a user file gets the CLI's module instances (its registry,
 *   its classes) and loads where no lbcheck is installed at all.
 * - A user's .ts or .mts file is compiled by esbuild to an ES module whatever
 *   the nearest package.json says (`npm init -y` writes "type": "commonjs");
 *   a .js file written with import/export is an ES module there too.
 * - './x.js' names ./x.ts when only that exists (TypeScript's convention).
 *
 * lbcheck's own code passes through untouched, and so do .js files under
 * node_modules (packages say what they are); a .ts file anywhere else is
 * compiled (Node 20 loads none: examples shipped in node_modules/lbcheck too).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';
import { transform } from 'esbuild';

export interface UserHooksData {
  /** URLs 'lbcheck' and 'lbcheck/models' resolve to. */
  readonly api: string;
  readonly models: string;
  /** URL prefixes of lbcheck's own code (its sources or its build). */
  readonly own: readonly string[];
}

interface ResolveResult {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
}
interface LoadResult {
  format: string;
  source?: string | ArrayBuffer | Uint8Array | null;
  shortCircuit?: boolean;
}
type NextResolve = (specifier: string, context?: unknown) => Promise<ResolveResult>;
type NextLoad = (url: string, context?: unknown) => Promise<LoadResult>;

let data: UserHooksData;

export async function initialize(d: UserHooksData): Promise<void> {
  data = d;
  await init;
}

const RELATIVE_JS = /^\.\.?\/.*\.m?js$/;

export async function resolve(specifier: string, context: unknown, next: NextResolve): Promise<ResolveResult> {
  if (specifier === 'lbcheck') return { url: data.api, shortCircuit: true };
  if (specifier === 'lbcheck/models') return { url: data.models, shortCircuit: true };
  try {
    return await next(specifier, context);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !RELATIVE_JS.test(specifier)) throw e;
    return next(specifier.replace(/js$/, 'ts'), context);
  }
}

const isOwn = (url: string): boolean => !url.startsWith('file:') || data.own.some((o) => url.startsWith(o));

/** esbuild's compile; a syntax error is thrown as esbuild reports it ("Transform failed ... file:line:col: ERROR: text"). */
async function compile(path: string, source: string, loader: 'ts' | 'js'): Promise<string> {
  return (await transform(source, { loader, format: 'esm', target: 'node20', sourcefile: path })).code;
}

/** True when the source uses import or export (an ES module), by es-module-lexer; a source it cannot lex is left to the compiler. */
function hasModuleSyntax(source: string): boolean {
  try {
    return parse(source)[3];
  } catch {
    return true;
  }
}

export async function load(url: string, context: unknown, next: NextLoad): Promise<LoadResult> {
  if (isOwn(url)) return next(url, context);
  const path = fileURLToPath(url);
  if (/\.m?ts$/.test(path)) return { format: 'module', source: await compile(path, await readFile(path, 'utf8'), 'ts'), shortCircuit: true };
  if (/\.m?js$/.test(path) && !url.includes('/node_modules/')) {
    const source = await readFile(path, 'utf8');
    if (path.endsWith('.mjs') || hasModuleSyntax(source)) return { format: 'module', source: await compile(path, source, 'js'), shortCircuit: true };
  }
  return next(url, context);
}
