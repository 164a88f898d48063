/**
 * `npm run bench -- sim`: the simulator floor, jiq-blocking at N = 10^5, R = 2
 * (lambda = 9/10, alpha = 3/5,2/5) simulating >= 5 million events per second.
 * Events per wall second and per CPU second side by side (the machine is shared).
 */
import { jiqBlocking } from '../models/jiq-blocking.ts';
import { RECORDED_BATCHES } from '../src/sim/batch-means.ts';
import { emit, round, timed } from './measure.ts';

const FLOOR = 5e6;

function simCase(N: number, horizon: number, repeat: number): void {
  const p = jiqBlocking.parse({ N: String(N), lambda: '9/10', alpha: '3/5,2/5' });
  const sim = jiqBlocking.simulator!;
  const r = timed(() => sim.simulate(p, { seed: repeat + 1, horizon, batches: RECORDED_BATCHES }));
  const events = r.value.events;
  emit({
    case: `jiq-blocking R=2 N=${N} T=${horizon} run ${repeat + 1}`,
    events,
    seconds: round(r.seconds),
    cpuSeconds: round(r.cpuSeconds),
    eventsPerSecond: Math.round(events / r.seconds),
    eventsPerCpuSecond: Math.round(events / r.cpuSeconds),
    floor: FLOOR,
    meetsFloor: events / r.seconds >= FLOOR,
  });
}

export function simSuite(): void {
  for (let i = 0; i < 3; i++) simCase(100_000, 100, i);
  simCase(10, 1e6, 0);
}
