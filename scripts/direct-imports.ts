/**
 * An esbuild plugin for the CLI bundle: the built-in families and claims import
 * lbcheck's public entry by name (`import { solveModel } from 'lbcheck'`), as users
 * do, and the plugin points each such import at the module the entry re-exports it
 * from. Through the barrel, esbuild's code splitting would put every module the
 * entry re-exports (zod, fast-check, the regression harness ...) in the chunks of
 * every command that loads a model; direct, a command loads what it uses.
 *
 * It reads the entry's `export { a, type B, c as d } from './x.ts'` and
 * `export * as ns from './y.ts'` lines; a name it does not find there fails the
 * build (through the barrel it would bring the whole entry back into the chunks).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'esbuild';

type Origin = { module: string; name: string };

const RE_EXPORT = /^export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';/gm;
const NAMESPACE_EXPORT = /^export\s+\*\s+as\s+(\w+)\s+from\s+'([^']+)';/gm;
const IMPORT = /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';/gm;

/** "a", "type B", "c as d" -> [name in the source module, name exported], types dropped. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !s.startsWith('type '))
    .map((s) => {
      const [from, as] = s.split(/\s+as\s+/);
      return [from!, as ?? from!];
    });
}

/** Exported name -> where it is defined (a path relative modules resolve against, or a package). */
function reExports(entry: string): Map<string, Origin> {
  const text = readFileSync(entry, 'utf8');
  const at = (spec: string): string => (spec.startsWith('.') ? join(dirname(entry), spec) : spec);
  const map = new Map<string, Origin>();
  for (const m of text.matchAll(RE_EXPORT)) if (!m[1]) for (const [from, as] of specifiers(m[2]!)) map.set(as, { module: at(m[3]!), name: from });
  for (const m of text.matchAll(NAMESPACE_EXPORT)) map.set(m[1]!, { module: at(m[2]!), name: '*' });
  return map;
}

function importLine(origin: Origin, locals: string[]): string {
  if (origin.name === '*') return `import * as ${locals[0]} from ${JSON.stringify(origin.module)};`;
  return `import { ${locals.join(', ')} } from ${JSON.stringify(origin.module)};`;
}

/** Rewrites `import { ... } from '<name>'` in files under `roots` into imports from the modules `entry` re-exports. */
export function directImports(name: string, entry: string, roots: readonly string[]): Plugin {
  const origins = reExports(entry);
  return {
    name: 'direct-imports',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (a) => {
        if (!roots.some((r) => a.path.startsWith(r))) return undefined;
        const source = readFileSync(a.path, 'utf8');
        const contents = source.replace(IMPORT, (whole, typeOnly: string | undefined, list: string, spec: string) => {
          if (spec !== name || typeOnly) return whole;
          const byModule = new Map<string, { origin: Origin; locals: string[] }>();
          for (const [imported, local] of specifiers(list)) {
            const o = origins.get(imported);
            if (!o) throw new Error(`${a.path}: '${imported}' is not re-exported by ${entry} with export { ... } from`);
            if (o.name === '*') byModule.set(`*${local}`, { origin: o, locals: [local] });
            else {
              const key = o.module;
              const group = byModule.get(key) ?? { origin: o, locals: [] };
              group.locals.push(o.name === local ? local : `${o.name} as ${local}`);
              byModule.set(key, group);
            }
          }
          const lines = [...byModule.values()].map((g) => importLine(g.origin, g.locals));
          // Keep the line count, so positions in errors and source maps stay right.
          return lines.join(' ') + '\n'.repeat((whole.match(/\n/g) ?? []).length);
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}
