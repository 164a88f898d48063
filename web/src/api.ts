/** The page's handle on the engine worker (Comlink): every call runs lbcheck's own modules off the main thread. */
import * as Comlink from 'comlink';
import type * as Engine from './engine.ts';

export type EngineApi = Comlink.Remote<typeof Engine>;

export const engine: EngineApi = Comlink.wrap<typeof Engine>(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }));

/** A progress callback the worker may call back. */
export const progressProxy = (f: (what: string) => void) => Comlink.proxy(f);
