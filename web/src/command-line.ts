/** Pieces of the "same in the terminal" command lines, shared by the engine and the views. */
import { BUILT_IN } from '../../src/registry/registry.ts';

/** `--file <origin>` for a family or claim loaded from a user file (the CLI knows it only then), else nothing. */
export function fileFlag(origin: string): string[] {
  return origin === BUILT_IN ? [] : [`--file ${origin}`];
}
