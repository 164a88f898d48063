/**
 * JIQ-SQ(d), a policy lbcheck does not have built in, declared at the
 * population level. One dispatcher, N servers, Poisson arrivals at rate
 * lambda N, Exp(1) services, FCFS. An arrival joins an idle server if there is
 * one (uniformly at random); otherwise the shortest of d servers sampled
 * uniformly without replacement (ties uniformly).
 *
 * State: y_i = the number of servers with exactly i jobs, i = 0..K (they sum
 * to N). With S_i = y_i + ... + y_K the servers with at least i jobs, the
 * shortest of d samples has length >= i with probability C(S_i, d)/C(N, d).
 *   arrival, y_0 > 0:             rate lambda N,                               y_0 - 1, y_1 + 1
 *   arrival, y_0 = 0, joins i:    rate lambda N [C(S_i,d) - C(S_{i+1},d)]/C(N,d), y_i - 1, y_{i+1} + 1 (1 <= i < K)
 *   completion at length i >= 1:  rate y_i,                                    y_i - 1, y_{i-1} + 1
 * The shortest sample at K: the job is lost (the truncation; K is automatic).
 */
import {
  DEFAULT_BOUNDARY_TOLERANCE,
  Fraction,
  UsageError,
  binomial,
  capParam,
  intParam,
  populationFamily,
  rationalParam,
  type Counts,
  type PopulationEvent,
  type Rational,
} from 'lbcheck';

const params = {
  N: intParam('number of servers', { min: 1 }),
  d: intParam('servers sampled when none is idle, 1..N', { min: 1 }),
  lambda: rationalParam('arrival rate per server, 0 < lambda < 1', 'positive'),
  K: capParam,
};

interface JiqSqdParams {
  N: number;
  d: number;
  lambda: Rational;
  K: number | undefined;
}

/** S_i = y_i + ... + y_K: servers with at least i jobs. */
function atLeast(y: Counts, i: number): number {
  let s = 0;
  for (let j = i; j < y.length; j++) s += y[j];
  return s;
}

export const jiqSqd = populationFamily({
  id: 'jiq-sqd',
  title: 'JIQ-SQ(d): join an idle server if any, else the shortest of d sampled servers',
  params,
  metrics: { meanJobs: 'scalar', meanSojourn: 'scalar', waitProbability: 'scalar' },
  example: { N: '3', d: '2', lambda: '7/10', K: '6' },
  check(p: JiqSqdParams) {
    if (p.d > p.N) throw new UsageError(`--d must be <= N = ${p.N} (d distinct servers are sampled), got ${p.d}`);
  },
  // A queue at K needs about N K jobs in the system, which has probability about lambda^(N K):
  // start where that is below the boundary tolerance; each level more takes off about lambda^N.
  truncation: {
    initialK: (p) => Math.max(2, Math.ceil(Math.log(DEFAULT_BOUNDARY_TOLERANCE) / (p.N * Math.log(p.lambda.valueOf())))),
    nextK: (_p, K) => K + 2,
    // Without a cap the queues need lambda < 1 (the K search would never end otherwise).
    unstable: (p) => (p.lambda.compare(1) < 0 ? null : `--lambda must be < 1 for the queues to be stable, got ${p.lambda.toFraction()}`),
  },
  population(p, A) {
    const { N, d } = p;
    const K = p.K!;
    const arrivals = p.lambda.mul(N);
    const sampleShare = (a: number, b: number) => A.fromRational(arrivals.mul(new Fraction(binomial(a, d) - binomial(b, d), binomial(N, d))));
    const counts = Array.from({ length: K + 1 }, (_, i) => `y${i}`);
    const events: PopulationEvent<typeof A.zero>[] = [
      { name: 'arrival to an idle server', change: { y0: -1, y1: +1 }, rate: (y) => (y[0] > 0 ? A.fromRational(arrivals) : A.zero) },
    ];
    for (let i = 1; i < K; i++) {
      events.push({
        name: `arrival, all busy, joins length ${i}`,
        change: { [`y${i}`]: -1, [`y${i + 1}`]: +1 },
        rate: (y) => (y[0] > 0 ? A.zero : sampleShare(atLeast(y, i), atLeast(y, i + 1))),
      });
    }
    for (let i = 1; i <= K; i++) {
      events.push({ name: `completion at length ${i}`, change: { [`y${i}`]: -1, [`y${i - 1}`]: +1 }, rate: (y) => A.fromInt(y[i]) });
    }
    const jobs = (y: Counts) => {
      let t = 0;
      for (let i = 1; i <= K; i++) t += i * y[i];
      return A.fromInt(t);
    };
    // Lost: all busy and the shortest sample at K.
    const admitted = (y: Counts) => (y[0] > 0 ? A.fromRational(arrivals) : A.sub(A.fromRational(arrivals), sampleShare(y[K], 0)));
    return {
      counts,
      max: N,
      total: N,
      initial: { y0: N },
      events,
      metrics: [
        { name: 'meanJobs', reward: (y) => A.div(jobs(y), A.fromInt(N)) },
        { name: 'meanSojourn', reward: jobs, per: admitted },
        { name: 'waitProbability', reward: (y) => (y[0] === 0 ? A.one : A.zero) },
      ],
      boundary: (y) => y[K] > 0,
    };
  },
  simulator: {
    panels: {
      small: [
        { id: 'n3-d2', params: { N: '3', d: '2', lambda: '0.7', K: '8' }, horizon: 20_000 },
        { id: 'n4-d1', params: { N: '4', d: '1', lambda: '0.8', K: '10' }, horizon: 20_000 },
      ],
    },
  },
});
