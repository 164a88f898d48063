/**
 * Certifies a claimed stationary law exactly, without solving: global balance
 *   sum_{i -> j} (pi(i)/pi(j)) q_ij = q_j   (q_j the exit rate of j)
 * at every reachable state j, in exact rationals. One breadth-first pass over
 * the chain: each source i adds q_ij pi(i)/pi(j) to its target's accumulator and
 * subtracts its own exit rate from its own; the law holds iff every accumulator
 * ends at zero. Accumulators are raw bigint fractions, never reduced, over the
 * least common denominator of their terms (a gcd only when a term's denominator
 * differs from the accumulator's).
 */
import { UsageError } from '../core/errors.ts';
import type { ChainDefinition, ClaimedLaw } from '../core/model.ts';
import { decodeInto, encode, mixedRadixWeights } from '../core/mixed-radix.ts';
import { Fraction, type Rational } from '../core/rational.ts';
import { createStateIndex } from './state-index.ts';

export interface CertificateResult {
  holds: boolean;
  states: number;
  /** Transitions checked (self-loops excluded: they do not change the law). */
  transitions: number;
  seconds: number;
  /** The violating state of lowest code, with both sides of its balance equation. */
  counterexample?: { state: string; inflowOverPi: string; outflowRate: string };
}

export interface CertifyOptions {
  /** Refuse chains with more states than this (default 5e7). */
  maxStates?: number;
}

/** gcd of positive bigints. */
function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Per-state sums num[k]/den[k] (den > 0), added to without normalising. */
class Accumulators {
  readonly num: bigint[] = [];
  readonly den: bigint[] = [];

  push(): void {
    this.num.push(0n);
    this.den.push(1n);
  }

  /** Adds n/d (d > 0) to entry k over the least common denominator. */
  add(k: number, n: bigint, d: bigint): void {
    const D = this.den[k];
    if (D === d) {
      this.num[k] += n;
      return;
    }
    const g = gcd(D, d);
    if (g === d) {
      this.num[k] += n * (D / d);
      return;
    }
    const dg = d / g;
    this.num[k] = this.num[k] * dg + n * (D / g);
    this.den[k] = D * dg;
  }

  value(k: number): Rational {
    return new Fraction(this.num[k], this.den[k]);
  }
}

export function certify(def: ChainDefinition<Rational>, law: ClaimedLaw, opts: CertifyOptions = {}): CertificateResult {
  const start = performance.now();
  const maxStates = opts.maxStates ?? 5e7;
  const { radices } = def;
  const index = createStateIndex(radices);
  let codes = new Float64Array(1024);
  let n = 0;
  const acc = new Accumulators(); // inflow/pi minus exit rate, per state (discovery order)
  const discover = (code: number): number => {
    const known = index.get(code);
    if (known !== -1) return known;
    if (n >= maxStates) throw new UsageError(`state space exceeds ${maxStates} states; choose a smaller size`);
    if (n === codes.length) {
      const grown = new Float64Array(2 * n);
      grown.set(codes);
      codes = grown;
    }
    index.set(code, n);
    codes[n] = code;
    acc.push();
    return n++;
  };

  const scratch = new Int32Array(radices.length); // handed to the model
  const from = new Int32Array(radices.length); // handed to the law, untouched by the model
  const to = new Int32Array(radices.length);
  let source = 0;
  let sourceCode = 0;
  let transitions = 0;
  const emit = (target: number, q: Rational): void => {
    if (target === sourceCode) return;
    transitions++;
    const j = discover(target);
    decodeInto(target, radices, to);
    const r = law.ratio(from, to); // pi(j)/pi(i)
    if (r.n === 0n || r.s < 0n) throw new RangeError(`the claimed law must be > 0 on reachable states; see ${def.describe(to)}`);
    const qn = q.s * q.n;
    acc.add(j, r.s * qn * r.d, q.d * r.n); // q_ij pi(i)/pi(j) = q / r
    acc.add(source, -qn, q.d); // exit rate of i
  };

  discover(encode(def.initial, mixedRadixWeights(radices)));
  for (source = 0; source < n; source++) {
    sourceCode = codes[source];
    decodeInto(sourceCode, radices, scratch);
    from.set(scratch);
    def.successors(scratch, sourceCode, emit);
  }

  let worst = -1;
  for (let k = 0; k < n; k++) if (acc.num[k] !== 0n && (worst === -1 || codes[k] < codes[worst])) worst = k;
  const found = worst === -1 ? undefined : counterexample(def, codes[worst], acc.value(worst));
  const seconds = (performance.now() - start) / 1000;
  return { holds: found === undefined, states: n, transitions, seconds, ...(found && { counterexample: found }) };
}

/** Both sides of the balance equation at `code`, given their difference. */
function counterexample(def: ChainDefinition<Rational>, code: number, difference: Rational): NonNullable<CertificateResult['counterexample']> {
  const s = new Int32Array(def.radices.length);
  decodeInto(code, def.radices, s);
  const state = def.describe(s);
  let exit = new Fraction(0);
  def.successors(s, code, (target, q) => {
    if (target !== code) exit = exit.add(q);
  });
  return { state, inflowOverPi: difference.add(exit).toFraction(), outflowRate: exit.toFraction() };
}
