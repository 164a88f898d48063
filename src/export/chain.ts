/**
 * A model's chain laid out for other tools: states in lbcheck's order (increasing
 * code), each row's transitions sorted by target with parallel transitions
 * merged (PRISM and Storm read one rate per pair), each metric's reward per
 * state, and the truncation a queueing family was cut at.
 */
import { exactArith, floatArith, type Arith, type Store } from '../core/arith.ts';
import type { ChainDefinition, ModelFamily } from '../core/model.ts';
import { decodeInto } from '../core/mixed-radix.ts';
import { flatMetricName } from '../core/metric-names.ts';
import type { ParamSpecs } from '../core/params.ts';
import { ratString, type Rational } from '../core/rational.ts';
import { explore } from '../ctmc/explore/explore.ts';
import { solveModel, type Evidence } from '../ctmc/solve.ts';
import { searchCap } from '../ctmc/truncation/truncation-search.ts';

export interface ExportVariable {
  /** An identifier PRISM and Storm accept (letters, digits, _). */
  readonly name: string;
  /** The digit's name in lbcheck, e.g. "L(1)". */
  readonly original: string;
  /** Values range over 0..max. */
  readonly max: number;
}

export interface ExportMetric {
  /** Identifier: the metric's name, "_i" appended for entry i of a vector metric. */
  readonly name: string;
  /** As lbcheck prints it: "blocking", "tokenFraction[2]". */
  readonly original: string;
  readonly reward: Float64Array;
  /** For ratio metrics (E[reward] / E[per]): the denominator's reward, exported as "<name>_per". */
  readonly per?: Float64Array;
  /** Every state's reward is 0 or 1 (and no denominator): the metric is the stationary probability of a label. */
  readonly indicator: boolean;
}

export interface ExportTruncation {
  readonly K: number;
  /** States on the cut (some queue at K). */
  readonly frontier: number;
  /** Stationary mass on the cut, from lbcheck's solve at this K. */
  readonly boundaryMass: number;
  readonly tolerance: number;
  readonly withinTolerance: boolean;
}

export interface ExportChain {
  readonly family: string;
  readonly title: string;
  readonly params: Record<string, number | number[] | string>;
  readonly variables: readonly ExportVariable[];
  readonly states: number;
  /** Digits of state i at digits[i * variables.length + v]. */
  readonly digits: Int32Array;
  readonly initial: number;
  readonly rowPtr: Int32Array;
  readonly col: Int32Array;
  readonly rate: Float64Array;
  readonly exit: Float64Array;
  readonly metrics: readonly ExportMetric[];
  readonly truncation?: ExportTruncation;
  /** With { exact: true }: rate[k] and each metric's rewards as exact rationals "p/q", for formats that can carry them. */
  readonly exact?: {
    readonly rate: readonly string[];
    readonly rewards: readonly { readonly reward: readonly string[]; readonly per?: readonly string[] }[];
  };
}

/** Letters, digits and underscores, starting with a letter: "L(1)" -> "L_1". */
export function identifier(name: string): string {
  const id = name.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Za-z]/.test(id) ? id : `v_${id}`;
}

/** Names made unique by a numeric suffix, in order. */
function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    let m = n;
    for (let k = 2; seen.has(m); k++) m = `${n}_${k}`;
    seen.add(m);
    return m;
  });
}

/** Sorts each CSR row by target and adds up parallel transitions (same source and target), in arithmetic A. */
function mergeRows<T>(A: Arith<T>, n: number, rowPtr: Int32Array, col: Int32Array, rate: Store<T>): { rowPtr: Int32Array; col: Int32Array; rate: Store<T> } {
  const outPtr = new Int32Array(n + 1);
  const outCol = new Int32Array(col.length);
  const outRate = A.store(col.length);
  const order: number[] = [];
  let m = 0;
  for (let i = 0; i < n; i++) {
    order.length = 0;
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) order.push(k);
    order.sort((a, b) => col[a] - col[b]);
    for (const k of order) {
      if (m > outPtr[i] && outCol[m - 1] === col[k]) outRate[m - 1] = A.add(outRate[m - 1], rate[k]);
      else {
        outCol[m] = col[k];
        outRate[m++] = rate[k];
      }
    }
    outPtr[i + 1] = m;
  }
  const trimmed = A.store(m);
  for (let k = 0; k < m; k++) trimmed[k] = outRate[k];
  return { rowPtr: outPtr, col: outCol.slice(0, m), rate: trimmed };
}

/**
 * The chain's rates and rewards as exact rationals ("p/q"), from the same
 * definition instantiated in exact arithmetic; states in the same order.
 */
function exactValues(def: ChainDefinition<Rational>, n: number, digits: Int32Array): ExportChain['exact'] {
  const g = explore(def, exactArith);
  if (g.n !== n) throw new Error(`the exact chain has ${g.n} states, the float one ${n}`);
  const merged = mergeRows(exactArith, g.n, g.rowPtr, g.col, g.rate);
  const d = def.radices.length;
  const reward = (f: (s: Int32Array) => Rational): string[] => Array.from({ length: n }, (_, i) => ratString(f(digits.subarray(i * d, (i + 1) * d))));
  return {
    rate: Array.from({ length: merged.col.length }, (_, k) => ratString(merged.rate[k])),
    rewards: def.metrics.map((m) => ({ reward: reward(m.reward), ...(m.per ? { per: reward(m.per) } : {}) })),
  };
}

function metricsOf(def: ChainDefinition<number>, digits: Int32Array, n: number): ExportMetric[] {
  const d = def.radices.length;
  const names = unique(def.metrics.map((m) => identifier(m.index === undefined ? m.name : `${m.name}_${m.index}`)));
  return def.metrics.map((m, k) => {
    const reward = new Float64Array(n);
    const per = m.per ? new Float64Array(n) : undefined;
    let indicator = !m.per;
    for (let i = 0; i < n; i++) {
      const s = digits.subarray(i * d, (i + 1) * d);
      reward[i] = m.reward(s);
      if (per) per[i] = m.per!(s);
      if (reward[i] !== 0 && reward[i] !== 1) indicator = false;
    }
    return { name: names[k], original: flatMetricName(m.name, m.index), reward, ...(per ? { per } : {}), indicator };
  });
}

/**
 * The chain of `p` as it would be solved. A truncated family is cut at the user's
 * K, or at the K lbcheck's automatic K search settles on (found by solving, as
 * `lbcheck solve` does for families without a finite state projection); the
 * truncation's frontier and boundary mass come along.
 * With `exact`, the rates and rewards also come as exact rationals.
 */
export function exportChain<P>(family: ModelFamily<ParamSpecs, P>, p: P, o: { exact?: boolean } = {}): ExportChain {
  let params = p;
  let truncation: Omit<ExportTruncation, 'frontier'> | undefined;
  if (family.truncation) {
    // The formats describe a box of queue lengths, so a family that `solve` truncates
    // by finite state projection is exported cut at the K of the K search.
    const t = family.truncation;
    const solved: Evidence = (
      t.fixedK(p) === undefined && t.projection ? searchCap(family, t, p, { method: 'auto' }) : solveModel(family, p, { method: 'auto' })
    ).evidence;
    const K = solved.truncation?.K;
    if (solved.truncation && K !== undefined) {
      truncation = { ...solved.truncation, K };
      params = family.truncation.withK(p, K);
    }
  }
  const def = family.ctmc(params, floatArith);
  const g = explore(def, floatArith);
  const d = def.radices.length;
  const digits = new Int32Array(g.n * d);
  const scratch = new Int32Array(d);
  let frontier = 0;
  for (let i = 0; i < g.n; i++) {
    decodeInto(g.codes[i], def.radices, scratch);
    digits.set(scratch, i * d);
    if (def.atBoundary?.(scratch)) frontier++;
  }
  const merged = mergeRows(floatArith, g.n, g.rowPtr, g.col, g.rate) as { rowPtr: Int32Array; col: Int32Array; rate: Float64Array };
  const exit = new Float64Array(g.n);
  for (let i = 0; i < g.n; i++) for (let k = merged.rowPtr[i]; k < merged.rowPtr[i + 1]; k++) exit[i] += merged.rate[k];
  const varNames = unique(def.digitNames.map(identifier));
  return {
    family: family.id,
    title: family.title,
    params: family.toJSON(params),
    variables: def.digitNames.map((original, v) => ({ name: varNames[v], original, max: def.radices[v] - 1 })),
    states: g.n,
    digits,
    initial: g.initial,
    ...merged,
    exit,
    metrics: metricsOf(def, digits, g.n),
    ...(o.exact ? { exact: exactValues(family.ctmc(params, exactArith), g.n, digits) } : {}),
    ...(truncation ? { truncation: { ...truncation, frontier } } : {}),
  };
}
