/**
 * Reachable-state exploration into a sparse generator. Pass 1 finds the states
 * breadth-first; they are then sorted by code; pass 2 emits each state's
 * transitions straight into CSR. Nothing is allocated per state.
 */
import type { Arith, Store } from '../core/arith.ts';
import { UsageError } from '../core/errors.ts';
import type { ChainDefinition } from '../core/model.ts';
import { decodeInto, encode, mixedRadixWeights } from '../core/mixed-radix.ts';
import type { SparseGenerator } from './generator.ts';
import { createStateIndex, indexStates } from './state-index.ts';

export interface ExploreOptions {
  /** Refuse chains with more states than this (default 5e7). */
  maxStates?: number;
}

const DEFAULT_MAX_STATES = 5e7;

function growF64(a: Float64Array, need: number): Float64Array {
  if (need <= a.length) return a;
  const b = new Float64Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

function growI32(a: Int32Array, need: number): Int32Array {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

function growStore<T>(A: Arith<T>, a: Store<T>, need: number): Store<T> {
  if (need <= a.length) return a;
  const b = A.store(Math.max(need, a.length * 2));
  for (let i = 0; i < a.length; i++) b[i] = a[i];
  return b;
}

/** The codes of every state reachable from the initial one, in increasing order. */
export function reachableCodes<T>(def: ChainDefinition<T>, maxStates = DEFAULT_MAX_STATES): Float64Array {
  const weights = mixedRadixWeights(def.radices);
  const seen = createStateIndex(def.radices);
  const digits = new Int32Array(def.radices.length);
  let codes: Float64Array = new Float64Array(1024);
  let n = 0;
  const visit = (target: number): void => {
    if (seen.get(target) !== -1) return;
    if (n >= maxStates) throw new UsageError(`state space exceeds ${maxStates} states; choose a smaller size`);
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

export function explore<T>(def: ChainDefinition<T>, A: Arith<T>, opts: ExploreOptions = {}): SparseGenerator<T> {
  const codes = reachableCodes(def, opts.maxStates);
  const n = codes.length;
  const index = indexStates(codes, def.radices);

  const digits = new Int32Array(def.radices.length);
  const rowPtr = new Int32Array(n + 1);
  let col: Int32Array = new Int32Array(4 * n + 16);
  let rate = A.store(4 * n + 16);
  let m = 0;
  let source = 0;
  const push = (target: number, r: T): void => {
    const j = index.get(target);
    if (j === -1) throw new Error(`successor ${target} of state ${codes[source]} was not explored`);
    if (j === source) return; // self-loops do not change the law
    col = growI32(col, m + 1);
    rate = growStore(A, rate, m + 1);
    col[m] = j;
    rate[m++] = r;
  };
  for (source = 0; source < n; source++) {
    decodeInto(codes[source], def.radices, digits);
    def.successors(digits, codes[source], push);
    rowPtr[source + 1] = m;
  }
  const trimmed = A.store(m);
  for (let k = 0; k < m; k++) trimmed[k] = rate[k];
  return {
    n,
    codes,
    radices: def.radices,
    rowPtr,
    col: col.slice(0, m),
    rate: trimmed,
    initial: index.get(encode(def.initial, mixedRadixWeights(def.radices))),
  };
}
