/**
 * The exchangeability-lumped state of N identical FCFS servers whose queues are
 * cut at length K, shared by the queueing families (jsq-d, jiq-queueing).
 *
 * The lumped state is the multiset of queue lengths, seen through its levels
 * S_i = number of servers with at least i jobs (S_0 = N >= S_1 >= ... >= S_K >=
 * S_{K+1} = 0); y_i = S_i - S_{i+1} servers hold exactly i jobs. Servers are
 * exchangeable, so this is a lumping of the per-server chain (checked against
 * the per-server chain in test/models/lumping.test.ts). A job joining a server of
 * length i raises S_{i+1} by one; a completion at a server of length i lowers S_i.
 *
 * Two packings of the same state, the one with the smaller code space is used:
 *   levels:  digits S_1..S_K, radix N + 1: (N + 1)^K codes (many servers, short queues);
 *   lengths: the queue lengths sorted longest first, radix K + 1: (K + 1)^N codes
 *            (few servers, long queues). The two are conjugate partitions: the
 *            servers of length i sit at sorted positions S_{i+1} .. S_i - 1, and
 *            a job joins the first of them, a completion leaves the last, so
 *            sorted order is kept and each event changes one digit.
 *
 * Truncation: an arrival routed to a server that already holds K jobs is lost.
 * The stationary mass of the boundary {S_K > 0} says how much of the law reaches
 * the cut; it is not a bound on a metric's error (the search reports
 * truncation.metricError for that: issue 14, item 3).
 */
import { UsageError } from '../../src/core/errors.ts';
import { mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import { ratString, type Rational } from '../../src/core/rational.ts';

export { capParam, capTruncation } from '../../src/core/truncation.ts';

/** lambda < 1 (stability) and, when given, an integer K >= 1 (UsageError otherwise). */
export function checkQueueing(lambda: Rational, K: number | undefined): void {
  if (lambda.compare(1) >= 0) throw new UsageError(`lambda must be < 1: at lambda >= 1 the queues are unstable (got ${ratString(lambda)})`);
  if (K !== undefined && (!Number.isInteger(K) || K < 1)) throw new UsageError(`K must be an integer >= 1, got ${K}`);
}

export interface QueueProfile {
  readonly layout: 'levels' | 'lengths';
  /** The profile's digits; a family may append digits of its own after them. */
  readonly radices: readonly number[];
  readonly digitNames: readonly string[];
  /** levels[i] = S_i for i = 0..K+1 (levels has length K + 2). */
  read(s: Int32Array, levels: Int32Array): void;
  /** The profile digits of the state with these levels. */
  write(levels: Int32Array, out: Int32Array): void;
  /** Code change when a server of length i (0 <= i < K) gets a job, in the state whose levels these are. */
  join(levels: Int32Array, i: number): number;
  /** Code change when a server of length i (1 <= i <= K) completes a job. */
  leave(levels: Int32Array, i: number): number;
}

function levelsProfile(N: number, K: number): QueueProfile {
  const radices = new Array<number>(K).fill(N + 1);
  const w = mixedRadixWeights(radices);
  return {
    layout: 'levels',
    radices,
    digitNames: radices.map((_, i) => `S${i + 1}`),
    read(s, levels) {
      levels[0] = N;
      for (let i = 1; i <= K; i++) levels[i] = s[i - 1];
      levels[K + 1] = 0;
    },
    write(levels, out) {
      for (let i = 1; i <= K; i++) out[i - 1] = levels[i];
    },
    join: (_levels, i) => w[i],
    leave: (_levels, i) => -w[i - 1],
  };
}

function lengthsProfile(N: number, K: number): QueueProfile {
  const radices = new Array<number>(N).fill(K + 1);
  const w = mixedRadixWeights(radices);
  return {
    layout: 'lengths',
    radices,
    digitNames: radices.map((_, j) => `L(${j + 1})`),
    read(s, levels) {
      levels.fill(0);
      for (let j = 0; j < N; j++) levels[s[j]]++;
      for (let i = K - 1; i >= 0; i--) levels[i] += levels[i + 1]; // counts of exactly i -> at least i
    },
    write(levels, out) {
      for (let j = 0, i = K; j < N; j++) {
        while (i > 0 && levels[i] <= j) i--;
        out[j] = i;
      }
    },
    join: (levels, i) => w[levels[i + 1]],
    leave: (levels, i) => -w[levels[i] - 1],
  };
}

const CODE_LIMIT = BigInt(Number.MAX_SAFE_INTEGER);

/** base^exp, or CODE_LIMIT + 1 once it is larger than that. */
function cappedPower(base: number, exp: number, times = 1n): bigint {
  let r = times;
  for (let k = 0; k < exp && r <= CODE_LIMIT; k++) r *= BigInt(base);
  return r > CODE_LIMIT ? CODE_LIMIT + 1n : r;
}

/** Code space of each packing (capped), with the (N + 1)^extraDigits of digits a family appends. */
function codeSpaces(N: number, K: number, extraDigits: number): { levels: bigint; lengths: bigint } {
  const extra = cappedPower(N + 1, extraDigits);
  return { levels: cappedPower(N + 1, K, extra), lengths: cappedPower(K + 1, N, extra) };
}

/** The packing with the smaller code space. */
export function queueProfile(N: number, K: number, extraDigits: number): QueueProfile {
  const space = codeSpaces(N, K, extraDigits);
  return space.lengths < space.levels ? lengthsProfile(N, K) : levelsProfile(N, K);
}

/** Whether some packing of N servers cut at K (with extraDigits more digits) fits codes <= 2^53 - 1. */
function fits(N: number, K: number, extraDigits: number): boolean {
  const space = codeSpaces(N, K, extraDigits);
  return space.levels <= CODE_LIMIT || space.lengths <= CODE_LIMIT;
}

/** The largest K that packs into codes <= 2^53 - 1 (0 if none). */
export function largestK(N: number, extraDigits: number): number {
  let hi = 1;
  while (fits(N, hi, extraDigits)) hi *= 2;
  let lo = 0; // fits(lo) or lo = 0; !fits(hi)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(N, mid, extraDigits)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Number of lumped states: N servers spread over K + idleBins bins (y_1..y_K, and
 * y_0 itself or y_0 split by where the idle servers' tokens are): C(N + K + idleBins - 1, N).
 */
export function profileStates(N: number, K: number, idleBins: number): number {
  let c = 1;
  for (let j = 1; j <= N; j++) c = (c * (K + idleBins - 1 + j)) / j;
  return Math.round(c);
}

/** UsageError when N servers cut at K (with idleBins - 1 more digits) need state codes beyond 2^53. */
export function checkCodeSpace(N: number, K: number, idleBins: number): void {
  if (!fits(N, K, idleBins - 1)) {
    throw new UsageError(`K = ${K} with N = ${N} needs state codes beyond 2^53; the largest K here is ${largestK(N, idleBins - 1)}`);
  }
}

/**
 * The levels S_0..S_{K+1} of a state, read once per state: metric rewards ask
 * for them many times in a row (one s[i] per level), so the last digits read
 * are kept and compared.
 */
export function levelReader(profile: QueueProfile, K: number): (s: Int32Array) => Int32Array {
  const levels = new Int32Array(K + 2);
  const last = new Int32Array(profile.radices.length).fill(-1);
  return (s) => {
    let same = true;
    for (let k = 0; k < last.length; k++) {
      if (last[k] !== s[k]) {
        same = false;
        last[k] = s[k];
      }
    }
    if (!same) profile.read(s, levels);
    return levels;
  };
}

/** Total number of jobs: sum_i i y_i = sum_{i >= 1} S_i. */
export function totalJobs(levels: Int32Array, K: number): number {
  let t = 0;
  for (let i = 1; i <= K; i++) t += levels[i];
  return t;
}

/** "y0=2, y1=3, y2=1" (occupancy counts). */
export function describeLevels(levels: Int32Array, K: number): string {
  return Array.from({ length: K + 1 }, (_, i) => `y${i}=${levels[i] - levels[i + 1]}`).join(', ');
}

/** Boundary mass the projection chain's cap (tailK) is chosen for: far below any tolerance. */
const NEGLIGIBLE = 1e-15;

/**
 * The queue cap of a family's projection chain (TruncationView.projection): the
 * smallest K with N rho^K <= 1e-15 (N geometric queues of load rho; a guide for
 * where the tail surely ends, not a bound), at most maxK (the codes' limit).
 * When it is too short the states at K stay on the frontier and the search
 * reports that it cannot grow.
 */
export function tailK(N: number, rho: number, maxK: number): number {
  if (!(rho < 1)) return maxK;
  return Math.max(1, Math.min(maxK, Math.ceil(Math.log(NEGLIGIBLE / N) / Math.log(rho))));
}

/**
 * The smallest K in 1..maxK whose estimated boundary mass N * tail(K) is at most
 * `tolerance` (maxK when none is): a first K for the automatic truncation.
 */
export function firstK(N: number, tail: (K: number) => number, tolerance: number, maxK: number): number {
  for (let K = 1; K < maxK; K++) if (N * tail(K) <= tolerance) return K;
  return maxK;
}
