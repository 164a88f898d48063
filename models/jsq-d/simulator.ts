/**
 * Per-server event simulator of JSQ(d) (THEORY section 4): N FCFS servers with
 * their own queue lengths; an arrival samples d distinct servers (a partial
 * Fisher-Yates shuffle of a permutation of the ids) and joins the shortest; the
 * sample's order is uniform, so taking the first shortest breaks ties uniformly.
 * With a cap K in the parameters, an arrival whose chosen server holds K jobs is
 * lost, as in the CTMC. Gillespie's method with the clock advanced by the mean
 * holding time 1/q (see models/jiq-blocking/simulator.ts), q = lambda N + busy.
 * Metrics (names as in the CTMC): meanJobs, meanSojourn (Little: time-integral
 * of jobs / admitted jobs), s[i] = fraction of servers with >= i jobs, i <= LEVELS.
 */
import { BatchRecorder, IdSet, metricSlots, ratToNumber, type SimulationOptions, type SimulationRecord, type SimulatorView, streams } from 'lbcheck';
import type { JsqdParams } from './params.ts';
import { drawServers } from '../support/sampling.ts';
import { metrics } from './metrics.ts';
import { panels } from './regression-panel.ts';

/** Tail fractions s[1..LEVELS] are estimated (deeper ones are rare events with skewed batch means). */
const LEVELS = 4;
const PURPOSES = ['event', 'sample'] as const;

export function simulate(p: JsqdParams, o: SimulationOptions): SimulationRecord {
  const { N, d } = p;
  const cap = p.K ?? Infinity;
  const L = Math.min(LEVELS, p.K ?? LEVELS);
  const arrivalRate = ratToNumber(p.lambda) * N;
  const { event, sample } = streams(o.seed, PURPOSES);

  const queue = new Int32Array(N);
  const busy = new IdSet(N);
  const perm = Int32Array.from({ length: N }, (_, s) => s);
  const drawn = new Int32Array(d);
  const below = (m: number): number => sample.below(m);
  const atLeast = new Int32Array(L + 1); // atLeast[i]: servers with >= i jobs, 1 <= i <= L
  let jobs = 0;

  // meanSojourn is per admitted job; the others are time averages.
  const slots = metricSlots(metrics, { s: L });
  const { meanJobs: JOBS, meanSojourn: SOJOURN, s: TAIL } = slots.at; // TAIL: s[1]
  const rec = new BatchRecorder(slots.names, slots.of(['meanJobs', 's']), o);
  const { num, den } = rec;
  const perServer = 1 / N;
  const accumulate = (dt: number): void => {
    num[JOBS] += jobs * dt * perServer;
    num[SOJOURN] += jobs * dt;
    for (let i = 1; i <= L; i++) num[TAIL + i - 1] += atLeast[i] * dt * perServer;
  };

  for (;;) {
    const q = arrivalRate + busy.size;
    if (!rec.hold(1 / q, accumulate)) return rec.result();
    const u = event.uniform() * q;
    if (u < arrivalRate) {
      // The first shortest of the d servers drawn.
      drawServers(p.sampling, N, d, below, perm, drawn);
      let best = drawn[0];
      for (let k = 1; k < d; k++) if (queue[drawn[k]] < queue[best]) best = drawn[k];
      if (queue[best] >= cap) continue; // lost
      den[SOJOURN]++;
      if (queue[best] === 0) busy.add(best);
      const n = ++queue[best];
      jobs++;
      if (n <= L) atLeast[n]++;
    } else {
      const s = busy.at(Math.min(Math.floor(u - arrivalRate), busy.size - 1));
      const n = queue[s]--;
      jobs--;
      if (n <= L) atLeast[n]--;
      if (n === 1) busy.remove(s);
    }
  }
}

export const simulatorView: SimulatorView<JsqdParams> = {
  simulate,
  panels,
  comparedMetrics: {
    select: (_p, names) => names.filter((name) => !/^s\[\d+\]$/.test(name) || Number(name.slice(2, -1)) <= LEVELS),
    why: `tail fractions s[i] are compared for i <= ${LEVELS} only: deeper levels are rare events whose batch means are too skewed for a t-test`,
  },
  // meanSojourn = meanJobs / throughput (Little's law): counted once by `regress`.
  functionOf: { meanSojourn: 'meanJobs' },
};
