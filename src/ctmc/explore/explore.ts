/**
 * Reachable-state exploration into a sparse generator. Pass 1 finds the states
 * breadth-first; they are then sorted by code; pass 2 emits each state's
 * transitions straight into CSR. Nothing is allocated per state.
 */
import type { Arith, Store } from '../../core/arith.ts';
import { UsageError } from '../../core/errors.ts';
import type { ChainDefinition } from '../../core/model.ts';
import { decodeInto, encode, mixedRadixWeights } from '../../core/mixed-radix.ts';
import type { SparseGenerator } from './generator.ts';
import { returningStates } from './irreducible.ts';
import { MAX_STATES } from '../../core/numerical-policy.ts';
import { budgetText } from './state-budget.ts';
import { createStateIndex, SortedLookup, sortedIndexOf } from './state-index.ts';

export interface ExploreOptions {
  /** Refuse chains with more states than this (default MAX_STATES). */
  maxStates?: number;
}

/** UsageError when a chain's known state count (ChainDefinition.stateCount) exceeds the cap: refused before anything is allocated. */
function checkStateCount(def: ChainDefinition<unknown>, maxStates = MAX_STATES): void {
  if (def.stateCount === undefined || def.stateCount <= maxStates) return;
  throw new UsageError(
    `the chain has ${def.stateCount.toExponential(2)} states, more than the state budget of ${budgetText(maxStates)}; ` +
      `${def.sizeHint ?? 'choose a smaller size'}`,
  );
}

/** `a`, or a copy at least twice as long, with room for `need` entries. */
export function growF64(a: Float64Array, need: number): Float64Array {
  if (need <= a.length) return a;
  const b = new Float64Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** The Int32Array twin of growF64. */
export function growI32(a: Int32Array, need: number): Int32Array {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/** A store of `size` entries holding a's first `count` (a typed array's in one block copy). */
function resized<T>(A: Arith<T>, a: Store<T>, count: number, size: number): Store<T> {
  const b = A.store(size);
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) (b as unknown as Float64Array).set((a as unknown as Float64Array).subarray(0, count));
  else for (let i = 0; i < count; i++) b[i] = a[i];
  return b;
}

/**
 * The first m entries of a typed array: a view where that keeps at most a
 * fifth of it unused (restrict sizes its rows from the reused restriction, so a
 * view is the rule), else a copy. A copy would cost 12 bytes a transition,
 * allocated and written once more (2.4 GB at jsq-d N = 10's 10 million states).
 */
function trimmed<T>(A: Arith<T>, a: Store<T>, m: number): Store<T> {
  if (ArrayBuffer.isView(a) && 5 * m >= 4 * a.length) return (a as unknown as Float64Array).subarray(0, m) as unknown as Store<T>;
  return resized(A, a, m, m);
}

function trimmedI32(a: Int32Array, m: number): Int32Array {
  return 5 * m >= 4 * a.length ? a.subarray(0, m) : a.slice(0, m);
}

function growStore<T>(A: Arith<T>, a: Store<T>, need: number): Store<T> {
  return need <= a.length ? a : resized(A, a, a.length, Math.max(need, a.length * 2));
}

/**
 * Breadth-first search from the initial state. At `limit` states it stops, or
 * throws the UsageError `full()` gives when `full` is given.
 */
function breadthFirst<T>(def: ChainDefinition<T>, limit: number, full?: () => UsageError): Float64Array {
  const weights = mixedRadixWeights(def.radices);
  const seen = createStateIndex(def.radices);
  const digits = new Int32Array(def.radices.length);
  let codes: Float64Array = new Float64Array(1024);
  let n = 0;
  const visit = (target: number): void => {
    if (seen.get(target) !== -1) return;
    if (n >= limit) {
      if (full) throw full();
      return;
    }
    seen.set(target, n);
    codes = growF64(codes, n + 1);
    codes[n++] = target;
  };
  visit(encode(def.initial, weights));
  for (let head = 0; head < n; head++) {
    const code = codes[head];
    decodeInto(code, def.radices, digits);
    def.successors(digits, code, visit);
  }
  return codes.slice(0, n).sort();
}

/** The codes of every state reachable from the initial one, in increasing order. */
export function reachableCodes<T>(def: ChainDefinition<T>, maxStates = MAX_STATES): Float64Array {
  checkStateCount(def, maxStates);
  return breadthFirst(def, maxStates, () => new UsageError(`state space exceeds the state budget of ${budgetText(maxStates)}; choose a smaller size`));
}

/** The codes of the first `count` states found breadth-first from the initial one (all of them when fewer), increasing. */
export function nearestCodes<T>(def: ChainDefinition<T>, count: number): Float64Array {
  return breadthFirst(def, count);
}

/** A chain restricted to a set of its states. */
export interface Restriction<T> {
  readonly g: SparseGenerator<T>;
  /** leaking[i] = 1 when state i had a transition to a state outside the set (dropped). */
  readonly leaking: Uint8Array;
  /** For restrictReturning: the position in the given codes of each state kept. */
  readonly kept?: Int32Array;
}

/**
 * A restriction to a subset of a new state set, to be reused: `from[i]` is the
 * index in `earlier.g` of the new set's state i (-1 for a state not in it).
 */
export interface Reuse<T> {
  readonly earlier: Restriction<T>;
  readonly from: Int32Array;
}

/**
 * The chain on the states `codes` (increasing, the initial state among them):
 * transitions to states outside the set are dropped, as an arrival to a full
 * queue is lost, and the states that lose one are marked `leaking`. With
 * `reuse`, the rows of the earlier set's states that lost nothing there are
 * copied (their targets all lie in that subset), so only its frontier and the
 * new states are explored again: a projection round's new set is the last set
 * plus a shell around it.
 */
export function restrict<T>(def: ChainDefinition<T>, A: Arith<T>, codes: Float64Array, reuse?: Reuse<T>): Restriction<T> {
  const n = codes.length;
  const index = new SortedLookup(codes); // rows are emitted in increasing code order
  const leaking = new Uint8Array(n);
  const digits = new Int32Array(def.radices.length);
  const rowPtr = new Int32Array(n + 1);
  // Room for the transitions: as many per state as the reused restriction has (and a tenth more), else 4.
  const perState = reuse ? reuse.earlier.g.rowPtr[reuse.earlier.g.n] / Math.max(1, reuse.earlier.g.n) : 4;
  const room = Math.ceil(1.1 * perState * n) + 16;
  let col: Int32Array = new Int32Array(room);
  let rate = A.store(room);
  let m = 0;
  let source = 0;
  const push = (target: number, r: T): void => {
    const j = index.get(codes[source], target);
    if (j === -1) {
      leaking[source] = 1;
      return;
    }
    if (j === source) return; // self-loops do not change the law
    col = growI32(col, m + 1);
    rate = growStore(A, rate, m + 1);
    col[m] = j;
    rate[m++] = r;
  };
  const copy = reuse && copier(reuse, n);
  for (source = 0; source < n; source++) {
    const e = copy ? copy.rows(source) : -1;
    if (e >= 0) {
      col = growI32(col, m + e);
      rate = growStore(A, rate, m + e);
      m = copy!.into(source, col, rate, m);
    } else {
      decodeInto(codes[source], def.radices, digits);
      def.successors(digits, codes[source], push);
    }
    rowPtr[source + 1] = m;
  }
  const initial = sortedIndexOf(codes, encode(def.initial, mixedRadixWeights(def.radices)));
  if (initial === -1) throw new Error('the restricted state set lacks the initial state');
  return { g: { n, codes, radices: def.radices, rowPtr, col: trimmedI32(col, m), rate: trimmed(A, rate, m), initial }, leaking };
}

/** Copies of the earlier restriction's rows that lost no transition, their targets renumbered into the new set. */
function copier<T>(reuse: Reuse<T>, n: number) {
  const { earlier, from } = reuse;
  const { rowPtr, col, rate } = earlier.g;
  const to = new Int32Array(earlier.g.n).fill(-1);
  for (let i = 0; i < n; i++) if (from[i] >= 0) to[from[i]] = i;
  if (to.includes(-1)) throw new Error('a reused restriction must be a subset of the new state set');
  return {
    /** The number of transitions to copy for new state i, or -1 when it must be explored. */
    rows(i: number): number {
      const j = from[i];
      return j >= 0 && !earlier.leaking[j] ? rowPtr[j + 1] - rowPtr[j] : -1;
    },
    into(i: number, outCol: Int32Array, outRate: Store<T>, m: number): number {
      const j = from[i];
      for (let e = rowPtr[j]; e < rowPtr[j + 1]; e++) {
        outCol[m] = to[col[e]];
        outRate[m++] = rate[e];
      }
      return m;
    },
  };
}

/** 1 for the states a Reuse maps from the earlier set (a loop: Uint8Array.from with a map function took 0.4 s at 3 million states). */
function reusedStates(from: Int32Array): Uint8Array {
  const known = new Uint8Array(from.length);
  for (let i = 0; i < from.length; i++) if (from[i] >= 0) known[i] = 1;
  return known;
}

/**
 * The restriction to the states of `codes` that can return to the initial
 * state within the set. A grown set can hold dead ends (a state reached by a
 * departure from the longest queue whose own transitions all leave the set);
 * dropping them keeps the restricted chain irreducible, and drops no state on a
 * path from a kept one back to the start. Their transitions in count as lost
 * (their sources leak).
 */
export function restrictReturning<T>(def: ChainDefinition<T>, A: Arith<T>, codes: Float64Array, reuse?: Reuse<T>): Restriction<T> {
  const r = restrict(def, A, codes, reuse);
  // The earlier restriction held only returning states; they still return within the larger set.
  const keep = returningStates(r.g, reuse && reusedStates(reuse.from));
  return keep.includes(0) ? subRestriction(r, A, keep) : r;
}

/**
 * The restriction r cut down to its states with keep[i] = 1 (transitions to the
 * others dropped, their sources leaking), by filtering r's generator rather than
 * exploring again. `kept` is each kept state's position in r.
 */
export function subRestriction<T>(r: Restriction<T>, A: Arith<T>, keep: Uint8Array): Restriction<T> {
  const g = r.g;
  let n = 0;
  for (let i = 0; i < g.n; i++) n += keep[i]; // a loop: reduce with a closure costs a call per state
  const at = new Int32Array(g.n).fill(-1);
  const kept = new Int32Array(n);
  for (let i = 0, k = 0; i < g.n; i++) {
    if (!keep[i]) continue;
    at[i] = k;
    kept[k++] = i;
  }
  if (at[g.initial] === -1) throw new Error('a restriction must keep the initial state');
  const rowPtr = new Int32Array(n + 1);
  const col = new Int32Array(g.rowPtr[g.n]);
  const rate = A.store(g.rowPtr[g.n]);
  const leaking = new Uint8Array(n);
  let m = 0;
  for (let k = 0; k < n; k++) {
    const i = kept[k];
    leaking[k] = r.leaking[i];
    for (let e = g.rowPtr[i]; e < g.rowPtr[i + 1]; e++) {
      const j = at[g.col[e]];
      if (j === -1) {
        leaking[k] = 1;
        continue;
      }
      col[m] = j;
      rate[m++] = g.rate[e];
    }
    rowPtr[k + 1] = m;
  }
  const subCodes = new Float64Array(n);
  for (let k = 0; k < n; k++) subCodes[k] = g.codes[kept[k]];
  return { g: { n, codes: subCodes, radices: g.radices, rowPtr, col: trimmedI32(col, m), rate: trimmed(A, rate, m), initial: at[g.initial] }, leaking, kept };
}

/** The whole reachable chain (every successor explored, so nothing leaks). */
export function explore<T>(def: ChainDefinition<T>, A: Arith<T>, opts: ExploreOptions = {}): SparseGenerator<T> {
  return restrict(def, A, reachableCodes(def, opts.maxStates)).g;
}
