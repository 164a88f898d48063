/**
 * Loads a user's modules (.ts, .mts, .js, .mjs; TypeScript compiled on the
 * fly by user-hooks.ts, whatever the user's package type) and adds what they
 * export to a registry. Every failure is one line naming
 * the file: no such file, a syntax error, an exception while loading, nothing
 * lbcheck knows exported, an id already taken.
 */
import { existsSync } from 'node:fs';
import { register as registerHooks } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob } from 'tinyglobby';
import { UsageError } from '../core/errors.ts';
import { BUILT, ownModule, packageFile } from '../core/package-files.ts';
import { declarationsOf, register, type Registry } from './registry.ts';
import type { UserHooksData } from './user-hooks.ts';

let hooked = false;

/** Registers user-hooks.ts in this thread, once, before the first user file is imported. */
function hookUserFiles(): void {
  if (hooked) return;
  const data: UserHooksData = {
    api: ownModule('api', 'src/api.ts').href,
    models: ownModule('models', 'models/index.ts').href,
    own: (BUILT ? ['dist/'] : ['src/', 'models/', 'properties/']).map((d) => packageFile(d).href),
  };
  registerHooks(ownModule('user-hooks', 'src/registry/user-hooks.ts'), { data });
  hooked = true;
}

const hasGlob = (pattern: string): boolean => /[*?[\]{}]/.test(pattern);

/** The files a --file argument names: itself, or what its glob matches (sorted), relative to cwd. */
export async function expandFileArgument(pattern: string, cwd = process.cwd()): Promise<string[]> {
  if (!hasGlob(pattern)) {
    if (!existsSync(resolve(cwd, pattern))) throw new UsageError(`--file ${pattern}: no such file`);
    return [pattern];
  }
  const files = (await glob(pattern, { cwd, onlyFiles: true })).sort();
  if (files.length === 0) throw new UsageError(`--file ${pattern}: the pattern matches no file`);
  return files;
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? 'unknown error'
  );
}

/** The report when esbuild could not compile the file: "Transform failed ... file:line:col: ERROR: text". */
const TRANSFORM_FAILED = /^Transform failed[^\n]*\n[^\n]*?:(\d+):(\d+): ERROR: ([^\n]*)/;

/** Where and why the file does not parse, or null when the failure is something else. */
function parseFailure(e: unknown): string | null {
  if (e instanceof SyntaxError) return firstLine(e);
  const m = e instanceof Error ? TRANSFORM_FAILED.exec(e.message) : null;
  return m ? `line ${m[1]}, column ${m[2]}: ${m[3]}` : null;
}

async function importFile(file: string, cwd: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(resolve(cwd, file)).href)) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(`${file}: ${e.message}`);
    const syntax = parseFailure(e);
    throw new UsageError(syntax !== null ? `${file}: does not parse: ${syntax}` : `${file}: threw while loading: ${firstLine(e)}`);
  }
}

/** The registry with every module the --file arguments name, in order (each file once). */
export async function loadFiles(reg: Registry, patterns: readonly string[], cwd = process.cwd()): Promise<Registry> {
  const files: string[] = [];
  for (const p of patterns) for (const f of await expandFileArgument(p, cwd)) if (!files.includes(f)) files.push(f);
  if (files.length > 0) hookUserFiles();
  let out = reg;
  for (const file of files) out = register(out, file, declarationsOf(await importFile(file, cwd)));
  return out;
}
