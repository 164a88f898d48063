/**
 * Exchangeability lumping for systems whose servers fall into classes: servers
 * of one class are interchangeable, so a state records, per class, only the
 * multiset of its servers' states. The multiset is stored as the class's
 * per-server values sorted non-increasing: one digit per server, radix = the
 * number of per-server states, a contiguous block of digits per class. This
 * canonical labelling picks one representative of every orbit of the labelled
 * chain under permutations within classes, so transition rates into a lumped
 * state add up (the lumping is proved on small cases in the family tests).
 *
 * Unlike the queue profile (support/queue-packings.ts), whose code space is
 * (N+1)^K, this one is R^N: suited to few servers and long queues, and to
 * several classes.
 */
import { binomial } from 'lbcheck';

export interface ClassBlock {
  /** Index of the class's first digit. */
  readonly offset: number;
  /** Number of servers in the class. */
  readonly size: number;
}

/** N, the servers of all classes together (params listing servers per class). */
export function serverCount(p: { readonly servers: readonly number[] }): number {
  return p.servers.reduce((a, c) => a + c, 0);
}

export function classBlocks(sizes: readonly number[]): ClassBlock[] {
  let offset = 0;
  return sizes.map((size) => {
    const b = { offset, size };
    offset += size;
    return b;
  });
}

/** How many digits from k on, before `end`, equal s[k]: the run of servers sharing a value in a block sorted non-increasing. */
export function runLength(s: Int32Array, k: number, end: number): number {
  let m = 1;
  while (k + m < end && s[k + m] === s[k]) m++;
  return m;
}

/**
 * The code of the state in which one server of `block` whose value is `from`
 * takes the value `to` (the block re-sorted non-increasing), computed from the
 * digits without changing them. `from` must occur in the block.
 */
export function moveServer(s: Int32Array, w: Float64Array, block: ClassBlock, code: number, from: number, to: number): number {
  const first = block.offset;
  const last = block.offset + block.size - 1;
  let delta = 0;
  if (to > from) {
    // The leftmost `from` leaves; `to` enters before the first digit below it (p <= i).
    let i = first;
    while (s[i] !== from) i++;
    let p = first;
    while (s[p] >= to) p++;
    delta += (to - s[p]) * w[p];
    for (let k = p + 1; k <= i; k++) delta += (s[k - 1] - s[k]) * w[k];
  } else if (to < from) {
    // The rightmost `from` leaves; `to` enters after the last digit above it (p >= i).
    let i = last;
    while (s[i] !== from) i--;
    let p = last;
    while (s[p] <= to) p--;
    for (let k = i; k < p; k++) delta += (s[k + 1] - s[k]) * w[k];
    delta += (to - s[p]) * w[p];
  }
  return code + delta;
}

/** Number of lumped states: per class, the multisets of `size` values out of `radix`, C(radix + size - 1, size). */
export function multisetStates(sizes: readonly number[], radix: number): number {
  return sizes.reduce((acc, c) => acc * Number(binomial(radix + c - 1, c)), 1);
}

/** What answers a chain the explorer refuses for its size (ChainDefinition.sizeHint; the cap is MAX_STATES, src/core/numerical-policy.ts). */
export const MULTISET_SIZE_HINT = 'give a smaller --K or a lighter load';

/** Whether N digits of this radix pack into codes <= 2^53 - 1 (core/mixed-radix.ts). */
export function fitsCodeSpace(radix: number, N: number): boolean {
  return BigInt(radix) ** BigInt(N) <= BigInt(Number.MAX_SAFE_INTEGER);
}

/** The largest radix whose N digits pack into codes <= 2^53 - 1. */
export function largestRadix(N: number): number {
  let r = Math.floor(Number.MAX_SAFE_INTEGER ** (1 / N));
  while (!fitsCodeSpace(r, N)) r--;
  while (fitsCodeSpace(r + 1, N)) r++;
  return r;
}
