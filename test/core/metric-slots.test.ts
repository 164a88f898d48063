/** metricSlots (src/core/metric-schema.ts): a simulator's estimate slots derived from its family's schema. */
import { describe, expect, it } from 'vitest';
import { metricSlots } from '../../src/core/metric-schema.ts';
import { metrics as heteroPs } from '../../models/hetero-ps/metrics.ts';
import { metrics as jsqD } from '../../models/jsq-d/metrics.ts';

describe('metricSlots', () => {
  it('lists scalars by name and vectors as name[1..n], in schema order', () => {
    const slots = metricSlots(jsqD, { s: 3 });
    expect(slots.names).toEqual(['meanJobs', 'meanSojourn', 's[1]', 's[2]', 's[3]']);
    expect(slots.at).toEqual({ meanJobs: 0, meanSojourn: 1, s: 2 });
    expect(slots.of(['meanJobs', 's'])).toEqual([true, false, true, true, true]);
  });
  it('places what follows a vector after all of its entries', () => {
    const slots = metricSlots(heteroPs, { classMeanJobs: 2 });
    expect(slots.names).toEqual(['meanJobs', 'classMeanJobs[1]', 'classMeanJobs[2]', 'meanSojourn']);
    expect(slots.at.meanSojourn).toBe(3);
    expect(slots.of(['meanSojourn'])).toEqual([false, false, false, true]);
  });
  it('a vector of length 0 has no slots', () => {
    expect(metricSlots(jsqD, { s: 0 }).names).toEqual(['meanJobs', 'meanSojourn']);
  });
});
