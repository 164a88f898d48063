/**
 * Finite state projection for the stationary law (after Munsky & Khammash's
 * FSP for transient laws): solve the chain restricted to a state set
 * (transitions out of it dropped, explore.ts `restrict`) and grow the set where
 * the mass is, until the mass on its frontier (states that lost a transition)
 * is below tolerance. Generic: it needs only the chain's successors and digits,
 * so every family with unbounded queues gets a truncation shaped like its law
 * (under JSQ(d), near-balanced states) instead of a box.
 *
 * Growth extrapolates rather than adding one layer per solve: log pi is fitted
 * as a linear function of the digits over the outer half of the set (least
 * squares; the tail of a queueing chain decays about geometrically along each
 * queue length), and outside states are added best first by that estimate,
 * through states already added, up to a target size (truncation-search.ts).
 * Measured on JSQ(2), N = 4, lambda = 0.9, from the same 4,096-state start:
 * this reached frontier mass 1.7e-8 at 32,768 states and 1.2e-18 at 216,629;
 * estimates propagated from the solved law instead (pi_j ~ inflow / exit rate:
 * 2.2e-6 at 32,768, 2.7e-11 at 262,144; pi_j ~ pi_i q_ij / q_ji: 2.4e-7 at
 * 262,144; inflow / rate back into the set: ran away, 0.5) follow the mass far
 * worse. The ideal set {pi >= theta} of the full chain has 61,223 states at
 * frontier mass 7.7e-13; a box K = 67 has 971,635; total jobs <= 252 and
 * imbalance <= 27, 193,570.
 */
import quickselect from 'quickselect';
import type { ChainDefinition, MassFeatures } from '../../core/model.ts';
import { decodeInto } from '../../core/mixed-radix.ts';
import { floatArith } from '../../core/arith.ts';
import { growF64, growI32, nearestCodes, subRestriction, type Restriction } from '../explore/explore.ts';
import { returningStates } from '../explore/irreducible.ts';
import { MaxHeap } from '../../core/max-heap.ts';
import { createStateIndex, SortedLookup, sortedIndexOf } from '../explore/state-index.ts';

/** Growth of one projection step: the new state set (increasing codes) and a starting law on it. */
export interface Grown {
  codes: Float64Array;
  /** Previous law on the old states, estimates on the new ones (unnormalised). */
  guess: Float64Array;
  /** The index in the old set of each state, -1 for an added one. */
  from: Int32Array;
  added: number;
  /** The added states' codes in the order they were added, best first: the old set with the first m of them is the set a growth by m would have made. */
  order: Float64Array;
}

/** The breadth-first start of a projection. */
export function firstSet(def: ChainDefinition<number>, count: number): Float64Array {
  return nearestCodes(def, count);
}

/** The old set and the added states (any order; their estimates by code: `massOf`) in one increasing list, the old law and the estimates aligned. */
function merge(codes: Float64Array, pi: Float64Array, addedCodes: Float64Array, massOf: (code: number) => number): Omit<Grown, 'order'> {
  const added = addedCodes.sort();
  const n = codes.length + added.length;
  const out = new Float64Array(n);
  const guess = new Float64Array(n);
  const from = new Int32Array(n).fill(-1);
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    if (j >= added.length || (i < codes.length && codes[i] < added[j])) {
      out[k] = codes[i];
      from[k] = i;
      guess[k] = pi[i++];
    } else {
      out[k] = added[j];
      guess[k] = massOf(added[j++]);
    }
  }
  return { codes: out, guess, from, added: added.length };
}

/** States of the outer half a fit uses at most (every stride-th): a handful of coefficients needs no more. */
const FIT_SAMPLE = 1 << 16;

/** The chain's massFeatures, or its digits. */
function featuresOf(def: ChainDefinition<number>): MassFeatures {
  return (
    def.massFeatures ?? {
      count: def.radices.length,
      fill: (s, out) => {
        for (let k = 0; k < s.length; k++) out[k] = s[k];
      },
    }
  );
}

/** The positive entries of x, in order (a loop: filter with a closure took 0.1 s at 1.5 million states). */
function positives(x: Float64Array): Float64Array {
  let m = 0;
  for (let i = 0; i < x.length; i++) if (x[i] > 0) m++;
  const out = new Float64Array(m);
  for (let i = 0, k = 0; i < x.length; i++) if (x[i] > 0) out[k++] = x[i];
  return out;
}

/**
 * log pi ~ c_0 + sum_k c_k f_k (f the state's massFeatures, by default its
 * digits), least squares over the outer half of the set (its states of
 * smallest mass; every state with massFeatures.fitOver = 'all'), sampled by a
 * fixed stride: the tail's decay rate along each feature.
 */
export function fitLogMass(def: ChainDefinition<number>, codes: Float64Array, pi: Float64Array): Float64Array {
  const features = featuresOf(def);
  const D = features.count + 1;
  const f = new Float64Array(D - 1);
  const positive = positives(pi);
  const all = features.fitOver === 'all';
  const half = Math.floor(positive.length / 2);
  if (!all) quickselect(positive as unknown as number[], half); // the median, in O(n) (its types name arrays; it only indexes)
  const cut = all ? Infinity : positive[half];
  const stride = Math.max(1, Math.floor((all ? positive.length : half) / FIT_SAMPLE));
  const A = new Float64Array(D * D);
  const b = new Float64Array(D);
  const digits = new Int32Array(def.radices.length);
  const row = new Float64Array(D);
  for (let i = 0, seen = 0; i < codes.length; i++) {
    if (!(pi[i] > 0 && pi[i] <= cut) || seen++ % stride !== 0) continue;
    const log = Math.log(pi[i]);
    decodeInto(codes[i], def.radices, digits);
    features.fill(digits, f);
    row[0] = 1;
    for (let k = 1; k < D; k++) row[k] = f[k - 1];
    for (let r = 0; r < D; r++) {
      b[r] += row[r] * log;
      for (let c = 0; c < D; c++) A[r * D + c] += row[r] * row[c];
    }
  }
  for (let r = 0; r < D; r++) A[r * D + r] += 1e-9 * (A[r * D + r] + 1); // ridge: digits constant over the shell
  return solveDense(A, b, D);
}

/** The fitted log mass c_0 + sum_k c_k f_k of a state, by its digits (coef from fitLogMass). */
function digitsMassModel(def: ChainDefinition<number>, coef: Float64Array): (digits: Int32Array) => number {
  const features = featuresOf(def);
  const f = new Float64Array(features.count);
  return (digits) => {
    features.fill(digits, f);
    let v = coef[0];
    for (let k = 0; k < f.length; k++) v += coef[k + 1] * f[k];
    return v;
  };
}

/** The fitted log mass of a state by its code (digitsMassModel). */
export function logMassModel(def: ChainDefinition<number>, coef: Float64Array): (code: number) => number {
  const ofDigits = digitsMassModel(def, coef);
  const digits = new Int32Array(def.radices.length);
  return (code) => {
    decodeInto(code, def.radices, digits);
    return ofDigits(digits);
  };
}

/** Gaussian elimination with partial pivoting (small systems). */
function solveDense(A: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let r = k + 1; r < n; r++) if (Math.abs(A[r * n + k]) > Math.abs(A[p * n + k])) p = r;
    if (p !== k) {
      for (let c = 0; c < n; c++) [A[k * n + c], A[p * n + c]] = [A[p * n + c], A[k * n + c]];
      [b[k], b[p]] = [b[p], b[k]];
    }
    for (let r = k + 1; r < n; r++) {
      const f = A[r * n + k] / A[k * n + k];
      if (f === 0) continue;
      for (let c = k; c < n; c++) A[r * n + c] -= f * A[k * n + c];
      b[r] -= f * b[k];
    }
  }
  const x = new Float64Array(n);
  for (let k = n - 1; k >= 0; k--) {
    let s = b[k];
    for (let c = k + 1; c < n; c++) s -= A[k * n + c] * x[c];
    x[k] = s / A[k * n + k];
  }
  return x;
}

/** What an offered slot holds (grow). */
const UNCHECKED = 0; // reached from an added state, not yet looked up in the set
const OUTSIDE = 1; // known to lie outside the set
const ADDED = 2;
const IN_SET = 3;
const IN_SET_MARK = -2;

/**
 * Adds to the set `codes` (law pi on it) the `count` states outside it of largest
 * fitted mass (fitLogMass), best first, each reached from the set or from a state
 * added before it (fewer when fewer are reachable). Only the set's frontier
 * (leaking[i] = 1: state i has a successor outside) is expanded.
 *
 * Lookups: the set's frontier is expanded in code order, so whether a
 * successor lies in the set is a merge join with the sorted codes
 * (SortedLookup). A successor of an added state is looked up in the set only
 * when it is about to be added (jsq-d N = 6, growing its 466,658-state round:
 * 338,644 of 439,039 such states were): until then it holds an UNCHECKED slot
 * among the offered ones, and if it turns out to lie in the set its slot is
 * dropped. Only the offered states are hashed, not the set (one table for both
 * took 512 MB at 8 million states, and a lookup in it missed the cache almost
 * every time: jsq-d N = 8, 11 of the growth's 26 s). The offered states' table
 * still misses on most lookups, about 9 per added state: its probe is half of
 * the growth's time (jsq-d N = 8, the 1,461,500-state round), and a table half
 * the size (load up to 3/4) or on huge pages was no faster.
 */
export function grow(def: ChainDefinition<number>, codes: Float64Array, pi: Float64Array, leaking: Uint8Array, count: number): Grown {
  const coef = fitLogMass(def, codes, pi);
  const model = logMassModel(def, coef);
  const modelOfDigits = digitsMassModel(def, coef);
  const n = codes.length;
  const inSet = new SortedLookup(codes);
  const offered = createStateIndex(def.radices, 2 * count);
  const digits = new Int32Array(def.radices.length);
  const heap = new MaxHeap(); // lazily updated: a slot's stale entries are skipped
  let slotCode: Float64Array = new Float64Array(1024);
  // Per offered slot s, side by side (a lookup that finds s reads both from one cache line):
  // est[2s], the log of its best estimate so far, and est[2s + 1], its fitted log mass (model), computed once.
  let est: Float64Array = new Float64Array(2048);
  let kind = new Uint8Array(1024);
  let slots = 0;
  let addedCodes: Float64Array = new Float64Array(1024);
  let addedCount = 0;
  // A state's successors are gathered before they are scored: successors() may read its digits throughout.
  let out: Float64Array = new Float64Array(64);
  let found: Int32Array = new Int32Array(64); // the slot of each, -1 when none, IN_SET_MARK for a state of the set
  let outs = 0;
  const gather = (target: number): void => {
    out = growF64(out, outs + 1);
    out[outs++] = target;
  };
  /**
   * Offers the outside successors of `code` (log mass logMass): each gets the
   * estimate logMass + fit(target) - fit(code), the fitted ratio anchored at a
   * state whose mass is known (solved, or estimated before), best over feeders.
   * fromSet: `code` is a state of the set, expanded in increasing code order;
   * else an added state, whose fit is `fitted`.
   */
  const expand = (code: number, logMass: number, fromSet: boolean, fitted = 0): void => {
    outs = 0;
    decodeInto(code, def.radices, digits);
    if (fromSet) fitted = modelOfDigits(digits);
    def.successors(digits, code, gather);
    // The lookups first, in a loop of their own: their cache misses then overlap instead of waiting on each other.
    found = growI32(found, outs);
    for (let k = 0; k < outs; k++) found[k] = fromSet && inSet.get(code, out[k]) !== -1 ? IN_SET_MARK : offered.get(out[k]);
    const base = logMass - fitted;
    for (let k = 0; k < outs; k++) {
      if (found[k] === IN_SET_MARK) continue;
      const t = out[k];
      let s = found[k] === -1 ? offered.get(t) : found[k]; // looked up again: a target met twice gets its slot the first time
      if (s === -1) {
        s = slots++;
        if (s === slotCode.length) {
          slotCode = growF64(slotCode, s + 1);
          est = growF64(est, 2 * slotCode.length);
          const a = new Uint8Array(slotCode.length);
          a.set(kind);
          kind = a;
        }
        offered.set(t, s);
        slotCode[s] = t;
        est[2 * s] = -Infinity;
        est[2 * s + 1] = model(t);
        kind[s] = fromSet ? OUTSIDE : UNCHECKED;
      }
      if (kind[s] >= ADDED) continue;
      const e = base + est[2 * s + 1];
      if (e > est[2 * s]) {
        est[2 * s] = e;
        heap.push(e, s);
      }
    }
  };
  for (let i = 0; i < n; i++) if (leaking[i] && pi[i] > 0) expand(codes[i], Math.log(pi[i]), true);
  // est[2s] only grows, so the first pop of a slot carries its best estimate.
  while (heap.size > 0 && addedCount < count) {
    const s = heap.pop();
    if (kind[s] >= ADDED) continue;
    if (kind[s] === UNCHECKED && sortedIndexOf(codes, slotCode[s]) !== -1) {
      kind[s] = IN_SET;
      continue;
    }
    kind[s] = ADDED;
    addedCodes = growF64(addedCodes, addedCount + 1);
    addedCodes[addedCount++] = slotCode[s];
    expand(slotCode[s], est[2 * s], false, est[2 * s + 1]);
  }
  const order = addedCodes.slice(0, addedCount);
  // An added state's estimate is final: expand() skips added slots.
  return { ...merge(codes, pi, addedCodes.subarray(0, addedCount), (code) => Math.exp(est[2 * offered.get(code)])), order };
}

/**
 * A grown set less its latest additions: the restriction r (of the set a growth
 * made) without the states of `order` (Grown.order) past its first m, that is the
 * set the same growth by m would have made, restricted by filtering r's generator
 * rather than exploring again. Dead ends are dropped as restrictReturning drops
 * them; `kept` is each state's position in r.
 */
export function grownPrefix(r: Restriction<number>, order: Float64Array, m: number): Restriction<number> {
  const late = order.slice(m).sort();
  const codes = r.g.codes;
  const keep = new Uint8Array(codes.length);
  for (let i = 0, j = 0; i < codes.length; i++) {
    while (j < late.length && late[j] < codes[i]) j++;
    keep[i] = j < late.length && late[j] === codes[i] ? 0 : 1;
  }
  const prefix = subRestriction(r, floatArith, keep);
  const returning = returningStates(prefix.g);
  if (!returning.includes(0)) return prefix;
  const inner = subRestriction(prefix, floatArith, returning);
  return { ...inner, kept: inner.kept!.map((k) => prefix.kept![k]) };
}
