/**
 * The automatic truncation of a family cut at a queue length K: grow K (by
 * half, or by the family's nextK) until the boundary mass is below tolerance.
 * A family that knows its chain is unstable at p (TruncationView.unstable)
 * refuses the search in one line; an unstable system it does not recognise
 * never gets there: its last answer comes back with withinTolerance = false.
 * K is searched in float; an exact solve (asked for,
 * or picked by `auto` where cheap) is done once, at the K found.
 */
import { UsageError } from '../core/errors.ts';
import type { ModelFamily, TruncationView } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { Method } from './method.ts';
import { solveChain, type Chain, type SolveOptions, type Solved } from './solve-chain.ts';

/** Largest K the automatic truncation tries before it reports an untrusted answer. */
const MAX_AUTO_K = 4096;

/** The family's chain at parameters p, in every arithmetic. */
export function familyChain<P>(family: ModelFamily<ParamSpecs, P>, p: P): Chain {
  return (A) => family.ctmc(p, A);
}

export function searchTruncation<P>(family: ModelFamily<ParamSpecs, P>, t: TruncationView<P>, p: P, opts: SolveOptions & { method: Method }): Solved {
  const why = t.unstable?.(p);
  if (why) throw new UsageError(`${why}; give --K to solve the truncated chain anyway`);
  const search = opts.method === 'exact' || opts.method === 'auto' ? 'float' : opts.method;
  const at = (K: number, method: SolveOptions['method']): Solved => solveChain(familyChain(family, t.withK(p, K)), { ...opts, method, K });
  let K = t.initialK(p);
  for (;;) {
    opts.onProgress?.(`truncation K = ${K}`);
    const solved = at(K, search);
    const tr = solved.evidence.truncation;
    if (tr && !tr.withinTolerance && K < MAX_AUTO_K) {
      K = Math.min(MAX_AUTO_K, t.nextK?.(p, K) ?? Math.ceil(K * 1.5));
      continue;
    }
    const exactWanted = opts.method === 'exact' || (opts.method === 'auto' && solved.exactIsCheap);
    return exactWanted ? at(K, opts.method) : solved;
  }
}
