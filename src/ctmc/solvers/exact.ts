/**
 * Exact stationary law in rationals. The integer-scaled generator is reduced
 * once modulo a prime p (banded GTH), the vector pi / pi_0 is lifted p-adically
 * one cheap back-substitution per digit (padic-lifting.ts), and rational
 * reconstruction gives it back; an exact check of pi Q = 0 in bigints then
 * makes the answer certain (not probabilistic): digits are added until the
 * reconstructed vector satisfies global balance. When the integer rates are too
 * large for an exact double residual (liftingPrimeLimit below 2^20), it falls
 * back to one reduction per prime and Chinese remaindering.
 */
import { UsageError } from '../../core/errors.ts';
import { primesBelow, residueOf } from '../../core/modular.ts';
import type { Rational } from '../../core/rational.ts';
import type { Band } from './band.ts';
import type { SparseGenerator } from '../explore/generator.ts';
import { bandedGth, toBand } from './gth.ts';
import { liftingPrimeLimit, modField, PadicLifting, PadicVector } from './padic-lifting.ts';
import { CrtVector, reconstructVector, type ModularVector } from './rational-reconstruction.ts';
import { gcd } from '../../core/combinatorics.ts';

export interface ExactSolution {
  /** pi_i = numerators[i] / total, all positive integers. */
  readonly numerators: bigint[];
  readonly total: bigint;
  /** Banded eliminations done, one per prime: 1 for p-adic lifting (more only after an unlucky prime), one per CRT image otherwise. */
  readonly primes: number;
  /** p-adic digits lifted from the one elimination (0 when solved by CRT). */
  readonly liftingSteps: number;
  /** Bits of the modulus (p^liftingSteps, or the product of the primes) the answer was reconstructed from. */
  readonly modulusBits: number;
}

/** The exact solve ran past its time budget. */
export class ExactBudgetExceeded extends UsageError {}

export interface ExactOptions {
  /** Give up (UsageError) after this long; default 600 s. */
  maxSeconds?: number;
  /** Reports digits (or CRT primes) so far and the bits of the modulus. */
  onProgress?: (steps: number, bits: number) => void;
}

/** Smallest prime size for p-adic lifting; below it (huge integer rates) CRT over 26-bit primes is used. */
const MIN_LIFTING_PRIME = 2 ** 20;

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

type Counts = Pick<ExactSolution, 'primes' | 'liftingSteps'>;

/**
 * Reconstruct-and-verify on a geometric schedule (every 25% more digits or
 * primes): the images so far give the exact law, or `accept` returns null.
 */
class Acceptor {
  private nextAttempt = 2;
  private readonly start = performance.now();
  constructor(
    private readonly g: SparseGenerator<Rational>,
    private readonly rates: bigint[],
    private readonly opts: ExactOptions,
  ) {}

  /** `bits`: about those of the images' modulus, for progress (p-adic images are built only when read). */
  accept(images: ModularVector, done: number, counts: Counts, bits: number): ExactSolution | null {
    this.opts.onProgress?.(done, bits);
    if (done >= this.nextAttempt) {
      this.nextAttempt = Math.ceil(done * 1.25);
      const v = reconstructVector(images);
      if (v?.numerators.every((a) => a > 0n) && satisfiesBalance(this.g, v.numerators, this.rates)) {
        const common = v.numerators.reduce(gcd);
        const numerators = v.numerators.map((a) => a / common);
        return { numerators, total: numerators.reduce((a, b) => a + b, 0n), ...counts, modulusBits: images.modulus.toString(2).length };
      }
    }
    const seconds = (performance.now() - this.start) / 1000;
    const maxSeconds = this.opts.maxSeconds ?? 600;
    if (seconds > maxSeconds) {
      throw new ExactBudgetExceeded(
        `exact solve of ${this.g.n} states gave up after ${seconds.toFixed(0)} s (${counts.primes} primes, ` +
          `${counts.liftingSteps} lifting steps, ${bits} bits); use --method gth or iterative`,
      );
    }
    return null;
  }
}

function solveByLifting(gi: SparseGenerator<number>, band: Band, limit: number, acceptor: Acceptor): ExactSolution {
  let primes = 0;
  for (const p of primesBelow(limit)) {
    primes++;
    const lifting = PadicLifting.start(gi, band, p);
    if (!lifting) continue;
    const expansion = new PadicVector(gi.n, p);
    const digits = new Float64Array(gi.n);
    for (let steps = 1; ; steps++) {
      lifting.next(digits);
      expansion.add(digits);
      const solved = acceptor.accept(expansion, steps, { primes, liftingSteps: steps }, Math.ceil(steps * Math.log2(p)));
      if (solved) return solved;
    }
  }
  throw new Error(`ran out of primes below ${limit}`);
}

function solveByCrt(g: SparseGenerator<Rational>, band: Band, acceptor: Acceptor): ExactSolution {
  const crt = new CrtVector(g.n);
  let primes = 0;
  for (const p of primesBelow()) {
    const residues = residuesMod(g, p);
    if (!residues) continue;
    const F = modField(p);
    const x = bandedGth(
      toBand(g, band, (k) => residues[k], F),
      F,
    );
    if (!x) continue;
    crt.add(x, p);
    primes++;
    const solved = acceptor.accept(crt, primes, { primes, liftingSteps: 0 }, crt.modulus.toString(2).length);
    if (solved) return solved;
  }
  throw new Error('ran out of 26-bit primes');
}

export function solveExact(g: SparseGenerator<Rational>, band: Band, opts: ExactOptions = {}): ExactSolution {
  const rates = integerRates(g);
  const acceptor = new Acceptor(g, rates, opts);
  if (g.n === 1) return { numerators: [1n], total: 1n, primes: 0, liftingSteps: 0, modulusBits: 0 };
  const integer: SparseGenerator<number> = { ...g, rate: Float64Array.from(rates, Number) };
  const limit = liftingPrimeLimit(integer);
  return limit >= MIN_LIFTING_PRIME ? solveByLifting(integer, band, limit, acceptor) : solveByCrt(g, band, acceptor);
}
