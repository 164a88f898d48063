/** The engine worker: lbcheck's modules behind Comlink, with the --file modules of `lbcheck explore` added. */
import * as Comlink from 'comlink';
import { userFiles } from 'lbcheck:user-files';
import * as engine from './engine.ts';

engine.addUserModules(userFiles);
Comlink.expose(engine);
