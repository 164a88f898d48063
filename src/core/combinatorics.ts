/** Exact binomial coefficients. */

/** C(n, k) as a bigint (0 outside 0 <= k <= n). */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let c = 1n;
  for (let j = 1; j <= k; j++) c = (c * BigInt(n - k + j)) / BigInt(j);
  return c;
}
