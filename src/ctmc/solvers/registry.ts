/**
 * Every stationary solver, by its --method name. Adding a solver is its module
 * in methods/ and one entry here: the Method type, the CLI's --method choices
 * and help, the explorer's method control and the solver tests follow.
 */
import { autoSolver, floatSolver } from './methods/auto.ts';
import { exactSolver } from './methods/exact.ts';
import { gthSolver } from './methods/gth.ts';
import { iterativeSolver } from './methods/iterative.ts';
import type { Solver } from './solver.ts';

export const SOLVERS = {
  exact: exactSolver,
  gth: gthSolver,
  iterative: iterativeSolver,
  auto: autoSolver,
} satisfies Record<string, Solver>;

export type Method = keyof typeof SOLVERS;
/** The method a solve ran (`auto` names the one it chose). */
export type DirectMethod = ReturnType<(typeof SOLVERS)[Method]['law']>['method'];
/** A method as asked for, or `float`: `auto` that never picks the exact solver. */
export type MethodChoice = Method | 'float';

export function isMethod(name: string): name is Method {
  return Object.hasOwn(SOLVERS, name);
}

/** The method names, in the registry's order. */
export const METHODS: readonly Method[] = Object.keys(SOLVERS).filter(isMethod);

export function solverFor(choice: MethodChoice): (typeof SOLVERS)[Method] | typeof floatSolver {
  return choice === 'float' ? floatSolver : SOLVERS[choice];
}
