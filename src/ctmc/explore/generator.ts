/**
 * The sparse generator of an explored chain: off-diagonal rates in CSR by source
 * state (the diagonal is minus the exit rate), states in increasing code order.
 */
import type { Store } from '../../core/arith.ts';

export interface SparseGenerator<T> {
  readonly n: number;
  /** Packed code of each state, increasing. */
  readonly codes: Float64Array;
  readonly radices: readonly number[];
  readonly rowPtr: Int32Array;
  readonly col: Int32Array;
  readonly rate: Store<T>;
  readonly initial: number;
}

export function transitionCount(g: SparseGenerator<unknown>): number {
  return g.rowPtr[g.n];
}

/** Exit rate of every state (float). */
export function exitRates(g: SparseGenerator<number>): Float64Array {
  const q = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) {
    let s = 0;
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) s += g.rate[k];
    q[i] = s;
  }
  return q;
}

/** Incoming transitions of each state, CSR by target: inPtr, inSrc, and the rate of each (inRate[p] is the rate of inSrc[p] -> j). */
export interface Incoming<T> {
  readonly inPtr: Int32Array;
  readonly inSrc: Int32Array;
  readonly inRate: Store<T>;
}

/** The last transposes built, per generator: irreducibility and the iterative solver both need one. */
const transposes = new WeakMap<SparseGenerator<unknown>, Incoming<unknown>>();

/** The transitions grouped by target (a generator is never changed once built, so its transpose is kept). */
export function incoming<T>(g: SparseGenerator<T>): Incoming<T> {
  let t = transposes.get(g) as Incoming<T> | undefined;
  if (!t) {
    t = transpose(g);
    transposes.set(g, t);
  }
  return t;
}

/**
 * The transpose for a caller that overwrites it (the iterative solver turns the
 * rates into its weights in place): the kept one, no longer kept, or a new one.
 */
export function takeIncoming<T>(g: SparseGenerator<T>): Incoming<T> {
  const t = incoming(g);
  transposes.delete(g);
  return t;
}

/**
 * The rates are copied in the same pass (a float generator's into a
 * Float64Array): gathering them afterwards through an index of each slot's
 * source transition cost a random read per transition and 4 bytes more per
 * transition.
 */
function transpose<T>(g: SparseGenerator<T>): Incoming<T> {
  const n = g.n;
  const m = g.rowPtr[n];
  const inPtr = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) inPtr[g.col[k] + 1]++;
  for (let j = 0; j < n; j++) inPtr[j + 1] += inPtr[j];
  const fill = inPtr.slice(0, n);
  const inSrc = new Int32Array(m);
  const inRate = (ArrayBuffer.isView(g.rate) ? new Float64Array(m) : new Array<T>(m)) as Store<T>;
  for (let i = 0; i < n; i++) {
    for (let k = g.rowPtr[i]; k < g.rowPtr[i + 1]; k++) {
      const p = fill[g.col[k]]++;
      inSrc[p] = i;
      inRate[p] = g.rate[k];
    }
  }
  return { inPtr, inSrc, inRate };
}
