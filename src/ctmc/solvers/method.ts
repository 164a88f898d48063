/**
 * Which stationary solver runs on an explored chain. `auto` takes the exact
 * solver where the banded elimination is cheap, GTH where it is affordable in
 * float, and the iterative solver beyond; `float` is `auto` without the exact
 * solver (what a truncation search uses before its final solve).
 */
import { UsageError } from '../../core/errors.ts';
import { POLICY } from '../../core/numerical-policy.ts';
import { bandOf, eliminationCost } from './band.ts';
import type { SparseGenerator } from '../explore/generator.ts';

export const METHODS = ['exact', 'gth', 'iterative', 'auto'] as const;
export type Method = (typeof METHODS)[number];
export type DirectMethod = Exclude<Method, 'auto'>;
/** A method as asked for, or `float`: `auto` that never picks the exact solver. */
export type MethodChoice = Method | 'float';

/** Elimination cost (n * lower * upper bandwidth) up to which each direct method is allowed. */
const LIMITS = { autoExact: POLICY.autoExactCost.value, exact: POLICY.exactCost.value, gth: POLICY.gthCost.value, exactStates: POLICY.exactStates.value };

/** Whether `auto` tries the exact solver on this chain. */
export function exactIsCheap(g: SparseGenerator<number>): boolean {
  return g.n <= LIMITS.exactStates && eliminationCost(g.n, bandOf(g)) <= LIMITS.autoExact;
}

/** The direct method for `choice` on this chain (UsageError when an asked-for one is too large). */
export function chooseMethod(choice: MethodChoice, g: SparseGenerator<number>): DirectMethod {
  const cost = eliminationCost(g.n, bandOf(g));
  const tooBig = (m: string, limit: number): UsageError =>
    new UsageError(`--method ${m} is too large here: ${g.n} states with elimination cost ${cost.toExponential(1)} (limit ${limit.toExponential(0)}); use --method iterative`);
  switch (choice) {
    case 'exact':
      if (cost > LIMITS.exact || g.n > LIMITS.exactStates) throw tooBig('exact', LIMITS.exact);
      return 'exact';
    case 'gth':
      if (cost > LIMITS.gth) throw tooBig('gth', LIMITS.gth);
      return 'gth';
    case 'iterative':
      return 'iterative';
    case 'auto':
      if (exactIsCheap(g)) return 'exact';
      return cost <= LIMITS.gth / 10 ? 'gth' : 'iterative';
    case 'float':
      return cost <= LIMITS.gth / 10 ? 'gth' : 'iterative';
  }
}
