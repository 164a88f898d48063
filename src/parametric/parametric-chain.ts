/**
 * A chain whose rates and rewards are polynomials in one parameter x, read off
 * a black-box `chainAt(x)` (a family at fixed other parameters). The chain is
 * explored exactly at FIT_POINTS values of x; the states and transitions must be
 * the same at all of them, and every rate and reward is interpolated there.
 *
 * What this proves: if each rate and reward is a polynomial of degree below
 * FIT_POINTS in x (every family here is affine in its rates: alpha_r lambda N,
 * n_0 beta_r, nu n_r / R), the interpolant through FIT_POINTS values is that
 * polynomial exactly. Interpolants of degree above MAX_RATE_DEGREE are refused
 * (a rate like 1/x or sqrt(x) shows up that way), which keeps the tree
 * polynomials' degree bound (n - 1) * MAX_RATE_DEGREE small.
 */
import { exactArith } from '../core/arith.ts';
import type { ChainDefinition } from '../core/model.ts';
import { UsageError } from '../core/errors.ts';
import { decodeInto } from '../core/mixed-radix.ts';
import { Fraction, ratString, type Rational } from '../core/rational.ts';
import { explore } from '../ctmc/explore/explore.ts';
import type { SparseGenerator } from '../ctmc/explore/generator.ts';
import type { Chain } from '../ctmc/solve-chain.ts';
import { clearDenominators, interpolateRational, type IntPoly } from './polynomial.ts';

/** Parameter values the chain is explored at: the hypothesis is rates of degree < FIT_POINTS. */
export const FIT_POINTS = 8;
/** Largest degree in x of a rate or reward that the parametric solve accepts. */
export const MAX_RATE_DEGREE = 3;

/** Candidate values of x, tried in order until FIT_POINTS of them are valid parameters. */
const CANDIDATES = ['1/2', '1/3', '2/3', '1/4', '3/4', '1/5', '2/5', '3/5', '4/5', '1/7', '5/7', '1', '2', '3', '5/2', '7/3', '4', '5', '9/2', '6'].map(
  (t) => new Fraction(t),
);

/** chainAt's answer for a value of x outside the parameter's domain (e.g. lambda >= 1 where the family needs lambda < 1): skipped. */
export class OutsideDomain extends UsageError {}

/** A parametric quantity that cannot be handled exactly (too high a degree, not polynomial): the answer is `unknown`. */
export class ParametricUnknown extends Error {}

export interface ParametricMetric {
  readonly name: string;
  readonly index?: number;
  /** Per state: reward(x) = rewards[i](x) / rewardScale. */
  readonly rewards: IntPoly[];
  readonly rewardScale: bigint;
  /** Ratio metrics E[reward] / E[per]: per(x) = pers[i](x) / perScale. */
  readonly pers?: IntPoly[];
  readonly perScale: bigint;
}

export interface ParametricChain {
  /** The structure, the same at every fit point (codes, rowPtr, col); its `rate` holds the chain at the first fit point. */
  readonly structure: SparseGenerator<Rational>;
  /** Rate of transition k at x: rates[k](x) / rateScale, integer coefficients. */
  readonly rates: IntPoly[];
  readonly rateScale: bigint;
  /** Largest degree in x of a rate (>= 1 unless no rate depends on x). */
  readonly rateDegree: number;
  readonly metrics: ParametricMetric[];
  /** The x values the chain was explored and interpolated at. */
  readonly fitPoints: Rational[];
}

function sameStructure(a: SparseGenerator<unknown>, b: SparseGenerator<unknown>): boolean {
  if (a.n !== b.n || a.rowPtr[a.n] !== b.rowPtr[b.n]) return false;
  for (let i = 0; i < a.n; i++) if (a.codes[i] !== b.codes[i] || a.rowPtr[i] !== b.rowPtr[i]) return false;
  for (let k = 0; k < a.rowPtr[a.n]; k++) if (a.col[k] !== b.col[k]) return false;
  return true;
}

/** Interpolates one quantity over the fit points; refuses degrees above MAX_RATE_DEGREE. */
function interpolate(xs: Rational[], ys: Rational[], what: () => string): Rational[] {
  const c = interpolateRational(xs, ys);
  if (c.length - 1 > MAX_RATE_DEGREE) {
    throw new ParametricUnknown(
      `${what()} is not a polynomial of degree <= ${MAX_RATE_DEGREE} in the parameter (its interpolant through ${xs.length} points has degree ${c.length - 1})`,
    );
  }
  return c;
}

function scaled(polys: Rational[][]): { polys: IntPoly[]; scale: bigint } {
  const { scale } = clearDenominators(polys.flat());
  return { polys: polys.map((c) => c.map((r) => (r.s * r.n * scale) / r.d)), scale };
}

/**
 * Explores chainAt at FIT_POINTS valid parameter values (those where chainAt
 * throws OutsideDomain are skipped) and interpolates rates and rewards.
 * UsageError when the state space or the transitions change with x.
 */
export function fitParametricChain(chainAt: (x: Rational) => Chain): ParametricChain {
  const xs: Rational[] = [];
  const gens: SparseGenerator<Rational>[] = [];
  const defs: ChainDefinition<Rational>[] = [];
  let lastRefusal = '';
  for (const x of CANDIDATES) {
    if (xs.length === FIT_POINTS) break;
    let chain: Chain;
    try {
      chain = chainAt(x);
    } catch (e) {
      if (!(e instanceof OutsideDomain)) throw e;
      lastRefusal = e.message;
      continue;
    }
    const def = chain(exactArith);
    const g = explore(def, exactArith);
    if (gens.length > 0 && !sameStructure(gens[0], g)) {
      throw new UsageError(
        `the parameter changes the chain's states or transitions (${gens[0].n} states at ${ratString(xs[0])}, ` +
          `${g.n} at ${ratString(x)}): it must be a rate, leaving the state space fixed`,
      );
    }
    xs.push(x);
    gens.push(g);
    defs.push(def);
  }
  if (xs.length < FIT_POINTS)
    throw new UsageError(`only ${xs.length} of ${CANDIDATES.length} trial values of the parameter are valid (${FIT_POINTS} needed): ${lastRefusal}`);
  const g0 = gens[0];
  const m = g0.rowPtr[g0.n];
  const rateFits: Rational[][] = [];
  for (let k = 0; k < m; k++) {
    rateFits.push(
      interpolate(
        xs,
        gens.map((g) => g.rate[k]),
        () => `the rate of transition ${k}`,
      ),
    );
  }
  const rates = scaled(rateFits);
  const digits = new Int32Array(g0.radices.length);
  const metrics: ParametricMetric[] = defs[0].metrics.map((metric, mi) => {
    const rewardFits: Rational[][] = [];
    const perFits: Rational[][] = [];
    for (let i = 0; i < g0.n; i++) {
      decodeInto(g0.codes[i], g0.radices, digits);
      const label = (): string => `metric ${metric.name}${metric.index ? `[${metric.index}]` : ''} at state ${defs[0].describe(digits)}`;
      rewardFits.push(
        interpolate(
          xs,
          defs.map((d) => d.metrics[mi].reward(digits)),
          label,
        ),
      );
      if (metric.per)
        perFits.push(
          interpolate(
            xs,
            defs.map((d) => d.metrics[mi].per!(digits)),
            label,
          ),
        );
    }
    const r = scaled(rewardFits);
    const per = metric.per ? scaled(perFits) : undefined;
    return {
      name: metric.name,
      ...(metric.index !== undefined ? { index: metric.index } : {}),
      rewards: r.polys,
      rewardScale: r.scale,
      ...(per ? { pers: per.polys } : {}),
      perScale: per?.scale ?? 1n,
    };
  });
  const rateDegree = Math.max(0, ...rates.polys.map((c) => c.length - 1));
  return { structure: g0, rates: rates.polys, rateScale: rates.scale, rateDegree, metrics, fitPoints: xs };
}
