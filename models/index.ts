/** Every model family lbcheck knows; adding a system is adding a file and a line here. */
import type { ModelFamily } from '../src/core/model.ts';
import type { ParamSpecs } from '../src/core/params.ts';
import { jiqBlocking } from './jiq-blocking.ts';

export const families: readonly ModelFamily<ParamSpecs, unknown>[] = [jiqBlocking as ModelFamily<ParamSpecs, unknown>];
