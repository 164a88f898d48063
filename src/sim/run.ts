/** One simulation run with its output analysis: estimates with 95% intervals, and how they were made. */
import { UsageError } from '../core/errors.ts';
import { analyse, RECORDED_BATCHES, type Estimate } from './batch-means.ts';
import { checkSeed } from './random.ts';
import type { SimulatorView } from './view.ts';

export interface SimulationReport {
  seed: number;
  horizon: number;
  events: number;
  eventsPerSecond: number;
  /** Wall-clock seconds of the event loop. */
  seconds: number;
  metrics: Record<string, Estimate>;
  /** Simulated time deleted as warm-up, and the batches behind each interval. */
  warmup: number;
  batches: number;
  batchLength: number;
}

export function checkHorizon(horizon: number, what: string): number {
  if (!Number.isFinite(horizon) || horizon <= 0) throw new UsageError(`${what} must be a number > 0, got ${JSON.stringify(horizon)}`);
  return horizon;
}

export function runSimulation<P>(
  view: SimulatorView<P>,
  p: P,
  o: { seed: number; horizon: number; onProgress?: (fraction: number) => void },
): SimulationReport {
  checkSeed(o.seed, 'seed');
  checkHorizon(o.horizon, 'horizon');
  const start = performance.now();
  const record = view.simulate(p, { seed: o.seed, horizon: o.horizon, batches: RECORDED_BATCHES, onProgress: o.onProgress });
  const seconds = (performance.now() - start) / 1000;
  const a = analyse(record);
  const recorded = o.horizon / RECORDED_BATCHES;
  return {
    seed: o.seed,
    horizon: o.horizon,
    events: record.events,
    eventsPerSecond: record.events / seconds,
    seconds,
    metrics: a.estimates,
    warmup: a.warmupBatches * recorded,
    batches: a.batches,
    batchLength: a.groupSize * recorded,
  };
}
