/** Moved to src/core/simulator-view.ts (the view contracts live with the model contract); kept for imports elsewhere. */
export type * from '../core/simulator-view.ts';
