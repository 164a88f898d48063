/**
 * Per-server event simulator of JIQ, queueing scenario (THEORY section 1):
 * servers have their own FCFS queues; an idle server's token sits in its
 * dispatcher's set of idle ids. An arrival at r with a token joins that idle
 * server; without one it goes to a server chosen uniformly among all N: a busy
 * server (the job waits behind the jobs it finds), or an idle one whose token,
 * wherever it is, is revoked. A server that empties sends its token to r w.p.
 * beta_r; tokens move at rate nu as in jiq-blocking. With a cap K in the
 * parameters, a job sent at random to a server holding K jobs is lost, as in
 * the CTMC. Gillespie's method with the clock advanced by the mean holding time
 * 1/q (see models/jiq-blocking/simulator.ts).
 * Metrics (names as in the CTMC; per admitted job where the CTMC says so):
 * waitProbability, meanWait (jobs found, = mean wait with unit-mean FCFS jobs),
 * meanJobs, meanSojourn (Little: time-integral of jobs / admitted jobs), tokenFraction[r].
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
import type { JiqQueueingParams } from './params.ts';
import { metrics } from './metrics.ts';
import { panels } from './regression-panel.ts';

const PURPOSES = ['event', 'route', 'allot', 'exchange'] as const;

export function simulate(p: JiqQueueingParams, o: SimulationOptions): SimulationRecord {
  const N = p.N;
  const R = p.alpha.length;
  const cap = p.K ?? Infinity;
  const arrivalRate = ratToNumber(p.lambda) * N;
  const arrivalCum = cumulative(p.alpha.map(ratToNumber), arrivalRate);
  const allotCum = cumulative(p.beta.map(ratToNumber), 1);
  const moveRate = R > 1 ? (ratToNumber(p.nu) * (R - 1)) / R : 0;
  const { event, route, allot, exchange } = streams(o.seed, PURPOSES);

  const queue = new Int32Array(N);
  const busy = new IdSet(N);
  const tokens = Array.from({ length: R }, () => new IdSet(N));
  const tokenAt = new Int32Array(N); // dispatcher holding an idle server's token
  const giveToken = (server: number, r: number): void => {
    tokens[r].add(server);
    tokenAt[server] = r;
  };
  /** An idle server gets a job: its token (at tokenAt) is used or revoked. */
  const start = (server: number): void => {
    tokens[tokenAt[server]].remove(server);
    busy.add(server);
    queue[server] = 1;
  };
  for (let s = 0; s < N; s++) giveToken(s, pick(allotCum, allot.uniform()));
  let jobs = 0;

  // waitProbability, meanWait and meanSojourn are per admitted job; meanJobs and tokenFraction time averages.
  const slots = metricSlots(metrics, { tokenFraction: R });
  const { waitProbability: WAIT_P, meanWait: WAIT, meanJobs: JOBS, meanSojourn: SOJOURN, tokenFraction: TOKENS } = slots.at;
  const rec = new BatchRecorder(slots.names, slots.of(['meanJobs', 'tokenFraction']), o);
  const { num, den } = rec;
  const perServer = 1 / N;
  const accumulate = (dt: number): void => {
    num[JOBS] += jobs * dt * perServer;
    num[SOJOURN] += jobs * dt;
    for (let r = 0; r < R; r++) num[TOKENS + r] += tokens[r].size * dt * perServer;
  };

  for (;;) {
    const idle = N - busy.size;
    const q = arrivalRate + busy.size + moveRate * idle;
    if (!rec.hold(1 / q, accumulate)) return rec.result();
    let u = event.uniform() * q;
    if (u < arrivalRate) {
      const r = pick(arrivalCum, u);
      const set = tokens[r];
      let server: number;
      if (set.size > 0) server = set.at(set.size - 1);
      else {
        server = route.below(N);
        if (queue[server] >= cap) continue; // lost
      }
      den[WAIT_P]++;
      den[WAIT]++;
      den[SOJOURN]++;
      jobs++;
      if (queue[server] === 0) start(server);
      else {
        num[WAIT_P]++;
        num[WAIT] += queue[server]++;
      }
    } else if ((u -= arrivalRate) < busy.size || moveRate === 0 || idle === 0) {
      const server = busy.at(Math.min(Math.floor(u), busy.size - 1));
      jobs--;
      if (--queue[server] === 0) {
        busy.remove(server);
        giveToken(server, pick(allotCum, allot.uniform()));
      }
    } else {
      // A token move: a uniform idle token goes to a uniform other dispatcher.
      let k = Math.min(Math.floor((u - busy.size) / moveRate), idle - 1);
      let r = 0;
      while (k >= tokens[r].size) k -= tokens[r++].size;
      const server = tokens[r].at(k);
      tokens[r].remove(server);
      let to = exchange.below(R - 1);
      if (to >= r) to++;
      giveToken(server, to);
    }
  }
}

// meanSojourn = meanJobs / throughput (Little's law) = meanWait + 1: counted once by `regress`.
export const simulatorView: SimulatorView<JiqQueueingParams> = { simulate, panels, functionOf: { meanSojourn: 'meanJobs', meanWait: 'meanSojourn' } };
