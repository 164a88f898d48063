/**
 * The fluid fixed point of jiq-blocking is the N -> infinity limit of the exact
 * finite-N chain: blocking and busy fraction, key by key. Without exchange the
 * finite-N values come from the log-scaled product form (N = 10^2 .. 10^5); with
 * exchange (nu > 0, no product form) from the CTMC solved by GTH (N = 20 .. 160).
 * Passes when the distance to the fluid value shrinks at every step of N and the
 * order observed over the last doubling (or decade) is at least 0.4 (the limit may
 * be approached as slowly as 1/sqrt(N)), or the distance is already below 1e-9.
 */
import { type CaseOutcome, type EvidenceRecord, forCases, metricsOf, solveModel, trusted } from 'lbcheck';
import { jiqBlocking, type JiqBlockingParams, productFormBlocking } from 'lbcheck/models';

const MIN_ORDER = 0.4;
const METRICS = ['blocking', 'busyFraction'] as const;

interface Case {
  raw: Record<string, string>;
  sizes: number[];
}

const CASES: Case[] = [
  { raw: { lambda: '9/10', alpha: '3/5,2/5' }, sizes: [100, 1000, 10_000, 100_000] },
  { raw: { lambda: '3/2', alpha: '1/2,3/10,1/5' }, sizes: [100, 1000, 10_000, 100_000] },
  { raw: { lambda: '4/5', alpha: '1/2,1/2', beta: '7/10,3/10' }, sizes: [100, 1000, 10_000, 100_000] },
  { raw: { lambda: '9/10', alpha: '3/5,2/5', nu: '1/2' }, sizes: [20, 40, 80, 160] },
  { raw: { lambda: '1/2', alpha: '7/10,3/10', nu: '1/4' }, sizes: [20, 40, 80, 160] },
];

/** Finite-N blocking and busy fraction: product form without exchange, GTH on the chain with it. */
function finiteN(p: JiqBlockingParams): { values: Record<(typeof METRICS)[number], number>; trusted: boolean } {
  if (p.nu.n === 0n) {
    const pf = metricsOf(jiqBlocking, jiqBlocking.productForm!.metrics(p), ['busyFraction']);
    return { values: { blocking: productFormBlocking(p), busyFraction: pf.busyFraction }, trusted: true };
  }
  const s = solveModel(jiqBlocking, p, { method: 'gth' });
  const m = metricsOf(jiqBlocking, s.metrics);
  return { values: { blocking: m.blocking, busyFraction: m.busyFraction }, trusted: trusted(s.evidence) };
}

function checkCase(c: Case): CaseOutcome {
  const view = jiqBlocking.fluid!;
  const base = jiqBlocking.parse({ ...c.raw, N: '1' });
  const fluid = metricsOf(jiqBlocking, view.metrics(base, view.fixedPoint(base).state));
  const runs = c.sizes.map((N) => finiteN(jiqBlocking.parse({ ...c.raw, N: String(N) })));
  const record: EvidenceRecord = { ...c.raw, N: c.sizes };
  let ok = true;
  for (const m of METRICS) {
    const limit = fluid[m];
    const errors = runs.map((r) => Math.abs(r.values[m] - limit));
    const last = errors.length - 1;
    const order = Math.log(errors[last - 1] / errors[last]) / Math.log(c.sizes[last] / c.sizes[last - 1]);
    const shrinking = errors.every((e, i) => i === 0 || e < errors[i - 1]);
    ok &&= errors[last] <= 1e-9 || (shrinking && order >= MIN_ORDER);
    record[m] = { fluid: limit, finiteN: runs.map((r) => Number(r.values[m].toPrecision(8))), order: Number.isFinite(order) ? Number(order.toFixed(3)) : null };
  }
  const shaky = runs.filter((r) => !r.trusted).length;
  return { ok, record, ...(shaky > 0 ? { undecided: `${shaky} finite-N solves missed their residual tolerance` } : {}) };
}

export const fluidBlockingFiniteN = forCases({
  id: 'fluid-blocking-finite-n',
  claim:
    'jiq-blocking: the finite-N blocking and busy fraction converge to the fluid fixed point values as N grows (order >= 0.4), with and without token exchange',
  source: 'P1 Sec. IV (fluid limit); docs/THEORY.md §3',
  method: 'fluid fixed point (exact root) vs product form N = 1e2..1e5, GTH N = 20..160',
  expected: 'holds',
  cases: CASES,
  check: checkCase,
  summary: {
    holds: `${CASES.length} parameter points: the finite-N values approach the fluid fixed point`,
    refuted: (n) => `${n} parameter points do not approach the fluid fixed point`,
  },
  evidence: (cases) => ({ minOrder: MIN_ORDER, cases }),
});
