/**
 * What a stationary solver is: one line that describes it (the CLI's --method
 * help, the explorer's method control) and the law it finds on an explored
 * chain. Each solver is one module in methods/ and one entry in registry.ts.
 */
import { UsageError } from '../../core/errors.ts';
import type { ChainDefinition } from '../../core/model.ts';
import type { Rational } from '../../core/rational.ts';
import type { SparseGenerator } from '../explore/generator.ts';
import type { ResidualNorm } from './convergence.ts';
import type { ExactSolution } from './exact.ts';
import type { Hierarchy } from './iterative-coarsening.ts';
import type { LastCycle } from './iterative.ts';

/** What a solver is given: the chain, and the options of the solve that apply to it. */
export interface SolverInput {
  /** The explored (or restricted) chain in float. */
  g: SparseGenerator<number>;
  /** The same chain in exact rationals, explored when asked for (the exact solver only). */
  exact: () => { def: ChainDefinition<Rational>; g: SparseGenerator<Rational> };
  /** Tolerance of the float solvers' convergence rule (convergence.ts). */
  tolerance?: number;
  maxIterations?: number;
  /** A starting law for the iterative solver (warm start). */
  initial?: Float64Array;
  /** The iterative solver's levels of an earlier solve of this very chain, reused. */
  hierarchy?: Hierarchy;
  /** Seconds `auto` gives the exact solver before it falls back to float. */
  autoExactSeconds?: number;
  onProgress?: (what: string) => void;
}

/** A stationary law and how it was found; `method` names the solver that ran (`auto` runs another). */
export interface Law<M extends string = string> {
  method: M;
  pi: Float64Array;
  residual: number;
  residualNorm: ResidualNorm;
  iterations: number;
  converged: boolean;
  errorEstimate?: number;
  lastCycle?: LastCycle;
  hierarchy?: Hierarchy;
  exact?: { solution: ExactSolution; def: ChainDefinition<Rational>; codes: Float64Array };
}

export interface Solver<M extends string = string> {
  /** One line (no ';' or ':', it is listed after the method's name): what the solver does. */
  readonly description: string;
  /** The stationary law of input.g; a UsageError, before any work, when the chain is too large for the solver. */
  law(input: SolverInput): Law<M>;
}

/** The refusal of a chain whose elimination cost is beyond a direct solver's limit. */
export function tooLarge(method: string, states: number, cost: number, limit: number): UsageError {
  const size = `${states} states with elimination cost ${cost.toExponential(1)} (limit ${limit.toExponential(0)})`;
  return new UsageError(`--method ${method} is too large here: ${size}; use --method iterative`);
}
