/**
 * JSQ(d) [P2], THEORY section 4, as an exchangeability-lumped CTMC: one
 * dispatcher, Poisson arrivals of rate lambda N; an arrival samples d servers
 * uniformly (d distinct ones, or with --sampling with d independent ones) and
 * joins the shortest (ties uniform); unit-mean exponential jobs, FCFS. State:
 * the queue profile (levels S_1..S_K) of models/support/queue-packings.ts.
 *
 * The shortest sampled queue has length >= i iff all d samples lie among the
 * S_i servers of length >= i: P(min >= i) = P_d(S_i) with P_d(m) = C(m, d)/C(N, d)
 * without replacement (hypergeometric), (m/N)^d with (support/sampling.ts).
 * Ties are uniform, so which tied server is joined does not change the profile:
 *   join a server of length i (0 <= i < K): rate lambda N [P_d(S_i) - P_d(S_{i+1})],  S_{i+1} + 1
 *   completion at a server of length i >= 1: rate y_i = S_i - S_{i+1},               S_i - 1
 * The shortest sampled queue at K (rate lambda N P_d(S_K)): the job is lost.
 *
 * Metrics: meanJobs = E[sum_i S_i]/N; s_i = E[S_i]/N; meanSojourn by Little's
 * law over admitted jobs, E[sum_i S_i] / E[lambda N (1 - P_d(S_K))].
 */
import type { Arith, ChainDefinition, MetricDef } from 'lbcheck';
import { profileStates } from '../support/queue-code-space.ts';
import { describeLevels, levelReader } from '../support/queue-levels.ts';
import { queueProfile } from '../support/queue-packings.ts';
import { shortestSampleRates } from '../support/sampling.ts';
import type { JsqdParams } from './params.ts';

export function ctmc<T>(p: JsqdParams, A: Arith<T>): ChainDefinition<T> {
  const { N } = p;
  const K = p.K!;
  const profile = queueProfile(N, K, 0);
  const rate = shortestSampleRates(p.sampling, N, p.d, p.lambda, A);
  const n = A.fromInt(N);
  const S = new Int32Array(K + 2); // levels S_i, S_{i+1} of the lengths i held in the state whose successors are emitted
  const held = new Int32Array(K + 1); // those lengths
  const levels = levelReader(profile, K); // for descriptions
  const jobs = (s: Int32Array): T => A.fromInt(profile.jobs(s));
  const offered = rate(N, 0);
  const fraction = (m: number): T => A.div(A.fromInt(m), n); // s_i's reward S_i / N
  const metrics: MetricDef<T>[] = [
    { name: 'meanJobs', reward: (s) => A.div(jobs(s), n) },
    // Little's law: admitted arrivals at rate lambda N minus the rate of lost ones.
    { name: 'meanSojourn', reward: jobs, per: (s) => A.sub(offered, rate(profile.level(s, K), 0)) },
  ];
  for (let i = 1; i <= K; i++) metrics.push({ name: 's', index: i, reward: (s) => fraction(profile.level(s, i)) });
  const R = new Int32Array(K + 2); // levels of the state whose rewards are asked (rewardsInto)
  return {
    rewardsInto(s, out) {
      const total = jobs(s);
      out[0] = A.div(total, n);
      out[1] = total;
      // s_i's reward is 0 past the longest queue: those entries are left unwritten (ChainDefinition.rewardsInto).
      const longest = profile.readToLongest(s, R);
      for (let i = 1; i <= longest; i++) out[1 + i] = fraction(R[i]);
      return 2 + longest;
    },
    digitNames: profile.digitNames,
    radices: profile.radices,
    initial: new Array<number>(profile.radices.length).fill(0),
    metrics,
    describe: (s) => `(${describeLevels(levels(s), K)})`,
    stateCount: profileStates(N, K, 1),
    atBoundary: (s) => profile.level(s, K) > 0,
    successors(s, code, emit) {
      const m = profile.occupied(s, S, held);
      for (let g = 0; g < m; g++) {
        const i = held[g];
        if (i === K) continue;
        const r = rate(S[i], S[i + 1]); // 0 without replacement when S_i < d
        if (!A.isZero(r)) emit(code + profile.join(S, i), r); // join length i
      }
      for (let g = 0; g < m; g++) {
        const i = held[g];
        if (i > 0) emit(code + profile.leave(S, i), A.fromInt(S[i] - S[i + 1])); // completion at length i
      }
    },
  };
}
