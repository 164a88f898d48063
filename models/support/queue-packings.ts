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
 * Two packings of the same state, the one with the smaller code space is used
 * (./queue-code-space.ts):
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
 * truncation.metricError for that).
 */
import { mixedRadixWeights } from 'lbcheck';
import { checkCodeSpace, codeSpaces } from './queue-code-space.ts';

export interface QueueProfile {
  readonly layout: 'levels' | 'lengths';
  /** The profile's digits; a family may append digits of its own after them. */
  readonly radices: readonly number[];
  readonly digitNames: readonly string[];
  /** levels[i] = S_i for i = 0..K+1 (levels has length K + 2). */
  read(s: Int32Array, levels: Int32Array): void;
  /** The profile digits of the state with these levels. */
  write(levels: Int32Array, out: Int32Array): void;
  /** S_i (1 <= i <= K) read straight from the digits: cheaper than read() for a reward asked once per level. */
  level(s: Int32Array, i: number): number;
  /**
   * The queue lengths some server has (y_i > 0), increasing, into `lengths`;
   * returns how many. levels[i] and levels[i + 1] are written for each of
   * them (the rest of `levels` is left as it was): what join(levels, i) and
   * leave(levels, i) read. O(N) in the lengths packing where read() is O(K).
   */
  occupied(s: Int32Array, levels: Int32Array, lengths: Int32Array): number;
  /** Total jobs sum_{i >= 1} S_i, read straight from the digits: in both packings it is the sum of the profile's digits. */
  jobs(s: Int32Array): number;
  /**
   * read() up to the longest queue L (the largest i with S_i > 0; 0 when every
   * queue is empty): levels[0..L+1] (levels[L+1] = 0, the rest left as they
   * were); returns L. O(N + L) where read() is O(N + K).
   */
  readToLongest(s: Int32Array, levels: Int32Array): number;
  /** Code change when a server of length i (0 <= i < K) gets a job, in the state whose levels these are. */
  join(levels: Int32Array, i: number): number;
  /** Code change when a server of length i (1 <= i <= K) completes a job. */
  leave(levels: Int32Array, i: number): number;
}

/** The N queue lengths of the levels S_0..S_{K+1}, sorted longest first, into out (the conjugate partition). */
export function lengthsFromLevels(levels: Int32Array, N: number, K: number, out: Int32Array): void {
  for (let j = 0, i = K; j < N; j++) {
    while (i > 0 && levels[i] <= j) i--;
    out[j] = i;
  }
}

/** s[0] + ... + s[count - 1]. */
function digitSum(s: Int32Array, count: number): number {
  let t = 0;
  for (let k = 0; k < count; k++) t += s[k];
  return t;
}

function levelsProfile(N: number, K: number): QueueProfile {
  const radices = new Array<number>(K).fill(N + 1);
  const w = mixedRadixWeights(radices);
  const read = (s: Int32Array, levels: Int32Array): void => {
    levels[0] = N;
    for (let i = 1; i <= K; i++) levels[i] = s[i - 1];
    levels[K + 1] = 0;
  };
  return {
    layout: 'levels',
    radices,
    digitNames: radices.map((_, i) => `S${i + 1}`),
    read,
    write(levels, out) {
      for (let i = 1; i <= K; i++) out[i - 1] = levels[i];
    },
    level: (s, i) => s[i - 1],
    occupied(s, levels, lengths) {
      read(s, levels);
      let m = 0;
      for (let i = 0; i <= K; i++) if (levels[i] > levels[i + 1]) lengths[m++] = i;
      return m;
    },
    jobs: (s) => digitSum(s, K),
    readToLongest(s, levels) {
      levels[0] = N;
      let i = 1; // levels do not increase: S_1 >= S_2 >= ...
      for (; i <= K && s[i - 1] > 0; i++) levels[i] = s[i - 1];
      levels[i] = 0;
      return i - 1;
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
    write: (levels, out) => lengthsFromLevels(levels, N, K, out),
    level(s, i) {
      let j = 0; // lengths are sorted longest first: S_i counts the leading ones >= i
      while (j < N && s[j] >= i) j++;
      return j;
    },
    occupied(s, levels, lengths) {
      // sorted longest first: the servers of length i sit at positions a..b-1, so S_i = b and S_{i+1} = a
      let m = 0;
      for (let b = N; b > 0; ) {
        const i = s[b - 1];
        let a = b - 1;
        while (a > 0 && s[a - 1] === i) a--;
        levels[i] = b;
        levels[i + 1] = a;
        lengths[m++] = i;
        b = a;
      }
      return m;
    },
    jobs: (s) => digitSum(s, N),
    readToLongest(s, levels) {
      const L = s[0]; // sorted longest first
      for (let i = 0; i < L + 2; i++) levels[i] = 0; // a loop: fill() on a few entries cost a call per state
      for (let j = 0; j < N; j++) levels[s[j]]++;
      for (let i = L - 1; i >= 0; i--) levels[i] += levels[i + 1];
      return L;
    },
    join: (levels, i) => w[levels[i + 1]],
    leave: (levels, i) => -w[levels[i] - 1],
  };
}

/**
 * The packing with the smaller code space, for N servers cut at K and
 * `extraDigits` digits of radix N + 1 the family appends; UsageError when
 * neither fits codes <= 2^53 - 1.
 */
export function queueProfile(N: number, K: number, extraDigits: number): QueueProfile {
  checkCodeSpace(N, K, extraDigits);
  const space = codeSpaces(N, K, extraDigits);
  return space.lengths < space.levels ? lengthsProfile(N, K) : levelsProfile(N, K);
}
