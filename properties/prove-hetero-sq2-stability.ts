/**
 * Heterogeneous SQ(2) [P3] (THEORY section 5, derived): with classes sorted by
 * capacity C_1 <= ... <= C_M, fractions gamma_j, G_k = sum_{j<=k} gamma_j C_j and
 * g_k = sum_{j<=k} gamma_j, uniform SQ(2) is stable only below
 *   L = min_k G_k / g_k^2.
 * Parts: (a) the minimum over class prefixes equals the minimum over all class
 * subsets S (f(S) = G_S / g_S^2): directly, subset by subset, for M <= 3, and for
 * every M through an exchange lemma: for j not in S, k in S with C_j <= C_k,
 *   f(S + j) <= f(S) or f(S - k) <= f(S)   (S - k nonempty).
 * With j the smallest class missing from S and k the largest in S, either move
 * lowers the number of pairs (j' not in S, k' in S, j' < k'), so repeated moves
 * reach a prefix without raising f (this induction is by hand); (b) L <= full capacity C = sum_j gamma_j C_j, with
 * equality when all capacities are equal; (c) L < C iff some proper prefix k < M
 * has G_k < g_k^2 C; (d) for M = 2 that is C_2 / C_1 > 1 + 1/gamma_1.
 * L is stated without division: L g_k^2 <= G_k for every k, with equality for some k.
 */
import { z3Claim, or, type Prop, type Query, type SmtClaim, sum, type Term, variable } from 'lbcheck';

/** The exchange lemma of part (a), over abstract sums: S has mass m and capacity P. */
function exchangeLemma(): Query {
  const [m, P, c, gj, Cj, gk, Ck] = ['m', 'P', 'c', 'gj', 'Cj', 'gk', 'Ck'].map(variable);
  return {
    name: 'exchange lemma (every M): f(S + j) <= f(S) or f(S - k) <= f(S) when C_j <= C_k',
    hypotheses: [gj.gt(0), gk.gt(0), Ck.gt(0), Cj.gt(0), Cj.le(Ck), m.ge(gk), m.add(gj).le(1), P.ge(gk.mul(Ck)), c.mul(m.pow(2)).eq(P)],
    conclusion: or(P.add(gj.mul(Cj)).le(c.mul(m.add(gj).pow(2))), m.gt(gk).and(P.sub(gk.mul(Ck)).le(c.mul(m.sub(gk).pow(2))))),
  };
}

/** Subsets are enumerated directly up to this many classes (Z3 needs > 10 s on some at M = 4). */
const DIRECT_SUBSETS_UP_TO = 3;

function symbols(M: number): { gamma: Term[]; C: Term[]; L: Term } {
  const list = (name: string): Term[] => Array.from({ length: M }, (_, j) => variable(`${name}${j + 1}`));
  return { gamma: list('gamma'), C: list('C'), L: variable('L') };
}

export const heteroSq2StabilityClaim: SmtClaim = {
  id: 'hetero-sq2-stability',
  statement:
    'Heterogeneous SQ(2), classes sorted by capacity: L = min_k G_k/g_k^2 over class prefixes equals the minimum of G_S/g_S^2 over all class subsets S; ' +
    'L <= sum_j gamma_j C_j with equality for equal capacities; ' +
    'L is below full capacity iff some proper prefix has G_k < g_k^2 sum_j gamma_j C_j (M = 2: iff C_2/C_1 > 1 + 1/gamma_1)',
  source: 'P3 (stability region of SQ(2)); docs/THEORY.md §5 (derived)',
  sizeRange: { meaning: 'server classes M', min: 2, max: 5 },
  encoding:
    'for all gamma > 0 (sum 1) and 0 < C_1 <= ... <= C_M; L defined by L g_k^2 <= G_k for all prefixes k with equality for one; ' +
    'part (a) by the exchange lemma (abstract sums, every M; the induction to a prefix by hand) and, for M <= 3, ' +
    'one query per class subset that is not a prefix',
  queries(M) {
    const { gamma, C, L } = symbols(M);
    const mass = (S: number[]): Term => sum(S.map((j) => gamma[j]));
    const cap = (S: number[]): Term => sum(S.map((j) => gamma[j].mul(C[j])));
    const prefix = (k: number): number[] => Array.from({ length: k }, (_, j) => j);
    const bound = (S: number[]): Prop => L.mul(mass(S).pow(2)).le(cap(S));
    const full = cap(prefix(M));
    const setting = [
      ...gamma.map((g) => g.gt(0)),
      sum(gamma).eq(1),
      C[0].gt(0),
      ...C.slice(1).map((c, j) => C[j].le(c)),
      ...Array.from({ length: M }, (_, k) => bound(prefix(k + 1))),
      or(...Array.from({ length: M }, (_, k) => L.mul(mass(prefix(k + 1)).pow(2)).eq(cap(prefix(k + 1))))),
    ];
    const subsets = Array.from({ length: 2 ** M - 1 }, (_, m) => prefix(M).filter((j) => ((m + 1) >> j) & 1));
    const notPrefix = M <= DIRECT_SUBSETS_UP_TO ? subsets.filter((S) => S[S.length - 1] !== S.length - 1) : [];
    const queries: Query[] = [
      exchangeLemma(),
      ...notPrefix.map((S) => ({ name: `min over prefixes <= G_S/g_S^2, S = {${S.map((j) => j + 1).join(',')}}`, hypotheses: setting, conclusion: bound(S) })),
      { name: 'L <= full capacity', hypotheses: setting, conclusion: L.le(full) },
      { name: 'L = full capacity when all capacities are equal', hypotheses: [...setting, ...C.slice(1).map((c) => c.eq(C[0]))], conclusion: L.eq(full) },
      {
        name: 'L < full capacity iff a proper prefix k has G_k < g_k^2 C',
        hypotheses: setting,
        conclusion: L.lt(full).iff(
          or(
            ...Array.from({ length: M - 1 }, (_, k) =>
              cap(prefix(k + 1)).lt(
                mass(prefix(k + 1))
                  .pow(2)
                  .mul(full),
              ),
            ),
          ),
        ),
      },
    ];
    if (M === 2) {
      queries.push({
        name: 'M = 2: L < full capacity iff C_2/C_1 > 1 + 1/gamma_1',
        hypotheses: setting,
        conclusion: L.lt(full).iff(gamma[0].mul(C[1]).gt(gamma[0].add(1).mul(C[0]))),
      });
    }
    return queries;
  },
};

export const proveHeteroSq2Stability = z3Claim(heteroSq2StabilityClaim, { sizes: [2, 3, 4], expected: 'proved' });
