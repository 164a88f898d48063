/**
 * Solving a model family at a parameter point: its chain as given (solve-chain.ts),
 * or, for families truncated at a queue length K that the user left open, the
 * automatic truncation search (truncation-search.ts).
 */
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { solveChain, type Solved } from './solve-chain.ts';
import { familyChain, searchTruncation, type SearchOptions } from './truncation/truncation-search.ts';

export { isMethod, METHODS, SOLVERS, type Method } from './solvers/registry.ts';
export { solveChain, trusted, type Chain, type Evidence, type SolveOptions, type Solved } from './solve-chain.ts';
export type { SearchOptions } from './truncation/truncation-search.ts';

export function solveModel<P>(family: ModelFamily<ParamSpecs, P>, p: P, opts: SearchOptions): Solved {
  const t = family.truncation;
  if (!t) return solveChain(familyChain(family, p), opts);
  const K = t.fixedK(p);
  return K === undefined ? searchTruncation(family, t, p, opts) : solveChain(familyChain(family, p), { ...opts, K });
}
