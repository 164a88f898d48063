/**
 * The explorer's bundle (vite 8.3.8, pinned): the page (web/index.html) and its
 * engine worker, built from the same modules as the CLI. z3-solver resolves to
 * web/src/z3-browser.ts, which loads Z3's browser build from /z3/ (served by
 * `lbcheck explore`, with the cross-origin isolation it needs). `userFiles` are
 * the --file modules of `lbcheck explore`, bundled in as lbcheck:user-files.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const USER_FILES = 'lbcheck:user-files';

function userFilesPlugin(files: readonly string[]): Plugin {
  return {
    name: 'lbcheck-user-files',
    resolveId: (id) => (id === USER_FILES ? `\0${USER_FILES}` : null),
    load(id) {
      if (id !== `\0${USER_FILES}`) return null;
      const imports = files.map((f, i) => `import * as m${i} from ${JSON.stringify(f)};`).join('\n');
      const list = files.map((f, i) => `{ path: ${JSON.stringify(f)}, module: m${i} }`).join(', ');
      return `${imports}\nexport const userFiles = [${list}];\n`;
    },
  };
}

export function explorerConfig(o: { outDir: string; userFiles: readonly string[] }): InlineConfig {
  return {
    root: here,
    base: './',
    // node: built-ins met in CLI-only modules (sim/external.ts, the mutant claim) become stubs; Vite's notes about them are not errors.
    logLevel: 'error',
    configFile: false,
    publicDir: false,
    // User files import lbcheck by its package name (package.json exports), here resolved to the same sources.
    resolve: { alias: [{ find: /^lbcheck$/, replacement: `${here}../src/api.ts` }, { find: /^lbcheck\/models$/, replacement: `${here}../models/index.ts` }, { find: /^z3-solver$/, replacement: `${here}src/z3-browser.ts` }] },
    plugins: [userFilesPlugin(o.userFiles)],
    worker: { format: 'es', plugins: () => [userFilesPlugin(o.userFiles)] },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: { outDir: o.outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false, chunkSizeWarningLimit: 4000, rolldownOptions: { checks: { pluginTimings: false } } },
  };
}

export default defineConfig(explorerConfig({ outDir: `${here}dist`, userFiles: [] }));
