/**
 * Case splits for claims symmetric in the dispatchers. When hypotheses and
 * conclusion are invariant under relabelling dispatchers (alpha_r, beta_r, x_r
 * permuted together), every counterexample can be relabelled so that exactly the
 * first k dispatchers hold tokens; Z3 then decides R + 1 switch-free cases
 * instead of one query with R nested switches.
 */
import type { Prop, Query, Term } from 'lbcheck';

/** x_r > 0 for r < k and x_r = 0 for r >= k. */
export function tokensAtFirst(x: readonly Term[], k: number): Prop[] {
  return x.map((xr, r) => (r < k ? xr.gt(0) : xr.eq(0)));
}

/** The query split into the R + 1 cases "tokens at exactly the first k dispatchers". */
export function splitByTokenHolders(q: Query, x: readonly Term[]): Query[] {
  return Array.from({ length: x.length + 1 }, (_, k) => ({
    name: `${q.name}, tokens at ${k} of ${x.length} dispatchers`,
    hypotheses: [...q.hypotheses, ...tokensAtFirst(x, k)],
    conclusion: q.conclusion,
  }));
}
