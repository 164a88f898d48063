/**
 * `npm run bench -- families`: exact finite-N CTMCs of the queueing families,
 * solved the way `lbcheck solve` does it (K grown until the boundary mass is
 * below 1e-12), one JSON line per case: states, K, boundary mass, residual,
 * wall and CPU seconds of the whole solve (every K tried, exploring included).
 *
 * To add a family or a size, add a case to `familyCases`. Each case runs in a
 * process of its own (bench/family-case.ts).
 *
 * Loads: the finite-N tails are far heavier than the mean-field ones, so the K
 * a 1e-12 boundary needs is what limits N. JSQ(2) at N = 40 within 1e-12 needs
 * K = 5 (C(45, 5) = 1.2 million states) already at lambda = 3/20; at lambda = 1/2
 * N = 30 would need K >= 7 (10 million states). JIQ queueing R = 2 at N = 10
 * needs K = 10 (353 thousand states) at lambda = 1/10; its tail shrinks only
 * by about 20x per level there.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ModelFamily } from '../src/core/model.ts';
import type { ParamSpecs } from '../src/core/params.ts';
import { solveModel, type Method } from '../src/ctmc/solve.ts';
import { trusted } from '../src/ctmc/solve-chain.ts';
import { affinity } from '../models/affinity.ts';
import { heteroPs } from '../models/hetero-ps.ts';
import { jiqQueueing } from '../models/jiq-queueing.ts';
import { jsqD } from '../models/jsq-d.ts';
import { emit, round, timed } from './measure.ts';

export interface FamilyCase {
  readonly family: ModelFamily<ParamSpecs, unknown>;
  readonly params: Record<string, string>;
  /** Default 'iterative': `auto` would pick the exact solver for the smallest chains, whose rationals grow to thousands of digits. */
  readonly method?: Method;
  /** The metric printed next to the figures. */
  readonly headline: string;
  /** Largest trusted boundary mass (default DEFAULT_BOUNDARY_TOLERANCE, 1e-12). */
  readonly boundaryTolerance?: number;
}

const family = <S extends ParamSpecs, P>(f: ModelFamily<S, P>): ModelFamily<ParamSpecs, unknown> => f as unknown as ModelFamily<ParamSpecs, unknown>;

export const familyCases: FamilyCase[] = [
  ...[10, 20, 30, 40].map((N) => ({ family: family(jsqD), params: { N: String(N), lambda: '3/20', d: '2' }, headline: 'meanSojourn' })),
  ...[4, 6, 8, 10].map((N) => ({ family: family(jiqQueueing), params: { N: String(N), lambda: '1/10', alpha: '3/5,2/5' }, headline: 'waitProbability' })),
  // hetero-ps: N = 4 at 2/3 and 1/3 of capacity; N = 6; N = 3 just below its SQ(2) bound 2 (K > 100).
  { family: family(heteroPs), params: { servers: '2,2', rates: '2,1', lambda: '1', policy: 'sq2' }, headline: 'meanSojourn' },
  { family: family(heteroPs), params: { servers: '2,2', rates: '2,1', lambda: '1', policy: 'hybrid', mix: '1/2' }, headline: 'meanSojourn' },
  { family: family(heteroPs), params: { servers: '2,2', rates: '2,1', lambda: '1/2', policy: 'static' }, headline: 'meanSojourn' },
  { family: family(heteroPs), params: { servers: '3,3', rates: '2,1', lambda: '1/2' }, headline: 'meanSojourn' },
  { family: family(heteroPs), params: { servers: '2,1', rates: '1,16', lambda: '7/4' }, headline: 'meanSojourn' },
  { family: family(affinity), params: { servers: '1,1', lambda: '1/2,3/4', mu2: '1/4' }, headline: 'secondaryFraction' },
  { family: family(affinity), params: { servers: '2,2', lambda: '1/2,1/2', d1: '2', d2: '2' }, headline: 'secondaryFraction' },
];

/**
 * The floors of the family solves: the loads researchers simulate at (lambda = 0.9), each with
 * the floor it must meet (whole solve, automatic truncation). hetero-ps: 2 servers
 * of capacity 2 and 2 of capacity 1 at 0.9 of the total capacity 6, lambda N =
 * 27/5 (its SQ(2) bound at this N is the full capacity, lambda < 3/2). affinity:
 * measured, no floor (the projection with twin groups lumped: 2,518,990 states,
 * frontier 1.4e-13, 102 CPU s; the K search refused it at 1.07e9 states).
 */
export const floorCases: FamilyCase[] = [
  ...[4, 6].map((N) => ({ family: family(jsqD), params: { N: String(N), d: '2', lambda: '9/10' }, headline: 'meanSojourn' })),
  { family: family(jsqD), params: { N: '10', d: '2', lambda: '9/10' }, headline: 'meanSojourn', boundaryTolerance: 1e-10 },
  { family: family(jsqD), params: { N: '8', d: '8', lambda: '9/10' }, headline: 'meanSojourn' },
  { family: family(jiqQueueing), params: { N: '6', lambda: '9/10', alpha: '3/5,2/5' }, headline: 'waitProbability' },
  { family: family(heteroPs), params: { servers: '2,2', rates: '2,1', lambda: '27/20', policy: 'sq2' }, headline: 'meanSojourn' },
  { family: family(affinity), params: { servers: '2,2', lambda: '9/10,9/10', d1: '2', d2: '2' }, headline: 'secondaryFraction' },
];

export function runCase(c: FamilyCase): void {
  const params = c.family.parse(c.params);
  const method = c.method ?? 'iterative';
  const onProgress = (what: string): void => {
    if (what.startsWith('truncation')) process.stderr.write(`${c.family.id}: ${what}\n`);
  };
  const r = timed(() =>
    solveModel(c.family, params, { method, onProgress, ...(c.boundaryTolerance !== undefined ? { boundaryTolerance: c.boundaryTolerance } : {}) }),
  );
  const e = r.value.evidence;
  emit({
    case: `${c.family.id} ${Object.entries(c.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
    method: e.method,
    K: e.truncation?.K,
    states: e.states,
    transitions: e.transitions,
    boundaryMass: e.truncation && Number(e.truncation.boundaryMass.toPrecision(3)),
    withinTolerance: e.truncation?.withinTolerance,
    kind: e.truncation?.kind,
    trusted: trusted(e),
    stopped: e.truncation?.stopped,
    residual: Number(e.residual.toPrecision(3)),
    iterations: e.iterations,
    converged: e.converged,
    lastSolveSeconds: round(e.solveSeconds ?? e.seconds),
    seconds: round(r.seconds),
    cpuSeconds: round(r.cpuSeconds),
    [c.headline]: r.value.metrics[c.headline],
  });
}

/** Every case, by its index here: bench/family-case.ts runs one. */
export const allFamilyCases = [...familyCases, ...floorCases];

/**
 * Each case in a process of its own (bench/family-case.ts), as `lbcheck solve`
 * runs it: in one process the later large cases ran some 20 % slower than
 * their own commands (a heap and page cache the earlier cases left behind).
 */
function runIsolated(cases: readonly FamilyCase[]): void {
  const script = fileURLToPath(new URL('./family-case.ts', import.meta.url));
  for (const c of cases) {
    const index = allFamilyCases.indexOf(c);
    const r = spawnSync(process.execPath, [...process.execArgv, script, String(index)], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`bench case ${index} (${c.family.id}) exited with ${r.status ?? r.signal}`);
  }
}

export function familiesSuite(): void {
  runIsolated(allFamilyCases);
}

/** Only the floor cases (`npm run bench -- families-floors`). */
export function familyFloorsSuite(): void {
  runIsolated(floorCases);
}
