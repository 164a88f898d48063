/**
 * z3-solver in the page (web/vite.config.ts aliases 'z3-solver' here): its
 * browser build needs the emscripten script z3-built.js (which defines the
 * global initZ3 and starts Z3's pthreads as workers running that same script)
 * and the wasm, both served by `lbcheck explore` under /z3/, and a
 * cross-origin isolated page (SharedArrayBuffer), which explore's
 * Cross-Origin-Opener-Policy / -Embedder-Policy headers give. A static copy
 * (--out) served without those headers has no Z3: the error says so.
 */
import { init as initBrowser } from 'z3-solver/build/browser.js';

export async function init(): ReturnType<typeof initBrowser> {
  if (!globalThis.crossOriginIsolated) {
    throw new Error('Z3 needs a cross-origin isolated page (serve it with `lbcheck explore`), or run `lbcheck prove` and open its refutation here');
  }
  const base = new URL('../z3/', import.meta.url).href;
  const script = `${base}z3-built.js`;
  const response = await fetch(script);
  if (!response.ok) throw new Error(`Z3 is not served with this page (${script}: ${response.status})`);
  // The emscripten script is a classic script declaring `var initZ3`: run it in the global scope (an indirect eval).
  // biome-ignore lint/security/noGlobalEval: Z3's browser build is a classic script that must declare its globals.
  globalThis.eval(await response.text());
  (globalThis as { global?: unknown }).global = globalThis; // z3-solver's browser build reads global.initZ3
  return initBrowser({ mainScriptUrlOrBlob: script, locateFile: (file: string) => `${base}${file}` } as Parameters<typeof initBrowser>[0]);
}
