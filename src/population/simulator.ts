/**
 * A population-level simulator derived from the same events as the chain:
 * Gillespie's method on the counts, the clock advanced by the mean holding
 * time 1/q (as lbcheck's own simulators do), the next event drawn with
 * probability rate/q. It shares the chain's declaration, so it is no
 * independent check of it: its method says `derived`.
 */
import { streams } from '../sim/random.ts';
import { BatchRecorder } from '../sim/recorder.ts';
import type { SimulationOptions, SimulationRecord } from '../core/simulator-view.ts';
import { checkFiring, layout } from './layout.ts';
import { flatMetricName } from '../core/metric-names.ts';
import type { Population } from './types.ts';

export const DERIVED_SIMULATOR = "derived: Gillespie on the declared population events (shares the chain's declaration)";

const PURPOSES = ['event'] as const;

/** Simulates pop (integer counts); `family` names it in the errors of a rate or change. */
export function simulatePopulation(pop: Population<number>, o: SimulationOptions, family?: string): SimulationRecord {
  const L = layout(pop);
  const E = L.events.length;
  const x = Int32Array.from(L.initialCounts);
  const rates = new Float64Array(E);
  const { metrics } = pop;
  const names = metrics.map((m) => flatMetricName(m.name, m.index));
  const rec = new BatchRecorder(
    names,
    metrics.map((m) => m.per === undefined),
    o,
  );
  const { num, den } = rec;
  const accumulate = (dt: number): void => {
    for (let k = 0; k < metrics.length; k++) {
      const m = metrics[k];
      num[k] += m.reward(x) * dt;
      if (m.per) den[k] += m.per(x) * dt;
    }
  };
  const { event } = streams(o.seed, PURPOSES);
  for (;;) {
    let q = 0;
    for (let k = 0; k < E; k++) {
      const r = L.events[k].event.rate(x);
      if (r !== 0) checkFiring(L, L.events[k], x, r, family);
      rates[k] = r;
      q += r;
    }
    // An absorbing state holds for the rest of the horizon.
    if (!rec.hold(q > 0 ? 1 / q : Infinity, accumulate)) return rec.result();
    let u = event.uniform() * q;
    let k = 0;
    for (; k < E; k++) {
      if (u < rates[k]) break;
      u -= rates[k];
    }
    while (k === E || rates[k] === 0) k--; // rounding ran past the last event with a positive rate
    const e = L.events[k];
    for (let j = 0; j < e.index.length; j++) x[e.index[j]] += e.delta[j];
  }
}
