/**
 * Every explored state is reachable from the initial one by construction; the
 * chain is irreducible when every state can also reach it back (reverse search).
 */
import type { SparseGenerator } from './generator.ts';
import { incoming } from './generator.ts';

/** returning[i] = 1 when state i can reach the initial state. */
export function returningStates(g: SparseGenerator<unknown>): Uint8Array {
  const { inPtr, inSrc } = incoming(g);
  const seen = new Uint8Array(g.n);
  const stack = new Int32Array(g.n);
  let top = 0;
  stack[top++] = g.initial;
  seen[g.initial] = 1;
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
