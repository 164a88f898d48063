/**
 * Heterogeneous processor-sharing servers [P3], THEORY section 5, as an
 * exchangeability-lumped CTMC (models/support/server-multiset.ts): per class,
 * the sorted job counts of its servers, each cut at K.
 *
 * N = sum_j c_j servers; a class-j server has capacity C_j and, under PS with
 * unit-mean exponential sizes, completes jobs at rate C_j whenever it holds one.
 * Arrivals: Poisson lambda N. With static share q (0 sq2, 1 static, mix hybrid)
 * one given server with n jobs receives jobs at rate
 *     lambda N q C_j / C  +  lambda (1 - q) (M_n + 2 G_n - 1) / (N - 1)
 * where C = sum_j c_j C_j, M_n = number of servers with exactly n jobs and G_n
 * with more: SQ(2) picks it when it is sampled (2/N) and the other sample
 * (uniform among the N - 1 others) has more jobs, or as many and the fair coin
 * says so: (2/N)(G_n + (M_n - 1)/2)/(N - 1) of the stream lambda N. N = 1: the
 * only server gets the whole stream.
 * Truncation: a job routed to a server holding K jobs is lost; the boundary is
 * "some server holds K jobs".
 *
 * Metrics: meanJobs (per server, all N), classMeanJobs[j] (per class-j server),
 * meanSojourn by Little's law over admitted jobs, E[jobs] / E[lambda N - lost rate].
 */
import { type Arith, type ChainDefinition, Fraction, type MetricDef, mixedRadixWeights, UsageError } from 'lbcheck';
import { classBlocks, fitsCodeSpace, moveServer, multisetStates, MULTISET_SIZE_HINT, runLength, serverCount } from '../support/server-multiset.ts';
import { queueGapFeatures } from '../support/mass-features.ts';
import { staticShare, totalCapacity, type HeteroPsParams } from './params.ts';

export function ctmc<T>(p: HeteroPsParams, A: Arith<T>): ChainDefinition<T> {
  const N = serverCount(p);
  const K = p.K!;
  if (!fitsCodeSpace(K + 1, N)) throw new UsageError(`K = ${K} with N = ${N} servers needs state codes beyond 2^53; lower K or N`);
  const blocks = classBlocks(p.servers);
  const radices = new Array<number>(N).fill(K + 1);
  const w = mixedRadixWeights(radices);
  const q = staticShare(p);
  const lambdaN = p.lambda.mul(N);
  const staticRate = p.rates.map((c) => A.fromRational(lambdaN.mul(q).mul(c).div(totalCapacity(p))));
  // Per unit of (M_n + 2 G_n - 1); N = 1 uses unit = lambda and factor 1.
  const sq2Unit = A.fromRational(p.lambda.mul(new Fraction(1).sub(q)).div(Math.max(1, N - 1)));
  const capacity = p.rates.map((c) => A.fromRational(c));

  /** Arrival rate to one class-j server holding n jobs, in state s. */
  const rateTo = (s: Int32Array, j: number, n: number): T => {
    if (N === 1) return A.add(staticRate[j], sq2Unit);
    let same = 0;
    let more = 0;
    for (let k = 0; k < N; k++) {
      if (s[k] === n) same++;
      else if (s[k] > n) more++;
    }
    return A.add(staticRate[j], A.mul(sq2Unit, A.fromInt(same + 2 * more - 1)));
  };
  const jobs = (s: Int32Array, from: number, to: number): number => {
    let t = 0;
    for (let k = from; k < to; k++) t += s[k];
    return t;
  };
  /** Rate of arrivals routed to servers holding K jobs (lost). */
  const lostRate = (s: Int32Array): T => {
    let r = A.zero;
    for (let j = 0; j < blocks.length; j++) {
      const b = blocks[j];
      for (let k = b.offset; k < b.offset + b.size && s[k] === K; k++) r = A.add(r, rateTo(s, j, K));
    }
    return r;
  };
  const offered = A.fromRational(lambdaN);
  const metrics: MetricDef<T>[] = [
    { name: 'meanJobs', reward: (s) => A.div(A.fromInt(jobs(s, 0, N)), A.fromInt(N)) },
    ...blocks.map((b, j) => ({
      name: 'classMeanJobs',
      index: j + 1,
      reward: (s: Int32Array) => A.div(A.fromInt(jobs(s, b.offset, b.offset + b.size)), A.fromInt(b.size)),
    })),
    // Little's law: admitted arrivals at rate lambda N minus the rate of lost ones.
    { name: 'meanSojourn', reward: (s) => A.fromInt(jobs(s, 0, N)), per: (s) => A.sub(offered, lostRate(s)) },
  ];
  return {
    digitNames: blocks.flatMap((b, j) => Array.from({ length: b.size }, (_, k) => `n${j + 1}_${k + 1}`)),
    radices,
    stateCount: multisetStates(p.servers, K + 1),
    sizeHint: MULTISET_SIZE_HINT,
    initial: new Array<number>(N).fill(0),
    metrics,
    massFeatures: queueGapFeatures(N, blocks, (s, q) => q.set(s)),
    describe: (s) => `(${blocks.map((b, j) => `class ${j + 1}: ${Array.from(s.subarray(b.offset, b.offset + b.size)).join(',')}`).join('; ')})`,
    atBoundary: (s) => {
      for (let k = 0; k < N; k++) if (s[k] === K) return true;
      return false;
    },
    successors(s, code, emit) {
      for (let j = 0; j < blocks.length; j++) {
        const b = blocks[j];
        const end = b.offset + b.size;
        for (let k = b.offset; k < end; ) {
          // A run of m servers holding n jobs (digits sorted non-increasing).
          const n = s[k];
          const m = runLength(s, k, end);
          k += m;
          const many = A.fromInt(m);
          if (n > 0) emit(moveServer(s, w, b, code, n, n - 1), A.mul(many, capacity[j]));
          if (n < K) {
            const r = rateTo(s, j, n);
            if (!A.isZero(r)) emit(moveServer(s, w, b, code, n, n + 1), A.mul(many, r));
          }
        }
      }
    },
  };
}
