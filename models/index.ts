/**
 * Every model family lbcheck knows (also `import { jsqD } from 'lbcheck/models'` in a
 * user's file); adding a system is adding a file and a line here (see models/README.md).
 */
import type { ModelFamily } from '../src/core/model.ts';
import type { ParamSpecs } from '../src/core/params.ts';
import { affinity } from './affinity.ts';
import { heteroPs } from './hetero-ps.ts';
import { jiqBlocking } from './jiq-blocking.ts';
import { jiqQueueing } from './jiq-queueing.ts';
import { jsqD } from './jsq-d.ts';

export { affinity, heteroPs, jiqBlocking, jiqQueueing, jsqD };

const any = <S extends ParamSpecs, P>(f: ModelFamily<S, P>): ModelFamily<ParamSpecs, unknown> => f as unknown as ModelFamily<ParamSpecs, unknown>;

export const families: readonly ModelFamily<ParamSpecs, unknown>[] = [any(jiqBlocking), any(heteroPs), any(affinity), any(jiqQueueing), any(jsqD)];
