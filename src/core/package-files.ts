/**
 * The package's own files, wherever lbcheck runs from: its sources (this
 * module is src/core/package-files.ts) or its build (bundled into a chunk in
 * dist/js/). Both are two levels below the package root.
 */
// Through a variable: Vite would take `new URL('../../', import.meta.url)` for an asset of the page.
const here = import.meta.url;
const ROOT = new URL('../../', here);

/** True when running the build (dist/js/*.js), false when running the sources through tsx. */
export const BUILT = import.meta.url.endsWith('.js');

/** A file of the package by its path from the package root. */
export function packageFile(path: string): URL {
  return new URL(path, ROOT);
}

/**
 * A module loaded by URL at run time (a worker thread's script, the module
 * hooks, what a user file's 'lbcheck' resolves to): its source
 * file when running the sources, its entry in dist/js/ when built
 * (scripts/build.ts names the entries).
 */
export function ownModule(entry: 'api' | 'models' | 'sweep-jobs' | 'thread' | 'user-hooks', source: string): URL {
  return packageFile(BUILT ? `dist/js/${entry}.js` : source);
}
