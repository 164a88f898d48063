import { describe, expect, it } from 'vitest';
import { properties } from '../../properties/index.ts';
import { DEFAULT_SEED, runProperty } from '../../src/check/runner.ts';

describe('built-in properties (what `npm start` runs)', () => {
  it.each(properties.map((p) => [p.id, p] as const))('%s gives its expected verdict', async (_id, p) => {
    const r = await runProperty(p, { seed: DEFAULT_SEED, progress: () => {} });
    expect(r.asExpected, `${p.id}: ${r.verdict} (expected ${p.expected}): ${r.summary}`).toBe(true);
  });
});
