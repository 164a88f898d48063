/**
 * Job assignment with affinity relations, after [P4] (THEORY section 6), as an
 * exchangeability-lumped CTMC (models/support/server-multiset.ts).
 *
 * Model (lbcheck's small instance; see models/affinity.ts for how it relates to
 * the paper). R groups of N_g servers; group g is primary for job type g, every
 * other server is secondary for it. Type-g jobs arrive at rate L_g = lambda_g N_g
 * with exponential sizes; a job runs at rate mu1 on a primary server and mu2 on
 * a secondary one. FCFS at every server. On arrival of a type-g job:
 *   1. sample d1 distinct primary servers uniformly; if one is idle, join it;
 *   2. else sample d2 distinct secondary servers uniformly (among all servers
 *      outside group g); if one is idle, join it (served at rate mu2);
 *   3. else join the shortest of the d1 sampled primaries (ties uniform).
 * A secondary server takes a job only when idle, so it holds at most one
 * foreign job, at the head of its queue. Per-server state (f, n): f foreign
 * jobs (0 or 1) and n own jobs, queue length q = f + n <= K; value v = 2n + f,
 * so q = ceil(v / 2) and the radix is 2K + 1.
 *
 * Rates (I_g idle servers of group g, I_-g idle servers outside it, U_q servers
 * of group g with length >= q, M_q with exactly q; C = binomial coefficient):
 *   own job to an idle primary:  L_g [1 - C(N_g - I_g, d1)/C(N_g, d1)]                     (0,0) -> (0,1)
 *   foreign job, type h to g:    L_h b_h c_h I_g / I_-h                                      (0,0) -> (1,0)
 *       b_h = C(N_h - I_h, d1)/C(N_h, d1) (no sampled primary idle),
 *       c_h = 1 - C(N_-h - I_-h, d2)/C(N_-h, d2) (some sampled secondary idle; 0 if R = 1)
 *   own job, JSQ among primaries: L_g (1 - c_g) [C(U_q, d1) - C(U_{q+1}, d1)]/C(N_g, d1) m/M_q
 *       to the m servers in state (f, n) with q = f + n >= 1;                                (f,n) -> (f,n+1)
 *       lost when q = K (the boundary: some server with q = K)
 *   foreign completion: mu2 each   (1,n) -> (0,n);   own completion: mu1 each   (0,n) -> (0,n-1).
 *
 * Metrics: meanJobs (per server), groupMeanJobs[g] (per server of group g),
 * meanSojourn by Little's law over admitted jobs, and secondaryFraction, the
 * fraction of admitted jobs served by a secondary server.
 */
import { type Arith, binomial, type ChainDefinition, type Emit, type MetricDef, mixedRadixWeights, UsageError } from 'lbcheck';
import { classBlocks, fitsCodeSpace, moveServer, multisetStates, MULTISET_SIZE_HINT, runLength, serverCount } from '../support/server-multiset.ts';
import { affinityFeatures, level } from './mass-features.ts';
import { twinGroups } from './twins.ts';
import type { AffinityParams } from './params.ts';

export function ctmc<T>(p: AffinityParams, A: Arith<T>): ChainDefinition<T> {
  const R = p.servers.length;
  const N = serverCount(p);
  const K = p.K!;
  const radix = 2 * K + 1;
  if (!fitsCodeSpace(radix, N)) throw new UsageError(`K = ${K} with N = ${N} servers needs state codes beyond 2^53; lower K or N`);
  const blocks = classBlocks(p.servers);
  const radices = new Array<number>(N).fill(radix);
  const w = mixedRadixWeights(radices);
  const arrival = p.lambda.map((l, g) => A.fromRational(l.mul(p.servers[g])));
  const mu1 = A.fromRational(p.mu1);
  const mu2 = A.fromRational(p.mu2);
  const choose1 = Array.from({ length: N + 1 }, (_, x) => A.fromInt(Number(binomial(x, p.d1))));
  const choose2 = Array.from({ length: N + 1 }, (_, x) => A.fromInt(Number(binomial(x, p.d2))));
  const idle = new Int32Array(R);
  const twins = twinGroups(p.servers, p.lambda, blocks, radices, w);

  const countIdle = (s: Int32Array): number => {
    let all = 0;
    for (let g = 0; g < R; g++) {
      const b = blocks[g];
      let i = 0;
      for (let k = b.offset + b.size - 1; k >= b.offset && s[k] === 0; k--) i++;
      idle[g] = i;
      all += i;
    }
    return all;
  };
  /** b_g: no sampled primary of type g is idle. */
  const noIdlePrimary = (g: number): T => A.div(choose1[p.servers[g] - idle[g]], choose1[p.servers[g]]);
  /** c_g: some sampled secondary of type g is idle (0 with one group). */
  const idleSecondary = (g: number, allIdle: number): T => {
    if (R === 1) return A.zero;
    const outside = N - p.servers[g];
    return A.sub(A.one, A.div(choose2[outside - (allIdle - idle[g])], choose2[outside]));
  };
  /** Servers of group g with queue length >= q. */
  const atLeast = (s: Int32Array, g: number, q: number): number => {
    const b = blocks[g];
    let u = 0;
    for (let k = b.offset; k < b.offset + b.size && level(s[k]) >= q; k++) u++;
    return u;
  };
  /** Rate of type-g jobs that join, by JSQ among the sampled primaries, a server of length q (>= 1). */
  const jsqRate = (s: Int32Array, g: number, q: number, allIdle: number): T => {
    const diff = A.sub(choose1[atLeast(s, g, q)], choose1[atLeast(s, g, q + 1)]);
    return A.div(A.mul(A.mul(arrival[g], A.sub(A.one, idleSecondary(g, allIdle))), diff), choose1[p.servers[g]]);
  };
  /** Rate at which arrivals go to an idle secondary server. */
  const secondaryRate = (s: Int32Array): T => {
    const allIdle = countIdle(s);
    let r = A.zero;
    for (let h = 0; h < R; h++) r = A.add(r, A.mul(A.mul(arrival[h], noIdlePrimary(h)), idleSecondary(h, allIdle)));
    return r;
  };
  const totalArrival = arrival.reduce((a, x) => A.add(a, x), A.zero);
  const admitted = (s: Int32Array): T => {
    const allIdle = countIdle(s);
    let lost = A.zero;
    for (let g = 0; g < R; g++) if (atLeast(s, g, K) > 0) lost = A.add(lost, jsqRate(s, g, K, allIdle));
    return A.sub(totalArrival, lost);
  };
  const jobs = (s: Int32Array, from: number, to: number): number => {
    let t = 0;
    for (let k = from; k < to; k++) t += level(s[k]);
    return t;
  };
  const metrics: MetricDef<T>[] = [
    { name: 'meanJobs', reward: (s) => A.div(A.fromInt(jobs(s, 0, N)), A.fromInt(N)) },
    // A group's jobs averaged over its twins (twins.ts: the lumped state orders their blocks).
    ...blocks.map((b, g) => ({
      name: 'groupMeanJobs',
      index: g + 1,
      reward: (s: Int32Array) => {
        let t = 0;
        for (const h of twins.of[g]) t += jobs(s, blocks[h].offset, blocks[h].offset + b.size);
        return A.div(A.fromInt(t), A.fromInt(b.size * twins.of[g].length));
      },
    })),
    // Little's law over admitted jobs; assignments to secondaries over admitted jobs.
    { name: 'meanSojourn', reward: (s) => A.fromInt(jobs(s, 0, N)), per: admitted },
    { name: 'secondaryFraction', reward: secondaryRate, per: admitted },
  ];

  /** Every transition out of the (canonical) state s, to codes not yet mapped onto their twins' orbit. */
  const transitions = (s: Int32Array, code: number, emit: Emit<T>): void => {
    const allIdle = countIdle(s);
    for (let g = 0; g < R; g++) {
      const b = blocks[g];
      const end = b.offset + b.size;
      for (let k = b.offset; k < end; ) {
        // A run of m servers in state v (digits sorted non-increasing).
        const v = s[k];
        const m = runLength(s, k, end);
        k += m;
        const many = A.fromInt(m);
        const q = level(v);
        if (v & 1) emit(moveServer(s, w, b, code, v, v - 1), A.mul(many, mu2));
        else if (v > 0) emit(moveServer(s, w, b, code, v, v - 2), A.mul(many, mu1));
        if (q === 0) {
          // Own job to an idle primary; foreign jobs from every other type.
          emit(moveServer(s, w, b, code, 0, 2), A.mul(arrival[g], A.sub(A.one, noIdlePrimary(g))));
          let foreign = A.zero;
          for (let h = 0; h < R; h++) {
            if (h === g) continue;
            const share = A.div(many, A.fromInt(allIdle - idle[h]));
            foreign = A.add(foreign, A.mul(A.mul(A.mul(arrival[h], noIdlePrimary(h)), idleSecondary(h, allIdle)), share));
          }
          if (!A.isZero(foreign)) emit(moveServer(s, w, b, code, 0, 1), foreign);
        } else if (q < K) {
          const rate = jsqRate(s, g, q, allIdle);
          if (!A.isZero(rate)) {
            // Of the servers at length q, this run holds m.
            const sameLevel = atLeast(s, g, q) - atLeast(s, g, q + 1);
            emit(moveServer(s, w, b, code, v, v + 2), A.div(A.mul(rate, many), A.fromInt(sameLevel)));
          }
        }
      }
    }
  };
  // At most 3 transitions per server (service, own job, foreign job), each mapped
  // to its orbit's representative; rates into one orbit added.
  const targets = new Float64Array(3 * N);
  const rates = new Array<T>(3 * N);
  let collected = 0;
  const collect: Emit<T> = (target, rate) => {
    const c = twins.canonical(target);
    for (let j = 0; j < collected; j++) {
      if (targets[j] === c) {
        rates[j] = A.add(rates[j], rate);
        return;
      }
    }
    targets[collected] = c;
    rates[collected++] = rate;
  };

  return {
    digitNames: blocks.flatMap((b, g) => Array.from({ length: b.size }, (_, k) => `v${g + 1}_${k + 1}`)),
    radices,
    stateCount: twins.count(p.servers.map((c) => multisetStates([c], radix))),
    sizeHint: MULTISET_SIZE_HINT,
    initial: new Array<number>(N).fill(0),
    metrics,
    massFeatures: affinityFeatures(blocks),
    describe: (s) =>
      `(${blocks
        .map((b, g) => `group ${g + 1}: ${Array.from(s.subarray(b.offset, b.offset + b.size), (v) => `${v & 1 ? 'f+' : ''}${v >> 1}`).join(',')}`)
        .join('; ')})`,
    atBoundary: (s) => {
      for (let k = 0; k < N; k++) if (level(s[k]) === K) return true;
      return false;
    },
    successors(s, code, emit) {
      if (!twins.any) {
        transitions(s, code, emit);
        return;
      }
      collected = 0;
      transitions(s, code, collect);
      for (let j = 0; j < collected; j++) emit(targets[j], rates[j]);
    },
  };
}
