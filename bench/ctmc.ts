/**
 * `npm run bench -- ctmc`: the foundation's floors. jiq-blocking with
 * lambda = 9/10, alpha = 3/5,2/5 (R = 2) or 1/2,3/10,1/5 (R = 3):
 * float solves under the default convergence rule (src/ctmc/solvers/convergence.ts),
 * exact rational solves, product-form B.
 */
import { exactArith, floatArith } from '../src/core/arith.ts';
import { bandOf } from '../src/ctmc/solvers/band.ts';
import { solveExact } from '../src/ctmc/solvers/exact.ts';
import { explore } from '../src/ctmc/explore/explore.ts';
import { transitionCount } from '../src/ctmc/explore/generator.ts';
import { solveIterative } from '../src/ctmc/solvers/iterative.ts';
import { jiqBlocking, productFormBlocking } from '../models/jiq-blocking.ts';
import { emit, round, timed } from './measure.ts';

const ALPHA: Record<number, string> = { 2: '3/5,2/5', 3: '1/2,3/10,1/5' };
const params = (R: number, N: number) => jiqBlocking.parse({ N: String(N), lambda: '9/10', alpha: ALPHA[R] });

function floatCase(R: number, N: number): void {
  const p = params(R, N);
  const built = timed(() => explore(jiqBlocking.ctmc(p, floatArith), floatArith));
  const g = built.value;
  const solved = timed(() => solveIterative(g));
  emit({
    case: `float R=${R} N=${N}`,
    method: 'iterative',
    states: g.n,
    transitions: transitionCount(g),
    buildSeconds: round(built.seconds),
    solveSeconds: round(solved.seconds),
    solveCpuSeconds: round(solved.cpuSeconds),
    iterations: solved.value.iterations,
    residual: solved.value.residual,
    residualNorm: solved.value.residualNorm,
    errorEstimate: solved.value.errorEstimate,
    converged: solved.value.converged,
  });
}

function exactCase(N: number): void {
  const p = params(2, N);
  const built = timed(() => explore(jiqBlocking.ctmc(p, exactArith), exactArith));
  const g = built.value;
  const solved = timed(() => solveExact(g, bandOf(g)));
  emit({
    case: `exact R=2 N=${N}`,
    method: 'exact',
    states: g.n,
    transitions: transitionCount(g),
    buildSeconds: round(built.seconds),
    solveSeconds: round(solved.seconds),
    solveCpuSeconds: round(solved.cpuSeconds),
    primes: solved.value.primes,
    liftingSteps: solved.value.liftingSteps,
    modulusBits: solved.value.modulusBits,
    denominatorBits: solved.value.total.toString(2).length,
    residual: 0,
  });
}

function productFormCase(N: number): void {
  const p = params(2, N);
  const b = timed(() => productFormBlocking(p));
  emit({ case: `productform R=2 N=${N}`, method: 'productform-log', blocking: b.value, seconds: round(b.seconds), cpuSeconds: round(b.cpuSeconds) });
}

export function ctmcSuite(): void {
  for (const N of [200, 1000, 2000]) floatCase(2, N);
  for (const N of [50, 100, 150]) floatCase(3, N);
  for (const N of [10, 20, 30, 50, 140]) exactCase(N);
  for (const N of [10_000, 100_000, 1_000_000]) productFormCase(N);
}
