/**
 * Per-server event simulator of heterogeneous processor-sharing servers
 * (THEORY section 5): server classes j with c_j servers of capacity C_j; under
 * PS with unit-mean exponential job sizes a class-j server holding jobs
 * completes one at rate C_j. An arrival is routed statically w.p. q (0 sq2, 1
 * static, mix for hybrid) to server i w.p. C_i / sum C, otherwise by SQ(2): two
 * distinct servers sampled uniformly, the one with fewer jobs joined, ties by a
 * fair coin. With a cap K in the parameters, a job sent to a server holding K
 * jobs is lost, as in the CTMC. Gillespie's method with the clock advanced by
 * the mean holding time 1/q (see models/jiq-blocking/simulator.ts).
 * Metrics (names as in the CTMC): meanJobs, classMeanJobs[j], meanSojourn
 * (Little: time-integral of jobs / admitted jobs).
 */
import {
  BatchRecorder,
  cumulative,
  IdSet,
  metricSlots,
  pick,
  ratToNumber,
  type SimulationOptions,
  type SimulationRecord,
  type SimulatorView,
  streams,
} from 'lbcheck';
import { serverCount } from '../support/server-multiset.ts';
import { staticShare, type HeteroPsParams } from './params.ts';
import { metrics } from './metrics.ts';
import { panels } from './regression-panel.ts';

const PURPOSES = ['event', 'route'] as const;

export function simulate(p: HeteroPsParams, o: SimulationOptions): SimulationRecord {
  const N = serverCount(p);
  const M = p.servers.length;
  const cap = p.K ?? Infinity;
  const arrivalRate = ratToNumber(p.lambda) * N;
  const staticShareOfArrivals = ratToNumber(staticShare(p));
  const capacity = p.rates.map(ratToNumber);
  const offset = p.servers.map((_, j) => p.servers.slice(0, j).reduce((a, c) => a + c, 0));
  const classOf = new Int32Array(N);
  p.servers.forEach((c, j) => classOf.fill(j, offset[j], offset[j] + c));
  // Static routing: class j w.p. c_j C_j / sum C, then a uniform server of the class.
  const staticCum = cumulative(
    p.servers.map((c, j) => c * capacity[j]),
    1 / p.servers.reduce((a, c, j) => a + c * capacity[j], 0),
  );
  const { event, route } = streams(o.seed, PURPOSES);

  const queue = new Int32Array(N);
  const busy = Array.from({ length: M }, () => new IdSet(N));
  const classJobs = new Float64Array(M);
  let jobs = 0;

  // meanSojourn is per admitted job; meanJobs and classMeanJobs time averages.
  const slots = metricSlots(metrics, { classMeanJobs: M });
  const { meanJobs: JOBS, classMeanJobs: CLASS_JOBS, meanSojourn: SOJOURN } = slots.at;
  const rec = new BatchRecorder(slots.names, slots.of(['meanJobs', 'classMeanJobs']), o);
  const { num, den } = rec;
  const perServer = 1 / N;
  const perClassServer = p.servers.map((c) => 1 / c);
  const accumulate = (dt: number): void => {
    num[JOBS] += jobs * dt * perServer;
    for (let j = 0; j < M; j++) num[CLASS_JOBS + j] += classJobs[j] * dt * perClassServer[j];
    num[SOJOURN] += jobs * dt;
  };
  /** The server an arrival is routed to. */
  const destination = (): number => {
    if (route.uniform() < staticShareOfArrivals) {
      const j = pick(staticCum, route.uniform());
      return offset[j] + route.below(p.servers[j]);
    }
    if (N === 1) return 0;
    const a = route.below(N);
    let b = route.below(N - 1);
    if (b >= a) b++;
    if (queue[a] !== queue[b]) return queue[a] < queue[b] ? a : b;
    return route.uniform() < 0.5 ? a : b;
  };

  for (;;) {
    let completionRate = 0;
    for (let j = 0; j < M; j++) completionRate += capacity[j] * busy[j].size;
    const q = arrivalRate + completionRate;
    if (!rec.hold(1 / q, accumulate)) return rec.result();
    let u = event.uniform() * q;
    if (u < arrivalRate) {
      const s = destination();
      if (queue[s] >= cap) continue; // lost
      den[SOJOURN]++;
      if (queue[s]++ === 0) busy[classOf[s]].add(s);
      classJobs[classOf[s]]++;
      jobs++;
    } else {
      // u - arrivalRate is uniform over the busy servers weighted by capacity.
      u -= arrivalRate;
      let last = M - 1;
      while (busy[last].size === 0) last--;
      let j = 0;
      for (; j < last; j++) {
        const w = capacity[j] * busy[j].size;
        if (u < w) break;
        u -= w;
      }
      const set = busy[j];
      const s = set.at(Math.min(Math.floor(u / capacity[j]), set.size - 1));
      if (--queue[s] === 0) set.remove(s);
      classJobs[j]--;
      jobs--;
    }
  }
}

// meanSojourn = meanJobs / throughput (Little's law): counted once by `regress`.
export const simulatorView: SimulatorView<HeteroPsParams> = { simulate, panels, functionOf: { meanSojourn: 'meanJobs' } };
