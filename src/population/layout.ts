/**
 * How a population's counts are stored, in one of two packings (mixed radix,
 * core/mixed-radix.ts):
 *  - counts: the stored counts are the digits (radix max + 1; with a fixed
 *    total the first count is implied), and each event's change is a fixed
 *    code difference, since codes are linear in the digits;
 *  - units: with a fixed total N over m counts, the state is where each of the
 *    N units sits (which count), sorted non-increasing: N digits of radix m, so
 *    m^N codes where counts would need (max + 1)^(m-1) (few servers, many
 *    queue-length counts). A unit moving between adjacent counts changes one
 *    digit by one, as in models/support/queue-packings.ts's lengths layout;
 *    targets are re-encoded from the counts, O(N + m) per transition.
 * The packing with the smaller code space is used. Nothing here allocates per state.
 */
import { UsageError } from '../core/errors.ts';
import { mixedRadixWeights } from '../core/mixed-radix.ts';
import type { Counts, Population, PopulationEvent } from './types.ts';

export interface CompiledEvent<T> {
  readonly event: PopulationEvent<T>;
  /** Changed counts and their changes. */
  readonly index: Int32Array;
  readonly delta: Int32Array;
}

/** The counts and events, checked and compiled (what the simulator and the fluid drift need). */
export interface Layout<T> {
  readonly names: readonly string[];
  readonly max: Int32Array;
  /** 1 when the first count is implied by the total, else 0. */
  readonly offset: number;
  readonly total: number | undefined;
  readonly initialCounts: Int32Array;
  readonly events: readonly CompiledEvent<T>[];
  describe(x: Counts): string;
}

/** The layout with its packing into codes (what the chain needs). */
export interface Packed<T> extends Layout<T> {
  readonly packing: 'counts' | 'units';
  /** The chain's radices: one per stored count, or one per unit. */
  readonly radices: readonly number[];
  /** Writes the counts of the state with digits `s` into x. */
  countsOf(s: Int32Array, x: Int32Array): void;
  /** The code of counts x. */
  codeOf(x: ArrayLike<number>): number;
  /** Counts packing: code(after) - code(before) for each event (codes are linear in the digits); null for units. */
  readonly codeDelta: Float64Array | null;
  /** The code after event k fires in x (whose code is `code`); x is left as it was. */
  target(code: number, k: number, x: Int32Array): number;
}

function indexOf(names: readonly string[], name: string, what: string): number {
  const i = names.indexOf(name);
  if (i < 0) throw new UsageError(`${what} names the count "${name}", which is not declared (counts: ${names.join(', ')})`);
  return i;
}

export function layout<T>(pop: Population<T>): Layout<T> {
  const names = pop.counts;
  const m = names.length;
  if (m === 0) throw new UsageError('a population needs at least one count');
  if (new Set(names).size !== m) throw new UsageError(`count names must be distinct, got ${names.join(', ')}`);
  const max = Int32Array.from(names, (n, i) => {
    const b = typeof pop.max === 'number' ? pop.max : pop.max[i];
    if (!Number.isInteger(b) || b < 0) throw new UsageError(`the largest value of count ${n} must be an integer >= 0, got ${b}`);
    return b;
  });
  const total = pop.total;
  const offset = total === undefined ? 0 : 1;
  if (total !== undefined && !(Number.isInteger(total) && total >= 0)) throw new UsageError(`total must be an integer >= 0, got ${total}`);
  const describe = pop.describe ?? ((x: Counts): string => `(${names.map((n, i) => `${n}=${x[i]}`).join(', ')})`);

  const initialCounts = new Int32Array(m);
  for (const [name, v] of Object.entries(pop.initial)) initialCounts[indexOf(names, name, 'the initial state')] = v;
  if (total !== undefined && !Object.keys(pop.initial).includes(names[0])) {
    let rest = 0;
    for (let i = 1; i < m; i++) rest += initialCounts[i];
    initialCounts[0] = total - rest;
  }
  let sum = 0;
  initialCounts.forEach((v, i) => {
    sum += v;
    if (!Number.isInteger(v) || v < 0 || v > max[i])
      throw new UsageError(`the initial state ${describe(initialCounts)} has ${names[i]} = ${v}, outside 0..${max[i]}`);
  });
  if (total !== undefined && sum !== total) throw new UsageError(`the initial state ${describe(initialCounts)} sums to ${sum}, not the total ${total}`);

  const events = pop.events.map((event): CompiledEvent<T> => {
    const entries = Object.entries(event.change).filter(([, d]) => d !== 0);
    const index = Int32Array.from(entries, ([n]) => indexOf(names, n, `event "${event.name}"`));
    const delta = Int32Array.from(entries, ([, d]) => d);
    entries.forEach(([n, d]) => {
      if (!Number.isInteger(d)) throw new UsageError(`event "${event.name}" changes ${n} by ${d}, not an integer`);
    });
    if (total !== undefined && delta.reduce((a, b) => a + b, 0) !== 0) {
      throw new UsageError(`event "${event.name}" changes the counts' sum, which is fixed at ${total}`);
    }
    return { event, index, delta };
  });

  return { names, max, offset, total, initialCounts, events, describe };
}

/** Packs the layout's states into codes: the packing with the smaller code space (see the header). */
export function pack<T>(L: Layout<T>): Packed<T> {
  const { names, max, offset, total } = L;
  const m = names.length;
  const countRadices = Array.from(max.subarray(offset), (b) => b + 1);
  const countSpace = countRadices.reduce((a, r) => a * r, 1);
  const unitSpace = total === undefined ? Infinity : m ** total;
  const packing = unitSpace < countSpace ? 'units' : 'counts';
  const radices = packing === 'counts' ? countRadices : new Array<number>(total!).fill(m);
  if (Math.min(countSpace, unitSpace) > Number.MAX_SAFE_INTEGER) {
    const counts = m > 4 ? `${m} counts (${names[0]} .. ${names[m - 1]})` : `counts ${names.join(', ')}`;
    const hint =
      total === undefined
        ? 'declare `total` when the counts always sum to a fixed number (servers, tokens): ' +
          'the first count is then implied, and few units over many counts are packed by unit'
        : 'choose smaller maxima';
    throw new UsageError(`the ${counts} need state codes beyond 2^53 (${Math.min(countSpace, unitSpace).toExponential(2)} codes); ${hint}`);
  }
  const w = mixedRadixWeights(radices);
  if (packing === 'counts') {
    // Codes are linear in the digits: each event moves the code by a fixed amount.
    const codeDelta = Float64Array.from(L.events, (e) => {
      let c = 0;
      e.index.forEach((i, k) => {
        if (i >= offset) c += e.delta[k] * w[i - offset];
      });
      return c;
    });
    return {
      ...L,
      packing,
      radices,
      codeDelta,
      countsOf(s, x) {
        let rest = 0;
        for (let i = offset; i < m; i++) rest += x[i] = s[i - offset];
        if (offset === 1) x[0] = L.total! - rest;
      },
      codeOf(x) {
        let c = 0;
        for (let i = offset; i < m; i++) c += x[i] * w[i - offset];
        return c;
      },
      target: (code, k) => code + codeDelta[k],
    };
  }
  /** The units' counts, sorted non-increasing, as a code. */
  const unitsCode = (x: ArrayLike<number>): number => {
    let c = 0;
    for (let i = m - 1, j = 0; i >= 0; i--) for (let k = 0; k < x[i]; k++) c += i * w[j++];
    return c;
  };
  return {
    ...L,
    packing,
    radices,
    codeDelta: null,
    countsOf(s, x) {
      x.fill(0);
      for (let j = 0; j < s.length; j++) x[s[j]]++;
    },
    codeOf: unitsCode,
    target(_code, k, x) {
      const e = L.events[k];
      for (let j = 0; j < e.index.length; j++) x[e.index[j]] += e.delta[j];
      const c = unitsCode(x);
      for (let j = 0; j < e.index.length; j++) x[e.index[j]] -= e.delta[j];
      return c;
    },
  };
}

/**
 * Whether event e may fire in x with rate value v (as a number): throws a
 * UsageError naming the event and the state (and the family, when given) when
 * the rate is negative or NaN, or when the change takes a count out of its range.
 */
export function checkFiring<T>(L: Layout<T>, e: CompiledEvent<T>, x: Counts, v: number, family?: string): void {
  // Called on every simulator step: the family's prefix is only built for an error.
  const at = (): string => (family === undefined ? '' : `${family}: `);
  if (!(v > 0)) throw new UsageError(`${at()}event "${e.event.name}" has rate ${v} in state ${L.describe(x)}; rates must be >= 0`);
  for (let k = 0; k < e.index.length; k++) {
    const i = e.index[k];
    const y = x[i] + e.delta[k];
    if (y < 0 || y > L.max[i]) {
      throw new UsageError(`${at()}event "${e.event.name}" takes ${L.names[i]} to ${y} (range 0..${L.max[i]}) in state ${L.describe(x)}`);
    }
  }
}
