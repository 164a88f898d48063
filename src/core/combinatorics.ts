/** Exact integer helpers: binomial coefficients and greatest common divisors. */

/** C(n, k) as a bigint (0 outside 0 <= k <= n). */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let c = 1n;
  for (let j = 1; j <= k; j++) c = (c * BigInt(n - k + j)) / BigInt(j);
  return c;
}

/** gcd(a, b) >= 0 of bigints. */
export function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}
