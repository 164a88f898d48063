/**
 * lbcheck's public API: everything a user's model or claim file imports
 * (`import { ... } from 'lbcheck'`), and what the built-in families and claims
 * are written with. The built-in families themselves are in 'lbcheck/models'.
 *
 * Families: defineFamily (any chain, through the low-level ChainDefinition)
 * or populationFamily (counts and events; derives the chain, a simulator and
 * the fluid drift). Claims: defineClaim, and the combinators for the patterns
 * the built-ins repeat. Parameters: the param specs (intParam ...), read
 * exactly and checked with one-line errors.
 */

// Model contract: families, chains, views.
export { defineFamily, paramsJson, type FamilySpec, type ParamsJson } from './core/family.ts';
export type {
  ChainDefinition,
  ClaimedLaw,
  MassFeatures,
  Emit,
  MetricDef,
  MetricValues,
  ModelFamily,
  ProductFormView,
  TruncationView,
} from './core/model.ts';
export type { FluidFixedPoint, FluidSystem, FluidView, LinearInvariant } from './core/fluid-view.ts';
/** The numerical policy: tolerances, budgets and defaults, each with its help text. */
export {
  BOUNDARY_TOLERANCE,
  DEFAULT_BOUNDARY_TOLERANCE,
  DEFAULT_METRIC_TOLERANCE,
  DEFAULT_TIMEOUT_MS,
  LARGEST_BUDGET,
  POLICY,
  type Setting,
} from './core/numerical-policy.ts';
export type { DensityModel, DensityTransition } from './core/density-model.ts';
/** State codes: a state's counts packed as one mixed-radix integer. */
export { decodeInto, encode, mixedRadixWeights } from './core/mixed-radix.ts';
export { packageFile } from './core/package-files.ts';
export type { PanelCase, SimulationOptions, SimulationRecord, SimulatorView } from './core/simulator-view.ts';

// Families declared at the population level (counts and events).
export { populationFamily, type PopulationSpec } from './population/family.ts';
export { capParam, capTruncation, firstK, tailK } from './core/truncation.ts';
export type { Counts, Population, PopulationEvent, PopulationMetric } from './population/types.ts';
export { populationChain } from './population/chain.ts';
export { DERIVED_SIMULATOR, simulatePopulation } from './population/simulator.ts';
export { fluidFixedPoint, fluidMetrics, populationFluid } from './population/fluid.ts';
export { flatMetricName, flattenMetrics, vectorNames } from './core/metric-names.ts';
export { metricSlots, metricsOf, type MetricKind, type MetricSchema, type MetricsOf } from './core/metric-schema.ts';

// Parameters, arithmetic, rationals, errors.
export {
  checkDistribution,
  choiceParam,
  distributionParam,
  intListParam,
  intParam,
  optional,
  rationalListParam,
  rationalParam,
  readParams,
  type ParamSpec,
  type ParamSpecs,
  type ParamsOf,
} from './core/params.ts';
export { exactArith, floatArith, type Arith, type Store } from './core/arith.ts';
export { Fraction, parseRational, ratString, ratToNumber, type Rational } from './core/rational.ts';
export { binomial } from './core/combinatorics.ts';
export { UsageError } from './core/errors.ts';
export { VERDICTS, type EvidenceRecord, type EvidenceValue, type Verdict } from './core/verdict.ts';

// Solving and simulating.
export { METHODS, solveChain, solveModel, trusted, type Chain, type Evidence, type Method, type Solved, type SolveOptions } from './ctmc/solve.ts';
export { explore } from './ctmc/explore/explore.ts';
export { certify } from './ctmc/certificate.ts';
export { budgetText } from './ctmc/explore/state-budget.ts';
export { transientModel, trustedTransient, type TransientAnswer, type TransientModelOptions } from './transient/transient-model.ts';
export { runSimulation, type SimulationReport } from './sim/run.ts';
export { BatchRecorder } from './sim/recorder.ts';
export { streams, RandomStream } from './sim/random.ts';
export { cumulative, pick } from './sim/discrete.ts';
export { IdSet } from './sim/id-set.ts';
export { externalRunner, regress } from './sim/regress.ts';
export { integrate, type Trajectory } from './fluid/integrate.ts';
export { positivePartRoot } from './fluid/piecewise-linear.ts';

// Product forms of closed networks (normalizing constants by convolution, float log-scaled and exact).
export {
  emptyProbabilities,
  emptyProbabilitiesExact,
  logWeight,
  normalizingConstantsExact,
  normalizingConstantsLog,
  productFormLaw,
  weightExact,
  type ClosedNetwork,
} from './productform/index.ts';

// The refined mean field (1/N and 1/N^2 terms) and extrapolation in N.
export { atN, refinedExpansion } from './meanfield/refined.ts';
export { fittedExponent, richardsonVA } from './meanfield/richardson.ts';

// Parametric solves: metrics as exact rational functions of one rate, and their sign on intervals.
export {
  solveParametric,
  type ParametricEvidence,
  type ParametricMetrics,
  type ParametricOptions,
  type ParametricResult,
} from './parametric/solve-parametric.ts';
export { familyChainAt, rateParameters } from './parametric/family-parameter.ts';
export { OutsideDomain } from './parametric/parametric-chain.ts';
export { decideSign, type OpenInterval, type SignClaim, type SignDecision } from './parametric/interval.ts';
/** Arithmetic on rational functions (add, difference, product, quotient, derivativeOf, constant, identity, evaluate, formatFunction, functionJson). */
export * as rationalFunction from './parametric/rational-function.ts';
export type { RationalFunction } from './parametric/rational-function.ts';

// Claims.
export type { ClaimParameters, Property, RunContext } from './check/property.ts';
/** Results, a union on the verdict (a refuted one carries its counterexample), and counterexamples, a union on their kind. */
export type { DecidedResult, FailedReplay, PassedReplay, PropertyResult, RefutedResult, ReplayResult, UndecidedReplay, UnknownResult } from './check/result.ts';
export {
  balanceCounterexample,
  caseCounterexample,
  pointCounterexample,
  type BalanceCounterexample,
  type CaseCounterexample,
  type ConvergenceCounterexample,
  type Counterexample,
  type CounterexampleKind,
  type FlaggedComparison,
  type PointCounterexample,
  type RegressionCounterexample,
  type SmtRefutation,
  type TraceCounterexample,
} from './check/counterexample.ts';
export { Inconclusive, runGenerated, type GeneratedOptions } from './check/generated.ts';
export { casesVerdict, forCases, type CaseOutcome, type CasesSummary, type ForCasesSpec } from './check/cases.ts';
export {
  claimParameters,
  convergesInN,
  couplingOrder,
  decidePoint,
  defineClaim,
  evidenceOf,
  familyParameters,
  forAll,
  viewsAgree,
  type ClaimInfo,
  type ConvergesSpec,
  type CouplingOrderSpec,
  type ForAllSpec,
  type PointCheck,
  type PointClaim,
  type ViewsAgreeSpec,
} from './check/define.ts';
export { monotoneAlong, type MonotoneSpec, type MonotoneValue } from './check/monotone.ts';
export { Tally, type Fold, type Folds } from './check/tally.ts';
export {
  exactMetrics,
  observedOrder,
  round,
  scalarMetric,
  solveEvidence,
  solveSequence,
  solveTrusted,
  vectorMetric,
  type FiniteNSolve,
} from './check/solving.ts';
export { distance, settle, settlesWithin, type SettlesSpec } from './check/fluid-settle.ts';
export { readTrace, traceCounterexample, traceReplay, type TraceCase, type TraceSpec } from './check/trace-claim.ts';
export { flaggedComparisons, regressEvidence, regressionCounterexample, simulatorRegression, type SimulatorRegressionSpec } from './check/regress-claim.ts';
export { claimProperty as z3Claim } from './check/claim-property.ts';
export { decideClaim, type Confirmation, type Query, type SmtClaim } from './smt/claim.ts';
export { and, evalTerm, holds, ite, max, min, num, or, pos, product, sum, variable, type Assignment, Prop, Term } from './smt/expr.ts';
export {
  atMost,
  noJoint,
  runCoupled,
  traceSteps,
  type Comparison,
  type CoupledSystem,
  type Coupling,
  type JointCounters,
  type Order,
  type Quantity,
  type TraceStep,
} from './coupling/coupled-run.ts';
export { nondecreasingAlong } from './coupling/orders.ts';
/** Common random numbers of a coupled trace: uniforms as cells of a grid, shrinkable by fast-check. */
export { categorical, formatUniform, UNIFORM_CELLS, uniformArbitrary, uniformIndex, uniformValue, type Uniform } from './coupling/trace.ts';
export {
  deltaCounter,
  describeQueueEvent,
  orderedQueues,
  queueEventDraws,
  tailDistance,
  type Delta,
  type QueueEvent,
  type QueueState,
} from './coupling/ordered-queues.ts';

/** fast-check, the same instance lbcheck runs claims with (a user's project need not install it). */
export { default as fc } from 'fast-check';
