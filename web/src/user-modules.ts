/**
 * The --file modules of `lbcheck explore`, imported by the engine worker at
 * run time (the page itself is built ahead). The server lists them in
 * files/index.json, each compiled to one browser module whose `import ... from
 * 'lbcheck'` (or 'lbcheck/models') reads globalThis.lbcheck: the worker's own
 * modules, so a user's family is checked and solved by the same instances as
 * the built-ins. No index (a page opened without `lbcheck explore`): none.
 */
import * as api from '../../src/api.ts';
import * as models from '../../models/index.ts';

/** One entry of files/index.json: the file as the user named it, and its compiled module (a path from the page's root). */
export interface UserModuleEntry {
  path: string;
  module: string;
}

export async function loadUserModules(): Promise<{ path: string; module: Record<string, unknown> }[]> {
  (globalThis as { lbcheck?: unknown }).lbcheck = { api, models };
  const root = new URL('../', import.meta.url);
  const response = await fetch(new URL('files/index.json', root));
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`files/index.json: ${response.status}`);
  const entries = (await response.json()) as UserModuleEntry[];
  return Promise.all(
    entries.map(async (e) => ({ path: e.path, module: (await import(/* @vite-ignore */ new URL(e.module, root).href)) as Record<string, unknown> })),
  );
}
