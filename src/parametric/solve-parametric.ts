/**
 * `lbcheck solve <family> --param x`: every metric of a chain as an exact
 * rational function of one rate parameter, in lowest terms, with evidence.
 *
 * Route: rates and rewards as polynomials in x (parametric-chain.ts), the
 * stationary law as polynomials P_i(x) verified by pi(x) Q(x) = 0 in Z[x]
 * (stationary-polynomials.ts), then each metric E[reward] = sum_i r_i(x) P_i(x) /
 * sum_i P_i(x) (or E[reward] / E[per]) exactly, reduced (rational-function.ts).
 */
import type { Rational } from '../core/rational.ts';
import { gather } from '../ctmc/metrics.ts';
import type { Chain } from '../ctmc/solve-chain.ts';
import { fitParametricChain, ParametricUnknown, type ParametricMetric } from './parametric-chain.ts';
import { addScaledInto, trim, type IntPoly } from './polynomial.ts';
import { reduce, type RationalFunction } from './rational-function.ts';
import { stationaryPolynomials } from './stationary-polynomials.ts';

export interface ParametricOptions {
  /** Largest accepted degree bound (n - 1) * delta on the stationary polynomials (default 1000). */
  maxDegree?: number;
  /** Give up (`unknown`) after this long (default 300 s). */
  maxSeconds?: number;
  onProgress?: (what: string) => void;
}

export interface ParametricEvidence {
  states: number;
  transitions: number;
  /** Largest degree in x of a rate. */
  rateDegree: number;
  /** Proven bound (n - 1) * rateDegree on the degrees of pi_i / pi_0, and the largest degree of the polynomials P_i found (pi_i ~ P_i). */
  degreeBound?: number;
  lawDegree?: number;
  /** Evaluation points per prime, and primes (one GTH reduction per point and prime). */
  points?: number;
  primes?: number;
  /** The values of x the rates were interpolated at. */
  fitPoints: string[];
  /** How the answer was verified. */
  verified?: string;
  seconds: number;
}

export type ParametricMetrics = Record<string, RationalFunction | RationalFunction[]>;

export type ParametricResult =
  | { status: 'solved'; parameter: string; metrics: ParametricMetrics; evidence: ParametricEvidence }
  | { status: 'unknown'; parameter: string; reason: string; evidence: ParametricEvidence };

const DEFAULT_MAX_DEGREE = 1000;
const DEFAULT_MAX_SECONDS = 300;

function expectation(polys: IntPoly[], T: IntPoly[]): IntPoly {
  const len = Math.max(1, ...T.map((t) => t.length)) + Math.max(1, ...polys.map((r) => r.length));
  const acc = new Array<bigint>(len).fill(0n);
  for (let i = 0; i < T.length; i++) addScaledInto(acc, T[i], polys[i]);
  return trim(acc);
}

/** E_pi[reward] (or E[reward] / E[per]) as a reduced rational function. */
function metricFunction(m: ParametricMetric, T: IntPoly[]): RationalFunction {
  const A = expectation(m.rewards, T);
  const S = m.pers
    ? expectation(m.pers, T)
    : expectation(
        T.map(() => [1n]),
        T,
      );
  return reduce(
    A.map((c) => c * m.perScale),
    S.map((c) => c * m.rewardScale),
  );
}

/**
 * The metrics of `chainAt(x)` as rational functions of x. `chainAt` builds the
 * chain at a value of the parameter (UsageError for invalid values); UsageError
 * when x changes the state space; `unknown` when a rate is not a low-degree
 * polynomial in x, the degree bound is past the limit, or time runs out.
 */
export function solveParametric(parameter: string, chainAt: (x: Rational) => Chain, opts: ParametricOptions = {}): ParametricResult {
  const start = performance.now();
  const seconds = (): number => (performance.now() - start) / 1000;
  let base: Omit<ParametricEvidence, 'seconds'> | undefined;
  try {
    const pc = fitParametricChain(chainAt);
    const g = pc.structure;
    base = { states: g.n, transitions: g.rowPtr[g.n], rateDegree: pc.rateDegree, fitPoints: pc.fitPoints.map((x) => x.toFraction()) };
    const law = stationaryPolynomials(pc, {
      maxDegree: opts.maxDegree ?? DEFAULT_MAX_DEGREE,
      deadline: start + 1000 * (opts.maxSeconds ?? DEFAULT_MAX_SECONDS),
      onProgress: opts.onProgress,
    });
    const metrics = gather(
      pc,
      pc.metrics.map((m) => metricFunction(m, law.P)),
    );
    const evidence = {
      ...base,
      degreeBound: law.degreeBound,
      lawDegree: law.degree,
      points: law.points,
      primes: law.primes,
      verified: 'sum_i P_i(x) q_ij(x) = 0 for every state j, as an identity in Z[x]; each metric U/V checked by U S = V A in Z[x] and coprime mod a prime',
      seconds: seconds(),
    };
    return { status: 'solved', parameter, metrics, evidence };
  } catch (e) {
    if (!(e instanceof ParametricUnknown)) throw e;
    const evidence = { ...(base ?? { states: 0, transitions: 0, rateDegree: 0, fitPoints: [] }), seconds: seconds() };
    return { status: 'unknown', parameter, reason: e.message, evidence };
  }
}
