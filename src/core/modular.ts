/**
 * Arithmetic modulo primes below 2^26: a product of two residues stays below
 * 2^52, so it is exact in a double and one floor-division reduces it.
 */

export const PRIME_BITS = 26;

/**
 * (acc + x*y) mod p for residues in [0, p); pInv = 1 / p. t = acc + x*y < 2^53
 * is exact, and floor(t * pInv) is off by at most one, which the corrections fix
 * (a multiplication instead of a division: the elimination's inner loop).
 */
export function fmaMod(acc: number, x: number, y: number, p: number, pInv: number = 1 / p): number {
  const t = acc + x * y;
  let r = t - p * Math.floor(t * pInv);
  if (r < 0) r += p;
  else if (r >= p) r -= p;
  return r;
}

export function mulMod(x: number, y: number, p: number): number {
  return fmaMod(0, x, y, p);
}

/** Inverse of a mod p (a not divisible by p), by the extended Euclidean algorithm. */
export function invMod(a: number, p: number): number {
  let [r0, r1] = [p, a % p];
  let [t0, t1] = [0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  if (r0 !== 1) throw new RangeError(`${a} is not invertible mod ${p}`);
  return t0 < 0 ? t0 + p : t0;
}

function isPrime(n: number): boolean {
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** Primes below 2^26 found so far, largest first (the exact and parametric solvers walk them many times). */
const topPrimes: number[] = [];
let scannedDownTo = 2 ** PRIME_BITS - 1;

function topPrime(k: number): number | undefined {
  while (topPrimes.length <= k && scannedDownTo > 2) {
    if (isPrime(scannedDownTo)) topPrimes.push(scannedDownTo);
    scannedDownTo -= 2;
  }
  return topPrimes[k];
}

/** Yields the odd primes below `limit` (at most 2^26), largest first. */
export function* primesBelow(limit: number = 2 ** PRIME_BITS): Generator<number> {
  if (limit > 2 ** PRIME_BITS) throw new RangeError(`primes must stay below 2^${PRIME_BITS}`);
  if (limit === 2 ** PRIME_BITS) {
    for (let k = 0; ; k++) {
      const p = topPrime(k);
      if (p === undefined) return;
      yield p;
    }
  }
  let n = Math.floor(limit) - 1;
  if (n % 2 === 0) n--;
  for (; n > 2; n -= 2) if (isPrime(n)) yield n;
}

/** A rational n/d as a residue mod p, or -1 when p divides d. */
export function residueOf(n: bigint, d: bigint, p: number): number {
  const P = BigInt(p);
  const dm = Number(((d % P) + P) % P);
  if (dm === 0) return -1;
  const nm = Number(((n % P) + P) % P);
  return mulMod(nm, invMod(dm, p), p);
}
