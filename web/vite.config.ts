/**
 * The explorer's bundle (vite 8.3.8, pinned): the page (web/index.html) and its
 * engine worker, built from the same modules as the CLI, once, at build time
 * (scripts/build.ts writes it to dist/web/). z3-solver resolves to
 * web/src/z3-browser.ts, which loads Z3's browser build from /z3/ (served by
 * `lbcheck explore`, with the cross-origin isolation it needs). The --file
 * modules of `lbcheck explore` are not in the bundle: the worker imports them
 * at run time (web/src/user-modules.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type InlineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export function explorerConfig(o: { outDir: string }): InlineConfig {
  return {
    root: here,
    base: './',
    // node: built-ins met in CLI-only modules (sim/external.ts, the mutant claim) become stubs; Vite's notes about them are not errors.
    logLevel: 'error',
    configFile: false,
    publicDir: false,
    // 'lbcheck' and 'lbcheck/models' (what the built-ins import) are the sources, by tsconfig.json's paths.
    resolve: { alias: [{ find: /^z3-solver$/, replacement: `${here}src/z3-browser.ts` }], tsconfigPaths: true },
    worker: { format: 'es' },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      outDir: o.outDir,
      emptyOutDir: true,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 4000,
      rolldownOptions: { checks: { pluginTimings: false } },
    },
  };
}

export default defineConfig(explorerConfig({ outDir: `${here}../dist/web` }));
