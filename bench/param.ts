/**
 * `npm run bench -- param`: reach of the parametric solve. jiq-blocking
 * R = 2, alpha = 3/5,2/5, every metric as a rational function of lambda: the time
 * at N = 10 and 20, then N = 25, 30, ... until a solve takes 60 CPU seconds or
 * more; the last line names the largest N solved in under 60 s.
 */
import type { Arith } from '../src/core/arith.ts';
import type { Rational } from '../src/core/rational.ts';
import type { RationalFunction } from '../src/parametric/rational-function.ts';
import { solveParametric } from '../src/parametric/solve-parametric.ts';
import { jiqBlocking } from '../models/jiq-blocking.ts';
import { emit, round, timed } from './measure.ts';

const LIMIT_SECONDS = 60;

function paramCase(N: number): { cpuSeconds: number; solved: boolean } {
  const chainAt = (x: Rational) => {
    const p = jiqBlocking.parse({ N: String(N), lambda: x.toFraction(), alpha: '3/5,2/5' });
    return <T>(A: Arith<T>) => jiqBlocking.ctmc(p, A);
  };
  const r = timed(() => solveParametric('lambda', chainAt, { maxSeconds: 10 * LIMIT_SECONDS }));
  const e = r.value.evidence;
  const B = r.value.status === 'solved' ? (r.value.metrics.blocking as RationalFunction) : undefined;
  emit({
    case: `param R=2 N=${N}`,
    parameter: 'lambda',
    status: r.value.status,
    states: e.states,
    transitions: e.transitions,
    seconds: round(r.seconds),
    cpuSeconds: round(r.cpuSeconds),
    lawDegree: e.lawDegree ?? null,
    degreeBound: e.degreeBound ?? null,
    points: e.points ?? null,
    primes: e.primes ?? null,
    blockingDegree: B ? [B.numerator.length - 1, B.denominator.length - 1] : null,
    blockingDenominatorBits: B ? B.denominator[B.denominator.length - 1].toString(2).length : null,
    ...(r.value.status === 'unknown' ? { reason: r.value.reason } : {}),
  });
  return { cpuSeconds: r.cpuSeconds, solved: r.value.status === 'solved' };
}

export function paramSuite(): void {
  paramCase(10);
  paramCase(20);
  let largest = 20;
  for (let N = 25; ; N += 5) {
    const r = paramCase(N);
    if (!r.solved || r.cpuSeconds >= LIMIT_SECONDS) break;
    largest = N;
  }
  emit({ case: 'param reach R=2', largestN: largest, limitCpuSeconds: LIMIT_SECONDS });
}
