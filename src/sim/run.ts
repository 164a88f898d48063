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
  /** Why the run is too short to estimate anything (its estimates are then unknown), or null. */
  tooShort: string | null;
}

/**
 * Fewest events per confidence-interval batch for batch means to be trusted:
 * a batch mean is then an average over many events, near normal (the t interval's
 * premise). Below it a run estimates nothing: "0 events, 0 ± 0" is no result.
 */
export const MIN_EVENTS_PER_BATCH = 50;

/** Why a run of `events` events in `batches` batches is too short, or null when it is long enough. */
export function tooShortReason(events: number, batches: number, horizon: number): string | null {
  const need = MIN_EVENTS_PER_BATCH * batches;
  if (events >= need) return null;
  const longer = events > 0 ? `; about T = ${Number(((horizon * need) / events).toPrecision(2))} would do` : '';
  return `run too short: ${events} events in ${batches} batches, at least ${need} needed (${MIN_EVENTS_PER_BATCH} per batch)${longer}`;
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
    tooShort: tooShortReason(record.events, a.batches, o.horizon),
  };
}

export interface RunEstimate {
  events: number;
  /** CPU seconds of this process (what the run costs; other processes' load does not inflate it). */
  seconds: number;
  /** The horizon of the pilot run the estimate scales up. */
  pilotHorizon: number;
}

/** Pilot runs stop growing once one takes this long (CPU seconds). */
const PILOT_SECONDS = 0.1;

/** CPU seconds (user + system) this process has used since `from` (process.cpuUsage()). */
function cpuSecondsSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1e6;
}

/**
 * Events and CPU time of a run over `horizon`, scaled up from pilot runs of
 * growing horizon (seed + 1, discarded), or null when the run itself is short (a
 * pilot of a quarter of the horizon took under PILOT_SECONDS). CPU time, not wall:
 * on a loaded machine a pilot of a few milliseconds that waits for a core would
 * scale up to a long run that is not.
 */
export function estimateRun<P>(view: SimulatorView<P>, p: P, o: { seed: number; horizon: number }): RunEstimate | null {
  for (let h = Math.min(1, o.horizon / 4); h <= o.horizon / 4; h *= 4) {
    const start = process.cpuUsage();
    const pilot = view.simulate(p, { seed: (o.seed + 1) >>> 0, horizon: h, batches: RECORDED_BATCHES });
    const seconds = cpuSecondsSince(start);
    if (seconds >= PILOT_SECONDS) return { events: pilot.events * (o.horizon / h), seconds: seconds * (o.horizon / h), pilotHorizon: h };
  }
  return null;
}
