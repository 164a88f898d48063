/**
 * `--method auto`: the exact solver where the banded elimination is cheap, GTH
 * where it is affordable in float, the iterative solver beyond; and `float`,
 * `auto` without the exact solver (what a truncation search uses before its final solve).
 */
import { AUTO_EXACT_SECONDS, POLICY } from '../../../core/numerical-policy.ts';
import type { SparseGenerator } from '../../explore/generator.ts';
import { bandOf, eliminationCost } from '../band.ts';
import { ExactBudgetExceeded } from '../exact.ts';
import type { Solver } from '../solver.ts';
import { exactLaw } from './exact.ts';
import { gthSolver } from './gth.ts';
import { iterativeSolver } from './iterative.ts';

/** Whether `auto` tries the exact solver on this chain. */
export function exactIsCheap(g: SparseGenerator<number>): boolean {
  return g.n <= POLICY.exactStates.value && eliminationCost(g.n, bandOf(g)) <= POLICY.autoExactCost.value;
}

export const floatSolver: Solver<'gth' | 'iterative'> = {
  description: 'GTH where its elimination costs at most a tenth of its limit, the iterative solver beyond',
  law: (input) => (eliminationCost(input.g.n, bandOf(input.g)) <= POLICY.gthCost.value / 10 ? gthSolver : iterativeSolver).law(input),
};

export const autoSolver: Solver<'exact' | 'gth' | 'iterative'> = {
  description: `exact where the elimination is cheap (at most ${AUTO_EXACT_SECONDS} s, then float), else gth where affordable, else iterative`,
  law(input) {
    if (!exactIsCheap(input.g)) return floatSolver.law(input);
    try {
      return exactLaw(input, input.autoExactSeconds ?? AUTO_EXACT_SECONDS);
    } catch (e) {
      if (!(e instanceof ExactBudgetExceeded)) throw e;
      return floatSolver.law(input);
    }
  },
};
