import { describe, expect, it } from 'vitest';
import { jsqD } from '../../models/jsq-d.ts';
import { estimateRun, MIN_EVENTS_PER_BATCH, runSimulation, tooShortReason } from '../../src/sim/run.ts';

const params = jsqD.parse({ N: '3', d: '2', lambda: '9/10' });

describe('how long a run must be', () => {
  it('needs MIN_EVENTS_PER_BATCH events per batch; says how long would do', () => {
    expect(tooShortReason(20 * MIN_EVENTS_PER_BATCH, 20, 10)).toBeNull();
    expect(tooShortReason(0, 20, 1e-9)).toBe('run too short: 0 events in 20 batches, at least 1000 needed (50 per batch)');
    // 500 events in T = 100: 1000 events need about T = 200.
    expect(tooShortReason(500, 20, 100)).toContain('about T = 200 would do');
  });

  it('runSimulation marks a run with no events as too short and a long one as not', () => {
    expect(runSimulation(jsqD.simulator!, params, { seed: 1, horizon: 1e-9 }).tooShort).toContain('0 events');
    const long = runSimulation(jsqD.simulator!, params, { seed: 1, horizon: 2000 });
    expect(long.tooShort).toBeNull();
    expect(long.events).toBeGreaterThan(1000);
  });

  it('estimates a long run from pilots: events scale with the horizon (about 2 lambda N per unit time)', () => {
    const e = estimateRun(jsqD.simulator!, params, { seed: 1, horizon: 1e12 })!;
    expect(e).not.toBeNull();
    // Arrivals at rate lambda N = 2.7 and as many completions: about 5.4 events per unit time.
    expect(e.events / 1e12).toBeGreaterThan(5.4 * 0.9);
    expect(e.events / 1e12).toBeLessThan(5.4 * 1.1);
    expect(e.pilotHorizon).toBeLessThan(1e12 / 4);
    expect(e.seconds).toBeGreaterThan(0);
  });

  it('gives no estimate for a short run', () => {
    expect(estimateRun(jsqD.simulator!, params, { seed: 1, horizon: 10 })).toBeNull();
  });
});
