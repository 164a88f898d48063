/**
 * The numerical policy: every tolerance, budget and default a verdict rests on,
 * each with the line of help the CLI and the explorer show for it. Engines,
 * commands, the claims' method strings and the tests read them here, so a
 * default and the text that states it cannot drift apart.
 */

/** A default and the one line that says what it bounds (an option's help, a claim's method). */
export interface Setting {
  readonly value: number;
  readonly help: string;
}

export const POLICY = {
  /**
   * 1e-9: every metric with |f| <= 1 to about 9 digits. On the ctmc benchmark
   * chains (jiq-blocking, lambda = 9/10) it stops the iterative solver no later
   * than the old absolute rule max|pi Q| <= 1e-12 did there (src/ctmc/solvers/convergence.ts).
   */
  solverTolerance: { value: 1e-9, help: "float solvers' tolerance on sum_j |(pi Q)_j|/q_j and on the estimated ||pi - pi*||_1" },
  iterativeMaxCycles: { value: 1000, help: 'cycles the iterative solver runs before it stops, unconverged' },
  boundaryTolerance: { value: 1e-12, help: 'largest trusted stationary mass on a truncation boundary (queueing families)' },
  /**
   * Boundary mass allowed in the finite-N sequences of limit claims (the CLI
   * default would need truncations beyond reach at their sizes). It is not a
   * bound on a metric's error: such a solve is trusted only when every metric's
   * estimated error (the change between its last two truncations plus the float
   * solver's error) is within metricTolerance, far below the differences of 1e-3
   * or more that these claims measure.
   */
  claimBoundaryTolerance: { value: 1e-10, help: "largest trusted stationary mass on a truncation boundary in the claims' finite-N sequences" },
  metricTolerance: { value: 1e-9, help: "largest trusted error of a metric (its error bound, or a truncation search's estimate), relative to max(1, |value|)" },
  searchSeconds: { value: 600, help: 'CPU seconds an automatic truncation search may take; past them it stops, untrusted' },
  /**
   * Explored and solved iteratively a state takes about 400 bytes (codes, index,
   * CSR both ways, solver levels), so 1e7 states is some 4 GB; a projection
   * round, at bytesPerState, some 7 GB.
   */
  maxStates: { value: 1e7, help: "the solvers' cap on a chain's states" },
  /**
   * A projection round holds the last round's law and rows beside its own. Peak
   * resident memory measured (/usr/bin/time, in bytes): jsq-d d = 2 at lambda =
   * 0.9, N = 6, 622 MB at 917,408 states (678 a state), N = 10, 6.98 GB at
   * 9,982,798 (700, with 11 transitions a state); jiq-queueing N = 4, 6.72 GB at
   * 15,000,000 (448). An explored chain solved iteratively takes less, about 400.
   */
  bytesPerState: { value: 700, help: 'peak bytes a state costs a projection round' },
  memoryShare: {
    value: 0.8,
    help: "share of the free memory a solve may plan for (the rest is the runtime's, and the slack of arrays that double as they grow)",
  },
  largestBudget: { value: 1e8, help: 'largest state budget: above it transition indices (Int32, up to about 20 transitions a state) could overflow' },
  autoExactSeconds: { value: 5, help: 'seconds `auto` gives the exact solver before it falls back to float (rationals can grow with the chain)' },
  /** Elimination costs (n * lower * upper bandwidth, src/ctmc/solvers/band.ts) up to which each direct method is allowed. */
  autoExactCost: { value: 2e7, help: 'elimination cost up to which `auto` tries the exact solver' },
  exactCost: { value: 2e9, help: 'elimination cost up to which the exact solver is allowed' },
  exactStates: { value: 200_000, help: 'most states the exact solver is allowed' },
  gthCost: { value: 3e9, help: 'elimination cost up to which GTH is allowed (`auto` takes it to a tenth of this)' },
  pageMaxStates: { value: 200_000, help: 'the largest chain the explorer page explores; beyond it the CLI does the work' },
  settledDrift: { value: 1e-9, help: 'a fluid run has settled when its drift max_i |dx_i/dt| is at most this' },
  fluidHorizon: { value: 10_000, help: 'the largest time a fluid run integrates to while it has not settled' },
  /** Horizons a claim's fluid run tries in turn (src/check/fluid-settle.ts): a short one first, then ten times longer. */
  claimFluidHorizon: { value: 200, help: "the first horizon a claim's fluid run tries before it tries ten times longer" },
  conservationDefect: { value: 1e-12, help: 'largest conservation defect of a sound fluid run' },
  odeRtol: { value: 1e-10, help: "the ODE integrator's relative error tolerance per step" },
  odeAtol: { value: 1e-12, help: "the ODE integrator's absolute error tolerance per step" },
  transientEpsilon: { value: 1e-12, help: "budget of the uniformization's bound on ||p(t) - p~(t)||_1 at the last time" },
  z3TimeoutMs: { value: 10_000, help: 'Z3 time limit per part, in ms; past it the part is unknown' },
} satisfies Record<string, Setting>;

/** Tolerance of the float solvers' convergence rule (src/ctmc/solvers/convergence.ts). */
export const DEFAULT_SOLVER_TOLERANCE = POLICY.solverTolerance.value;
/** Largest stationary mass on a truncation boundary that a trusted answer may have. */
export const DEFAULT_BOUNDARY_TOLERANCE = POLICY.boundaryTolerance.value;
/** Boundary mass allowed in the claims' finite-N sequences (src/check/solving.ts). */
export const BOUNDARY_TOLERANCE = POLICY.claimBoundaryTolerance.value;
/** Largest estimated truncation error of a metric, relative to max(1, |value|), that a trusted answer of an automatic truncation may have. */
export const DEFAULT_METRIC_TOLERANCE = POLICY.metricTolerance.value;
export const DEFAULT_SEARCH_SECONDS = POLICY.searchSeconds.value;
export const MAX_STATES = POLICY.maxStates.value;
export const BYTES_PER_STATE = POLICY.bytesPerState.value;
export const MEMORY_SHARE = POLICY.memoryShare.value;
export const LARGEST_BUDGET = POLICY.largestBudget.value;
export const AUTO_EXACT_SECONDS = POLICY.autoExactSeconds.value;
export const SETTLED_DRIFT = POLICY.settledDrift.value;
export const CONSERVATION_DEFECT = POLICY.conservationDefect.value;
export const DEFAULT_RTOL = POLICY.odeRtol.value;
export const DEFAULT_ATOL = POLICY.odeAtol.value;
export const DEFAULT_TIMEOUT_MS = POLICY.z3TimeoutMs.value;
