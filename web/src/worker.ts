/**
 * The engine worker: lbcheck's modules behind Comlink, with the --file modules
 * of `lbcheck explore` added (user-modules.ts). It answers at once; every call
 * waits until the user modules are in, and fails with their error if they fail.
 */
import * as Comlink from 'comlink';
import * as engine from './engine.ts';
import { loadUserModules } from './user-modules.ts';

const ready = loadUserModules().then((files) => engine.addUserModules(files));
ready.catch(() => {});

const calls = Object.fromEntries(
  Object.entries(engine).map(([name, value]) => [
    name,
    typeof value === 'function'
      ? async (...args: unknown[]) => {
          await ready;
          return (value as (...a: unknown[]) => unknown)(...args);
        }
      : value,
  ]),
);
Comlink.expose(calls);
