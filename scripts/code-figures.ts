/**
 * Figures of the code's shape, as one JSON line (CONTRIBUTING.md, "Code figures"):
 * type assertions, `as unknown as`, imports from models/ and properties/ that
 * reach past the public entries ('lbcheck', 'lbcheck/models'), the largest source
 * file and the lines over 160 characters. Shipped: src/, models/, properties/, web/;
 * other: tests, benchmarks, scripts and examples. Run: npx tsx scripts/code-figures.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOTS = ['src', 'models', 'properties', 'web/src', 'scripts', 'bench', 'test', 'examples'];
const SOURCE = /\.tsx?$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : files(path);
    return SOURCE.test(e.name) ? [path] : [];
  });
}

/** A type assertion `x as T`, not an import or export alias (`* as ns`, `{ a as b }`) nor `as const`. */
const ASSERTION = /[\w)\]}>'"`]\s+as\s+(?!const\b)[\w{[(<'"`]/;
const ALIAS_LINE = /^\s*(import|export)\b|\*\s+as\s+\w+|^\s*(type\s+)?\w+\s+as\s+\w+,?\s*$/;
const IMPORT_FROM = /\bfrom\s+'([^']+)'/g;

function isDeepImport(file: string, specifier: string): boolean {
  if (!specifier.startsWith('.')) return false;
  const target = relative('.', join(file, '..', specifier));
  const layer = file.split('/')[0];
  return !target.startsWith(`${layer}/`);
}

const all = ROOTS.flatMap(files);
const casts = { shipped: 0, other: 0 };
const unknownCasts = { shipped: 0, other: 0 };
let deepImports = 0;
let over160 = 0;
let largest = { path: '', lines: 0 };
for (const path of all) {
  const lines = readFileSync(path, 'utf8').replace(/\n$/, '').split('\n');
  const shipped = ['src/', 'models/', 'properties/', 'web/'].some((p) => path.startsWith(p));
  const where = shipped ? 'shipped' : 'other';
  if (shipped && lines.length > largest.lines) largest = { path, lines: lines.length };
  for (const line of lines) {
    if (line.length > 160) over160++;
    const code = line.replace(/'(\\.|[^'\\])*'|"(\\.|[^"\\])*"|`(\\.|[^`\\])*`/g, "''").replace(/\/\*.*?(\*\/|$)|\/\/.*$|^\s*\*.*$/g, '');
    if (!ALIAS_LINE.test(code) && ASSERTION.test(code)) casts[where]++;
    if (/\bas unknown as\b/.test(code)) unknownCasts[where]++;
  }
  if (path.startsWith('models/') || path.startsWith('properties/')) {
    for (const m of lines.join('\n').matchAll(IMPORT_FROM)) if (isDeepImport(path, m[1]!)) deepImports++;
  }
}
console.log(
  JSON.stringify({
    files: all.length,
    castLines: casts,
    asUnknownAs: unknownCasts,
    deepImportsFromModelsAndProperties: deepImports,
    largestShippedFile: largest,
    linesOver160: over160,
  }),
);
