/**
 * What the finite state projection (src/ctmc/truncation/projection.ts) fits log pi to,
 * for families of N queues (ChainDefinition.massFeatures): the total number of
 * jobs and, for every pair of servers i < j, the gaps (q_i - q_j)+ and
 * (q_j - q_i)+, then any digits of the family's own (tokens). Where the lengths
 * come sorted longest first within blocks of servers (a lumped state), (q_j -
 * q_i)+ is always 0 for i < j of one block and is left out: a feature that is
 * always 0 gets coefficient 0 from the fit's ridge and changes nothing else.
 *
 * Why: routing that balances queues puts the mass along the diagonal q_1 = ...
 * = q_N, where it falls with the total and, away from it, with the gaps (at a
 * rate of their own on each side: under SQ(2) a slow server's queue is the
 * longer one). A law linear in the digits cannot follow a diagonal, and its fit
 * on a small set rises along some digit, so the set runs out along it.
 * Measured on hetero-ps 2,2 servers of rates 2,1 under SQ(2) at 0.9 of
 * capacity, growing x4 per round from 1,024 states: digits, frontier mass
 * 2.3e-5 at 262,144 states then rising (the fit's slopes on the slow queues
 * are positive); total and |gaps|, 4.1e-7 at 262,144 and 1.2e-14 at 4.2
 * million; total and signed gaps, 6.7e-11 at 262,144 and 7.5e-17 at 1 million.
 */
import type { MassFeatures } from 'lbcheck';
import type { ClassBlock } from './server-multiset.ts';

/**
 * Features of N queues whose lengths `lengths(s, q)` writes into q, sorted
 * non-increasing within each of `sorted` (blocks covering the N servers),
 * followed by `extra` more that `fillExtra(s, out, offset)` writes from
 * out[offset].
 */
export function queueGapFeatures(
  N: number,
  sorted: readonly ClassBlock[],
  lengths: (s: Int32Array, q: Int32Array) => void,
  extra = 0,
  fillExtra?: (s: Int32Array, out: Float64Array, offset: number) => void,
): MassFeatures {
  const q = new Int32Array(N);
  const block = new Int32Array(N); // block[i]: the sorted block of server i
  sorted.forEach((b, g) => block.fill(g, b.offset, b.offset + b.size));
  let gaps = 0;
  for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) gaps += block[i] === block[j] ? 1 : 2;
  return {
    count: 1 + gaps + extra,
    fill(s, out) {
      lengths(s, q);
      let total = 0;
      for (let k = 0; k < N; k++) total += q[k];
      out[0] = total;
      let f = 1;
      for (let i = 0; i < N; i++) {
        for (let j = i + 1; j < N; j++) {
          out[f++] = Math.max(0, q[i] - q[j]);
          if (block[i] !== block[j]) out[f++] = Math.max(0, q[j] - q[i]);
        }
      }
      fillExtra?.(s, out, f);
    },
  };
}
