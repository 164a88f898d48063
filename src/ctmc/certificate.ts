/**
 * Certifies a claimed stationary law exactly, without solving: global balance
 *   sum_{i -> j} (pi(i)/pi(j)) q_ij = q_j   (q_j the exit rate of j)
 * at every reachable state j, in exact rationals. The explorer finds the
 * states; one pass over them then adds, for each transition i -> j,
 * q_ij pi(i)/pi(j) to j's accumulator and subtracts q_ij from i's; the law holds iff every accumulator
 * ends at zero. Accumulators are raw bigint fractions, never reduced, over the
 * least common denominator of their terms (a gcd only when a term's denominator
 * differs from the accumulator's).
 */
import type { ChainDefinition, ClaimedLaw } from '../core/model.ts';
import { decodeInto } from '../core/mixed-radix.ts';
import { Fraction, type Rational } from '../core/rational.ts';
import { reachableCodes } from './explore/explore.ts';
import { indexStates } from './explore/state-index.ts';
import { gcd } from '../core/combinatorics.ts';

export interface CertificateResult {
  holds: boolean;
  states: number;
  /** Transitions checked (self-loops excluded: they do not change the law). */
  transitions: number;
  seconds: number;
  /** The violating state of lowest code, with both sides of its balance equation term by term. */
  counterexample?: BalanceFailure;
}

/** One transition i -> j into the violating state j: q_ij, pi(i)/pi(j) and the term q_ij pi(i)/pi(j). */
export type InflowTerm = { from: string; rate: string; piRatio: string; term: string };
/** One transition j -> k out of the violating state. */
export type OutflowTerm = { to: string; rate: string };

/**
 * Global balance at state j, both sides divided by pi(j):
 * sum_i q_ij pi(i)/pi(j) (inflowOverPi) against q_j (outflowRate), with every term.
 */
export type BalanceFailure = {
  kind: 'balance';
  state: string;
  inflowOverPi: string;
  outflowRate: string;
  /** inflowOverPi - outflowRate, nonzero. */
  difference: string;
  inflow: InflowTerm[];
  outflow: OutflowTerm[];
};

export interface CertifyOptions {
  /** Refuse chains with more states than this (default 5e7). */
  maxStates?: number;
}

/** Per-state sums num[k]/den[k] (den > 0), added to without normalising. */
class Accumulators {
  readonly num: bigint[];
  readonly den: bigint[];

  constructor(n: number) {
    this.num = new Array<bigint>(n).fill(0n);
    this.den = new Array<bigint>(n).fill(1n);
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
  const { radices } = def;
  const codes = reachableCodes(def, opts.maxStates);
  const n = codes.length;
  const index = indexStates(codes, radices);
  const acc = new Accumulators(n); // inflow/pi minus exit rate, per state

  const scratch = new Int32Array(radices.length); // handed to the model
  const from = new Int32Array(radices.length); // handed to the law, untouched by the model
  const to = new Int32Array(radices.length);
  let source = 0;
  let sourceCode = 0;
  let transitions = 0;
  const emit = (target: number, q: Rational): void => {
    if (target === sourceCode) return;
    transitions++;
    decodeInto(target, radices, to);
    const r = law.ratio(from, to); // pi(j)/pi(i)
    if (r.n === 0n || r.s < 0n) throw new RangeError(`the claimed law must be > 0 on reachable states; see ${def.describe(to)}`);
    const qn = q.s * q.n;
    acc.add(index.get(target), r.s * qn * r.d, q.d * r.n); // q_ij pi(i)/pi(j) = q / r
    acc.add(source, -qn, q.d); // exit rate of i
  };

  for (source = 0; source < n; source++) {
    sourceCode = codes[source];
    decodeInto(sourceCode, radices, scratch);
    from.set(scratch);
    def.successors(scratch, sourceCode, emit);
  }

  const lowestViolating = acc.num.findIndex((x) => x !== 0n); // codes are increasing: the lowest violating code
  const found = lowestViolating === -1 ? undefined : balanceFailure(def, law, codes, codes[lowestViolating]);
  const seconds = (performance.now() - start) / 1000;
  return { holds: found === undefined, states: n, transitions, seconds, ...(found && { counterexample: found }) };
}

/** Both sides of the balance equation at `code`, term by term: one more pass over the states finds the transitions into it. */
function balanceFailure(def: ChainDefinition<Rational>, law: ClaimedLaw, codes: Float64Array, code: number): BalanceFailure {
  const { radices } = def;
  const at = new Int32Array(radices.length);
  decodeInto(code, radices, at);
  const scratch = new Int32Array(radices.length);
  const from = new Int32Array(radices.length);
  const to = new Int32Array(radices.length);
  const outflow: OutflowTerm[] = [];
  let exit: Rational = new Fraction(0);
  scratch.set(at);
  def.successors(scratch, code, (target, q) => {
    if (target === code) return;
    decodeInto(target, radices, to);
    outflow.push({ to: def.describe(to), rate: q.toFraction() });
    exit = exit.add(q);
  });
  const inflow: InflowTerm[] = [];
  let total: Rational = new Fraction(0);
  for (const source of codes) {
    if (source === code) continue;
    decodeInto(source, radices, scratch);
    from.set(scratch);
    def.successors(scratch, source, (target, q) => {
      if (target !== code) return;
      const ratio = new Fraction(1).div(law.ratio(from, at)); // pi(i)/pi(j)
      const term = q.mul(ratio);
      inflow.push({ from: def.describe(from), rate: q.toFraction(), piRatio: ratio.toFraction(), term: term.toFraction() });
      total = total.add(term);
    });
  }
  return {
    kind: 'balance',
    state: def.describe(at),
    inflowOverPi: total.toFraction(),
    outflowRate: exit.toFraction(),
    difference: total.sub(exit).toFraction(),
    inflow,
    outflow,
  };
}
