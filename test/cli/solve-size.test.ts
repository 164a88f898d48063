/** The size of an automatic truncation is said before a long search: the chain's states counted from its definition, against the budget. */
import { describe, expect, it } from 'vitest';
import { searchSizeNote } from '../../src/cli/solve-size.ts';
import type { AnyFamily } from '../../src/registry/registry.ts';
import { jsqD } from '../../models/jsq-d.ts';

const family = jsqD as unknown as AnyFamily;

/** C(n, k) exactly. */
function binomial(n: number, k: number): bigint {
  let c = 1n;
  for (let j = 1; j <= k; j++) c = (c * BigInt(n - k + j)) / BigInt(j);
  return c;
}

describe('solve: the search size note', () => {
  it("jsq-d N = 100, d = 2, lambda = 1/2: the projection chain's lumped states C(N + K, K) against the budget", () => {
    const note = searchSizeNote(family, jsqD.parse({ N: '100', d: '2', lambda: '1/2' }), 1e7)!;
    const K = Number(/cut at K = (\d+) /.exec(note)![1]);
    // Lumped by exchangeability: the multisets of N queue lengths in 0..K.
    const states = Number(binomial(100 + K, K));
    expect(note).toBe(
      `solve: the chain cut at K = ${K} has about ${states.toExponential(1)} states, more than the state budget of 1e+7: ` +
        'the search explores its likeliest states (finite state projection), at most the budget, and may take long ' +
        '(--max-seconds bounds its time, --K fixes the cut)',
    );
    expect(states).toBeGreaterThan(1e7);
  });

  it('says nothing for a chain within the budget or a fixed K', () => {
    expect(searchSizeNote(family, jsqD.parse({ N: '3', d: '2', lambda: '1/2' }), 1e7)).toBeNull();
    expect(searchSizeNote(family, jsqD.parse({ N: '100', d: '2', lambda: '1/2', K: '3' }), 1e7)).toBeNull();
  });
});
