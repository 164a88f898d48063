/** Every model family lbcheck knows; adding a system is adding a file and a line here. */
import type { ModelFamily } from '../src/core/model.ts';
import type { ParamSpecs } from '../src/core/params.ts';
import { affinity } from './affinity.ts';
import { heteroPs } from './hetero-ps.ts';
import { jiqBlocking } from './jiq-blocking.ts';
import { jiqQueueing } from './jiq-queueing.ts';
import { jsqD } from './jsq-d.ts';

export const families: readonly ModelFamily<ParamSpecs, unknown>[] = [jiqBlocking as ModelFamily<ParamSpecs, unknown>, heteroPs as ModelFamily<ParamSpecs, unknown>, affinity as ModelFamily<ParamSpecs, unknown>, jiqQueueing as ModelFamily<ParamSpecs, unknown>, jsqD as ModelFamily<ParamSpecs, unknown>];
