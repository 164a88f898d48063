/** Moved to src/core/fluid-view.ts (the view contracts live with the model contract); kept for imports elsewhere. */
export type * from '../core/fluid-view.ts';
