/**
 * JSQ(d) mean field [P2] (THEORY section 4): s_i = lambda^{(d^i - 1)/(d - 1)} is an
 * equilibrium of ds_i/dt = lambda (s_{i-1}^d - s_i^d) - (s_i - s_{i+1}), s_0 = 1; the mean
 * sojourn T_d = sum_{i>=1} s_i / lambda decreases in d and stays below 1/(1 - lambda).
 *
 * Exponentials are kept out of Z3 as follows, and the rest is a two-line induction:
 * 1. exponent: e_i = (d^i - 1)/(d - 1) satisfies e_{i+1} = 1 + d e_i (with D = d^i, for
 *    every real d > 1), so s_i = lambda^{e_i} is the recurrence s_1 = lambda, s_{i+1} = lambda s_i^d.
 * 2. equilibrium (each fixed d): any a in [0, 1] with b = lambda a^d, c = lambda b^d gives
 *    lambda (a^d - b^d) = b - c, so the recurrence solves equation i for every i >= 1.
 *    This is an identity by construction (lambda a^d - lambda b^d = b - c term by term);
 *    Z3 only confirms the algebra. What Z3 has to decide is the tail: for
 *    0 < a <= lambda < 1, 0 < lambda a^d <= lambda^d a (a^{d-1} <= lambda^{d-1}), so
 *    s_{i+1} <= lambda^d s_i: the s_i fall geometrically and T_d is finite.
 * 3. monotonicity (each fixed d, d = 1 being random routing s_i = lambda^i, T_1 = 1/(1 - lambda)):
 *    0 < a <= b <= lambda < 1 implies 0 < lambda a^{d+1} < lambda b^d <= lambda. From
 *    s_1 = lambda for every d, induction gives s_i^{(d+1)} < s_i^{(d)} for i >= 2, hence
 *    T_{d+1} < T_d <= T_1 = 1/(1 - lambda).
 */
import { and, z3Claim, num, type Query, type SmtClaim, variable } from 'lbcheck';

const lambda = variable('lambda');
const a = variable('a');
const b = variable('b');
const load = [lambda.gt(0), lambda.lt(1)];

function exponentQuery(): Query {
  const d = variable('d');
  const D = variable('D'); // d^i
  return {
    name: 'exponent: (d D - 1)/(d - 1) = 1 + d (D - 1)/(d - 1) for all d > 1 (D = d^i)',
    hypotheses: [d.gt(1)],
    conclusion: d
      .mul(D)
      .sub(1)
      .div(d.sub(1))
      .eq(num(1).add(d.mul(D.sub(1)).div(d.sub(1)))),
  };
}

function equilibriumQuery(d: number): Query {
  const next = lambda.mul(a.pow(d)); // s_i from s_{i-1} = a
  const after = lambda.mul(next.pow(d)); // s_{i+1}
  return {
    name: `equilibrium, d = ${d} (an identity by construction): lambda (s_{i-1}^d - s_i^d) = s_i - s_{i+1} along s_{i+1} = lambda s_i^d`,
    hypotheses: [...load, a.ge(0), a.le(1)],
    conclusion: lambda.mul(a.pow(d).sub(next.pow(d))).eq(next.sub(after)),
  };
}

function tailQuery(d: number): Query {
  const next = lambda.mul(a.pow(d));
  return {
    name: `tail, d = ${d}: 0 < s_i <= lambda gives 0 < s_{i+1} <= lambda^${d} s_i (geometric decay)`,
    hypotheses: [...load, a.gt(0), a.le(lambda)],
    conclusion: and(next.gt(0), next.le(lambda.pow(d).mul(a))),
  };
}

function monotoneQuery(d: number): Query {
  const faster = lambda.mul(a.pow(d + 1));
  const slower = lambda.mul(b.pow(d));
  return {
    name: `sojourn decreases from d = ${d} to ${d + 1}: 0 < a <= b <= lambda gives 0 < lambda a^${d + 1} < lambda b^${d} <= lambda`,
    hypotheses: [...load, a.gt(0), a.le(b), b.le(lambda)],
    conclusion: and(faster.gt(0), faster.lt(slower), slower.le(lambda)),
  };
}

export const powerOfDFixedPointClaim: SmtClaim = {
  id: 'power-of-d-fixed-point',
  statement:
    'JSQ(d) mean field, 0 < lambda < 1, d = 2..n (n: the largest d decided): ' +
    's_i = lambda^{(d^i-1)/(d-1)} solves the equilibrium equations for every i >= 1 ' +
    '(given the exponent recurrence, an identity by construction) and falls geometrically, s_{i+1} <= lambda^d s_i; ' +
    'the mean sojourn sum_i lambda^{(d^i-d)/(d-1)} decreases from d to d + 1 for d = 1..n-1 and stays below 1/(1 - lambda)',
  source: 'P2 (mean-field fixed point of JSQ(d)); docs/THEORY.md §4',
  sizeRange: { meaning: 'largest d, n', min: 2, max: 8 },
  encoding:
    'exponent identity for every real d > 1; equilibrium as a one-step identity along s_{i+1} = lambda s_i^d for each d = 2..n ' +
    '(all i at once; an identity by construction, Z3 confirms the algebra); tail 0 < a <= lambda => lambda a^d <= lambda^d a for each d = 2..n; ' +
    'monotonicity as the induction step s_i^(d+1) <= s_i^(d) => s_{i+1}^(d+1) < s_{i+1}^(d) for d = 1..n-1 ' +
    '(d = 1: random routing, T = 1/(1 - lambda)); the induction and the sum over i are by hand',
  queries(largestD) {
    const ds = Array.from({ length: largestD - 1 }, (_, k) => k + 2);
    return [exponentQuery(), ...ds.map(equilibriumQuery), ...ds.map(tailQuery), ...ds.map((d) => monotoneQuery(d - 1))];
  },
};

export const provePowerOfDFixedPoint = z3Claim(powerOfDFixedPointClaim, { sizes: [3, 4], expected: 'proved' });
