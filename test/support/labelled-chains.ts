/**
 * Per-server ("labelled") chains of jsq-d and jiq-queueing, written independently
 * of the lumped models: each server's queue length (and, for JIQ, where an idle
 * server's token is lodged). For tiny N they are solved separately and compared
 * with the exchangeability-lumped families (test/models/lumping.test.ts). Same
 * truncation rule: an arrival sent to a queue of K jobs is lost.
 */
import type { Arith } from '../../src/core/arith.ts';
import type { ChainDefinition, MetricDef } from '../../src/core/model.ts';
import { mixedRadixWeights } from '../../src/core/mixed-radix.ts';
import type { JsqdParams } from '../../models/jsq-d.ts';
import type { JiqQueueingParams } from '../../models/jiq-queueing.ts';
import { subsets, tuples } from './subsets.ts';

/**
 * Digits 0..N-1: queue length of server j. Every sample is listed: the C(N, d)
 * sets of distinct servers, or (with replacement) the N^d sequences, each equally
 * likely; the arrival joins one of the sampled entries of shortest length,
 * uniformly (with replacement a server sampled twice is twice as likely).
 */
export function labelledJsqd<T>(p: JsqdParams, A: Arith<T>): ChainDefinition<T> {
  const { N, d } = p;
  const K = p.K!;
  const radices = new Array<number>(N).fill(K + 1);
  const w = mixedRadixWeights(radices);
  const servers = Array.from({ length: N }, (_, j) => j);
  const samples = p.sampling === 'with' ? tuples(servers, d) : subsets(servers, d);
  const perSample = A.fromRational(p.lambda.mul(N).div(samples.length));
  const lambdaN = A.fromRational(p.lambda.mul(N));
  const n = A.fromInt(N);
  const jobs = (s: Int32Array): T => A.fromInt(s.reduce((a, b) => a + b, 0));
  const lostSamples = (s: Int32Array): number => samples.filter((set) => set.every((j) => s[j] === K)).length;
  const metrics: MetricDef<T>[] = [
    { name: 'meanJobs', reward: (s) => A.div(jobs(s), n) },
    { name: 'meanSojourn', reward: jobs, per: (s) => A.sub(lambdaN, A.mul(perSample, A.fromInt(lostSamples(s)))) },
  ];
  for (let i = 1; i <= K; i++) metrics.push({ name: 's', index: i, reward: (s) => A.div(A.fromInt(s.filter((L) => L >= i).length), n) });
  return {
    digitNames: radices.map((_, j) => `L${j + 1}`),
    radices,
    initial: new Array<number>(N).fill(0),
    metrics,
    describe: (s) => `(${Array.from(s).join(', ')})`,
    atBoundary: (s) => s.some((L) => L === K),
    successors(s, code, emit) {
      for (const set of samples) {
        const shortest = Math.min(...set.map((j) => s[j]));
        if (shortest === K) continue; // lost
        const tied = set.filter((j) => s[j] === shortest);
        const rate = A.div(perSample, A.fromInt(tied.length));
        for (const j of tied) emit(code + w[j], rate);
      }
      for (let j = 0; j < N; j++) if (s[j] > 0) emit(code - w[j], A.one);
    },
  };
}

/** Digits 0..N-1: queue length L_j; digits N..2N-1: T_j = 0 if server j is busy, else 1 + the dispatcher holding its token. */
export function labelledJiqQueueing<T>(p: JiqQueueingParams, A: Arith<T>): ChainDefinition<T> {
  const { N } = p;
  const K = p.K!;
  const R = p.alpha.length;
  const radices = [...new Array<number>(N).fill(K + 1), ...new Array<number>(N).fill(R + 1)];
  const w = mixedRadixWeights(radices);
  const n = A.fromInt(N);
  const lambdaN = A.fromRational(p.lambda.mul(N));
  const L = (s: Int32Array, j: number): number => s[j];
  const T = (s: Int32Array, j: number): number => s[N + j];
  const holders = (s: Int32Array, r: number): number[] => Array.from({ length: N }, (_, j) => j).filter((j) => T(s, j) === r + 1);
  /** Share of arrivals whose dispatcher holds no token. */
  const tokenless = (s: Int32Array): T => p.alpha.reduce((a, alpha, r) => (holders(s, r).length === 0 ? A.add(a, A.fromRational(alpha)) : a), A.zero);
  const count = (s: Int32Array, f: (len: number) => boolean): number => Array.from({ length: N }, (_, j) => L(s, j)).filter(f).length;
  const perServer = (s: Int32Array, v: number): T => A.div(A.mul(tokenless(s), A.fromInt(v)), n);
  const admit = (s: Int32Array): T =>
    A.sub(
      A.one,
      perServer(
        s,
        count(s, (x) => x === K),
      ),
    );
  const jobs = (s: Int32Array): number => Array.from({ length: N }, (_, j) => L(s, j)).reduce((a, b) => a + b, 0);
  const waitingWork = (s: Int32Array): number =>
    Array.from({ length: N }, (_, j) => L(s, j))
      .filter((x) => x < K)
      .reduce((a, b) => a + b, 0);
  const metrics: MetricDef<T>[] = [
    {
      name: 'waitProbability',
      reward: (s) =>
        perServer(
          s,
          count(s, (x) => x >= 1 && x < K),
        ),
      per: admit,
    },
    { name: 'meanWait', reward: (s) => perServer(s, waitingWork(s)), per: admit },
    { name: 'meanJobs', reward: (s) => A.div(A.fromInt(jobs(s)), n) },
    { name: 'meanSojourn', reward: (s) => A.fromInt(jobs(s)), per: (s) => A.mul(lambdaN, admit(s)) },
    ...p.alpha.map((_, r) => ({ name: 'tokenFraction', index: r + 1, reward: (s: Int32Array) => A.div(A.fromInt(holders(s, r).length), n) })),
  ];
  return {
    digitNames: radices.map((_, k) => (k < N ? `L${k + 1}` : `T${k - N + 1}`)),
    radices,
    initial: [...new Array<number>(N).fill(0), ...new Array<number>(N).fill(R)],
    metrics,
    describe: (s) => `(${Array.from(s).join(', ')})`,
    atBoundary: (s) => count(s, (x) => x === K) > 0,
    successors(s, code, emit) {
      p.alpha.forEach((alpha, r) => {
        const own = holders(s, r);
        if (own.length > 0) {
          // a token at r: the job goes to one of its idle servers (any rule gives the same lumped chain)
          const rate = A.fromRational(alpha.mul(p.lambda).mul(N).div(own.length));
          for (const j of own) emit(code + w[j] - T(s, j) * w[N + j], rate);
          return;
        }
        const rate = A.fromRational(alpha.mul(p.lambda)); // each server is chosen at rate alpha_r lambda N / N
        for (let j = 0; j < N; j++) {
          if (L(s, j) === K) continue; // lost
          emit(code + w[j] - T(s, j) * w[N + j], rate); // an idle server's token (elsewhere) is revoked
        }
      });
      for (let j = 0; j < N; j++) {
        if (L(s, j) >= 2) emit(code - w[j], A.one);
        if (L(s, j) === 1) p.beta.forEach((b, r) => emit(code - w[j] + (r + 1) * w[N + j], A.fromRational(b)));
        if (L(s, j) === 0 && !p.nu.equals(0)) {
          const from = T(s, j);
          for (let t = 1; t <= R; t++) if (t !== from) emit(code + (t - from) * w[N + j], A.fromRational(p.nu.div(R)));
        }
      }
    },
  };
}
