/**
 * The size of an automatic truncation, said before a long search starts: the
 * chain the search works in (the projection's, or the first cut), counted from
 * its definition without exploring it, against the state budget.
 */
import { floatArith } from '../core/arith.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { budgetText } from '../ctmc/explore/state-budget.ts';
import { familyChain } from '../ctmc/truncation/truncation-search.ts';

/** A line for stderr when the chain the search works in has more states than the budget, else null. */
export function searchSizeNote(family: ModelFamily<ParamSpecs, unknown>, p: unknown, maxStates: number): string | null {
  const t = family.truncation;
  if (!t || t.fixedK(p) !== undefined) return null;
  const cut = t.projection ? t.projection(p) : t.withK(p, t.initialK(p));
  const count = familyChain(family, cut)(floatArith).stateCount;
  if (count === undefined || count <= maxStates) return null;
  const how = t.projection
    ? 'the search explores its likeliest states (finite state projection), at most the budget, and may take long'
    : 'the search cannot solve even its first cut';
  return (
    `solve: the chain cut at K = ${t.fixedK(cut)} has about ${count.toExponential(1)} states, more than ` +
    `the state budget of ${budgetText(maxStates)}: ${how} (--max-seconds bounds its time, --K fixes the cut)`
  );
}
