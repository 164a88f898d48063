/**
 * Exact stationary law in rationals: banded GTH modulo many 26-bit primes,
 * Chinese remaindering, rational reconstruction, and then an exact check of
 * pi Q = 0 in bigints. The check makes the answer certain (not probabilistic):
 * primes are added until the reconstructed vector satisfies global balance.
 */
import { UsageError } from '../core/errors.ts';
import { fmaMod, invMod, primesBelowLimit, residueOf } from '../core/modular.ts';
import type { Rational } from '../core/rational.ts';
import type { Band } from './band.ts';
import type { SparseGenerator } from './generator.ts';
import { bandedGth, toBand, type Field } from './gth.ts';
import { CrtVector, reconstructVector } from './rational-reconstruction.ts';
import { gcd } from '../core/combinatorics.ts';

export interface ExactSolution {
  /** pi_i = numerators[i] / total, all positive integers. */
  readonly numerators: bigint[];
  readonly total: bigint;
  readonly primes: number;
}

/** The exact solve ran past its time budget. */
export class ExactBudgetExceeded extends UsageError {}

export interface ExactOptions {
  /** Give up (UsageError) after this long; default 600 s. */
  maxSeconds?: number;
  onProgress?: (primes: number, bits: number) => void;
}

function modField(p: number): Field {
  return { fma: (acc, x, y) => fmaMod(acc, x, y, p), inv: (x) => (x === 0 ? NaN : invMod(x, p)) };
}

/** Rates scaled to integers by the lcm of their denominators. */
function integerRates(g: SparseGenerator<Rational>): bigint[] {
  let lcm = 1n;
  for (let k = 0; k < g.rate.length; k++) lcm = (lcm / gcd(lcm, g.rate[k].d)) * g.rate[k].d;
  return Array.from({ length: g.rate.length }, (_, k) => (g.rate[k].n * lcm) / g.rate[k].d);
}

/** Global balance sum_i v_i q_ij = v_j q_j at every state, in exact integers. */
export function satisfiesBalance(g: SparseGenerator<Rational>, v: readonly bigint[], rates: readonly bigint[] = integerRates(g)): boolean {
  const flow = new Array<bigint>(g.n).fill(0n);
  for (let i = 0; i < g.n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      const f = v[i] * rates[k];
      flow[g.col[k]] += f;
      flow[i] -= f;
    }
  }
  return flow.every((f) => f === 0n);
}

function residuesMod(g: SparseGenerator<Rational>, p: number): Float64Array | null {
  const out = new Float64Array(g.rate.length);
  for (let k = 0; k < g.rate.length; k++) {
    const r = residueOf(g.rate[k].n, g.rate[k].d, p);
    if (r < 0) return null;
    out[k] = r;
  }
  return out;
}

export function solveExact(g: SparseGenerator<Rational>, band: Band, opts: ExactOptions = {}): ExactSolution {
  const maxSeconds = opts.maxSeconds ?? 600;
  const start = performance.now();
  const rates = integerRates(g);
  const crt = new CrtVector(g.n);
  let primes = 0;
  let nextAttempt = 2;
  for (const p of primesBelowLimit()) {
    const residues = residuesMod(g, p);
    if (!residues) continue;
    const F = modField(p);
    const x = bandedGth(toBand(g, band, (k) => residues[k], F), F);
    if (!x) continue;
    crt.add(x, p);
    primes++;
    opts.onProgress?.(primes, crt.modulus.toString(2).length);
    if (primes >= nextAttempt) {
      nextAttempt = Math.ceil(primes * 1.25);
      const v = reconstructVector(crt);
      if (v && v.numerators.every((a) => a > 0n) && satisfiesBalance(g, v.numerators, rates)) {
        const common = v.numerators.reduce(gcd);
        const numerators = v.numerators.map((a) => a / common);
        return { numerators, total: numerators.reduce((a, b) => a + b, 0n), primes };
      }
    }
    const seconds = (performance.now() - start) / 1000;
    if (seconds > maxSeconds) {
      throw new ExactBudgetExceeded(`exact solve of ${g.n} states gave up after ${seconds.toFixed(0)} s (${primes} primes); use --method gth or iterative`);
    }
  }
  throw new Error('ran out of 26-bit primes');
}
