/**
 * Sizes of the queue profile (./queue-packings.ts) of N servers cut at K, with
 * `extraDigits` digits of radix N + 1 that a family appends (jiq-queueing's
 * tokens): the code space of each packing, capped at 2^53 (codes are float64
 * integers, core/mixed-radix.ts), the largest K that packs, and the number of
 * lumped states.
 */
import { UsageError } from 'lbcheck';

const CODE_LIMIT = BigInt(Number.MAX_SAFE_INTEGER);

/** times * base^exp, or CODE_LIMIT + 1 once it is larger than that. */
function cappedPower(base: number, exp: number, times = 1n): bigint {
  let r = times;
  for (let k = 0; k < exp && r <= CODE_LIMIT; k++) r *= BigInt(base);
  return r > CODE_LIMIT ? CODE_LIMIT + 1n : r;
}

/** Code space of each packing (capped): levels (N + 1)^K, lengths (K + 1)^N, both times (N + 1)^extraDigits. */
export function codeSpaces(N: number, K: number, extraDigits: number): { levels: bigint; lengths: bigint } {
  const extra = cappedPower(N + 1, extraDigits);
  return { levels: cappedPower(N + 1, K, extra), lengths: cappedPower(K + 1, N, extra) };
}

/** Whether some packing fits codes <= 2^53 - 1. */
function fits(N: number, K: number, extraDigits: number): boolean {
  const space = codeSpaces(N, K, extraDigits);
  return space.levels <= CODE_LIMIT || space.lengths <= CODE_LIMIT;
}

/** The largest K that packs into codes <= 2^53 - 1 (0 if none). */
export function largestK(N: number, extraDigits: number): number {
  let hi = 1;
  while (fits(N, hi, extraDigits)) hi *= 2;
  let lo = 0; // fits(lo) or lo = 0; !fits(hi)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(N, mid, extraDigits)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** UsageError when no packing of N servers cut at K (with extraDigits more digits) fits codes <= 2^53 - 1. */
export function checkCodeSpace(N: number, K: number, extraDigits: number): void {
  if (!fits(N, K, extraDigits)) {
    throw new UsageError(`K = ${K} with N = ${N} needs state codes beyond 2^53; the largest K here is ${largestK(N, extraDigits)}`);
  }
}

/**
 * Number of lumped states: N servers spread over K + idleBins bins (y_1..y_K, and
 * y_0 itself or y_0 split by where the idle servers' tokens are): C(N + K + idleBins - 1, N).
 */
export function profileStates(N: number, K: number, idleBins: number): number {
  let c = 1;
  for (let j = 1; j <= N; j++) c = (c * (K + idleBins - 1 + j)) / j;
  return Math.round(c);
}
