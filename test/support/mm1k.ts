/** The M/M/1/K queue in closed form (pi_n proportional to rho^n, n = 0..K), exactly, and as a chain to solve. */
import type { Arith } from '../../src/core/arith.ts';
import type { ChainDefinition } from '../../src/core/model.ts';
import { Fraction, type Rational } from '../../src/core/rational.ts';

export interface Mm1k {
  meanJobs: Rational;
  /** P(n = K): the blocking probability (PASTA). */
  full: Rational;
}

export function mm1k(rho: Rational, K: number): Mm1k {
  let total = new Fraction(0);
  let weighted = new Fraction(0);
  let term = new Fraction(1);
  for (let n = 0; n <= K; n++) {
    total = total.add(term);
    weighted = weighted.add(term.mul(n));
    if (n < K) term = term.mul(rho);
  }
  return { meanJobs: weighted.div(total), full: term.div(total) };
}

/** Birth-death chain n = 0..K: arrivals at rate rho, service at rate 1; `cut` marks n = K as a truncation boundary. */
export function mm1kChain(rho: Rational, K: number, cut: boolean): <T>(A: Arith<T>) => ChainDefinition<T> {
  return <T>(A: Arith<T>): ChainDefinition<T> => ({
    digitNames: ['n'],
    radices: [K + 1],
    initial: [0],
    metrics: [{ name: 'meanJobs', reward: (s) => A.fromInt(s[0]) }],
    describe: (s) => `n=${s[0]}`,
    successors(s, code, emit) {
      if (s[0] < K) emit(code + 1, A.fromRational(rho));
      if (s[0] > 0) emit(code - 1, A.one);
    },
    ...(cut ? { atBoundary: (s: Int32Array) => s[0] === K } : {}),
  });
}
