/**
 * Every explored state is reachable from the initial one by construction; the
 * chain is irreducible when every state can also reach it back (reverse search).
 */
import type { SparseGenerator } from './generator.ts';
import { incoming } from './generator.ts';

/**
 * returning[i] = 1 when state i can reach the initial state. `known` (1 for
 * states already known to reach it, e.g. the last projection round's) saves
 * the search over them: only the other states' transitions are followed.
 */
export function returningStates(g: SparseGenerator<unknown>, known?: Uint8Array): Uint8Array {
  const { inPtr, inSrc } = incoming(g);
  const seen = new Uint8Array(g.n);
  if (known) seen.set(known);
  const stack = new Int32Array(g.n);
  let top = 0;
  if (!seen[g.initial]) {
    seen[g.initial] = 1;
    stack[top++] = g.initial;
  }
  if (known) {
    // The search also starts from the unknown states with a transition into a known one.
    for (let i = 0; i < g.n; i++) {
      if (seen[i]) continue;
      for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
        if (known[g.col[k]]) {
          seen[i] = 1;
          stack[top++] = i;
          break;
        }
      }
    }
  }
  while (top > 0) {
    const j = stack[--top];
    for (let k = inPtr[j]; k < inPtr[j + 1]; k++) {
      const i = inSrc[k];
      if (!seen[i]) {
        seen[i] = 1;
        stack[top++] = i;
      }
    }
  }
  return seen;
}

/** The index of a state that cannot reach the initial state, or -1 if the chain is irreducible. */
export function firstNonReturningState(g: SparseGenerator<unknown>): number {
  return returningStates(g).indexOf(0);
}
