/**
 * Heterogeneous SQ(2) loses stability region [P3] (THEORY section 5), seen on
 * the finite-N chain: cut the queues at K and watch the stationary mass on the
 * cut as K grows. A stable chain's boundary mass vanishes geometrically; an
 * unstable one keeps a fixed share of its mass at the cut (its slow queues sit
 * there, their mean growing like K).
 *
 * Choice of N and load. The mean-field bound is an N -> infinity statement; at
 * finite N the bound is the subset condition (models/hetero-ps/stability.ts
 * (1)). N = 3 is the smallest N where SQ(2) can lose region (at N = 2 it samples
 * both servers: JSQ). With two servers of capacity 1 and one of 16 (full
 * capacity 6 per server), both samples hit the slow pair with probability 1/3
 * at N = 3 (4/9 in the mean field), so SQ(2) is unstable above lambda = 2 at
 * N = 3 and above 3/2 in the mean field (shown; stability below those bounds is
 * the assumed converse, which the stable cases here test). lambda = 3 lies above
 * both and below full capacity: sq2 must be unstable, static (rho = 1/2) stable,
 * hybrid unstable unless its static share exceeds 1/2 (stability.ts (3)) and, by
 * the converse, stable when it does. sq2 at lambda = 7/4 sits
 * between the two bounds: stable at N = 3 although the mean-field bound says
 * unstable (the finite-N chain is not the mean field). At lambda = 9/2 the
 * hybrid needs a share above 5/6: the share 3/4 that carried lambda = 3 no
 * longer does, 19/20 does (no fixed share below 1 carries every load below
 * capacity).
 *
 * Decision per case, from the boundary masses m(K) at K = 4, 8, 12, 16 and the
 * slow servers' mean queue q(K): stable if m strictly decreases and
 * m(16) <= m(4)/20; unstable if m(16) >= 1/10 and q still grows by at least
 * half a job per added level from K = 12 to 16 (a stable q converges);
 * anything else, or a GTH residual above 1e-10, is unknown.
 */
import { type CaseOutcome, forCases, Fraction, metricsOf, type Rational, ratString, solveModel } from 'lbcheck';
import { heteroPs, type HeteroPsParams, meanFieldBound, stabilityBound } from 'lbcheck/models';

const KS = [4, 8, 12, 16];
const SYSTEM = { servers: '2,1', rates: '1,16' };
const CASES: Record<string, string>[] = [
  { lambda: '3', policy: 'sq2' },
  { lambda: '3', policy: 'static' },
  { lambda: '3', policy: 'hybrid', mix: '3/4' },
  { lambda: '3', policy: 'hybrid', mix: '1/4' },
  { lambda: '7/4', policy: 'sq2' },
  { lambda: '9/2', policy: 'hybrid', mix: '3/4' },
  { lambda: '9/2', policy: 'hybrid', mix: '19/20' },
];

type Behaviour = 'stable' | 'unstable' | 'undecided';

const sig = (x: number): number => Number(x.toPrecision(3));

function observe(masses: number[], slowQueue: number[]): Behaviour {
  const last = masses.length - 1;
  const decreasing = masses.every((m, i) => i === 0 || m < masses[i - 1]);
  if (decreasing && masses[last] <= masses[0] / 20) return 'stable';
  const growth = (slowQueue[last] - slowQueue[last - 1]) / (KS[last] - KS[last - 1]);
  if (masses[last] >= 0.1 && growth >= 0.5) return 'unstable';
  return 'undecided';
}

/** A case passes when it behaves as predicted; one observed neither way is undecided. */
function runCase(raw: Record<string, string>): CaseOutcome {
  const at = (K: number): HeteroPsParams => heteroPs.parse({ ...SYSTEM, ...raw, K: String(K) });
  const p = at(KS[0]);
  const bound = stabilityBound(p).lambda;
  const solves = KS.map((K) => solveModel(heteroPs, at(K), { method: 'gth' }));
  const masses = solves.map((s) => s.evidence.truncation!.boundaryMass);
  const slowQueue = solves.map((s) => metricsOf(heteroPs, s.metrics).classMeanJobs[0]);
  const residual = Math.max(...solves.map((s) => s.evidence.residual));
  const predicted: Behaviour = p.lambda.compare(bound) < 0 ? 'stable' : 'unstable';
  const observed = residual <= 1e-10 ? observe(masses, slowQueue) : 'undecided';
  const mf: Rational = meanFieldBound(p);
  return {
    ok: observed === predicted,
    ...(observed === 'undecided' ? { undecided: `undecided at K <= ${KS[KS.length - 1]}` } : {}),
    record: {
      ...raw,
      boundN3: ratString(bound),
      boundMeanField: ratString(mf),
      fullCapacity: ratString(stabilityBound(p, new Fraction(1)).lambda),
      predicted,
      observed,
      K: KS,
      boundaryMass: masses.map(sig),
      slowMeanJobs: slowQueue.map(sig),
      states: solves[solves.length - 1].evidence.states,
      maxResidual: sig(residual),
    },
  };
}

export const heteroSq2Instability = forCases({
  id: 'hetero-sq2-instability',
  claim:
    'hetero-ps, N = 3 (two servers of capacity 1, one of 16; capacity 6 per server): at lambda = 3, ' +
    'between the SQ(2) bounds (N = 3: 2, mean field: 3/2) and capacity, ' +
    'sq2 is unstable (boundary mass does not vanish as K grows) while static and hybrid with mix 3/4 are stable; ' +
    'hybrid with mix 1/4 (below its threshold 1/2) is unstable; ' +
    'sq2 at lambda = 7/4 (between the mean-field and N = 3 bounds) is stable at N = 3; at lambda = 9/2 hybrid needs mix > 5/6: 3/4 is unstable, 19/20 stable',
  source: 'P3 (SQ(2) stability region), docs/THEORY.md §5; finite-N subset condition (derived, models/hetero-ps/stability.ts)',
  method: 'GTH on the truncated lumped CTMC, K = 4, 8, 12, 16',
  expected: 'holds',
  cases: CASES,
  check: runCase,
  summary: {
    holds:
      `all ${CASES.length} cases behave as the N = 3 subset condition says: sq2 and hybrid(1/4) unstable at lambda = 3, static and hybrid(3/4) stable; ` +
      'sq2 stable at 7/4; at 9/2 hybrid(3/4) unstable, hybrid(19/20) stable',
    refuted: (n) => `${n} case(s) behave against the subset condition`,
    unknown: (n, why) => `${n} case(s) ${why}`,
  },
});
