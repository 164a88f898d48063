/**
 * From residues modulo a large modulus m back to rationals: incremental CRT
 * (Garner) over many primes, and Wang's rational reconstruction, with a running
 * common denominator so that once the first entries have fixed it, the rest
 * reconstruct as small integers. (p-adic expansions, m = p^K, come from
 * padic-lifting.ts.)
 */
import { invMod } from '../../core/modular.ts';

/** A vector of residues modulo one modulus. */
export interface ModularVector {
  readonly modulus: bigint;
  readonly values: readonly bigint[];
}

/** Residues of a vector modulo a growing product of primes. */
export class CrtVector implements ModularVector {
  modulus = 1n;
  readonly values: bigint[];

  constructor(n: number) {
    this.values = new Array<bigint>(n).fill(0n);
  }

  /** Lifts every entry from mod M to mod M*p given its residues mod p (x = v + M * ((r - v) / M mod p)). */
  add(residues: Float64Array, p: number): void {
    const P = BigInt(p);
    const mInv = invMod(Number(this.modulus % P), p);
    const M = this.modulus;
    for (let i = 0; i < this.values.length; i++) {
      const v = this.values[i];
      const diff = (residues[i] - Number(v % P) + p) % p;
      const t = Number((BigInt(diff) * BigInt(mInv)) % P);
      if (t !== 0) this.values[i] = v + M * BigInt(t);
    }
    this.modulus = M * P;
  }
}

/** floor(sqrt(n)) by Newton's iteration from above. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * The rational a/b with |a| <= bound, 0 < b <= bound and a = b*u mod m, or null.
 * bound = floor(sqrt(m/2)) makes the answer unique when it exists.
 */
export function reconstruct(u: bigint, m: bigint, bound: bigint): [bigint, bigint] | null {
  let [r0, r1] = [m, ((u % m) + m) % m];
  let [t0, t1] = [0n, 1n];
  while (r1 > bound) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  if (t1 === 0n) return null;
  const [a, b] = t1 < 0n ? [-r1, -t1] : [r1, t1];
  if (b > bound) return null;
  return [a, b];
}

export function reconstructionBound(m: bigint): bigint {
  return isqrt(m / 2n);
}

/**
 * Integers v (and their common denominator D) with x_i = v_i / D for the CRT
 * images x_i, or null where some entry does not reconstruct yet.
 */
export function reconstructVector(crt: ModularVector): { numerators: bigint[]; denominator: bigint } | null {
  const m = crt.modulus;
  const bound = reconstructionBound(m);
  let D = 1n;
  const scaled: bigint[] = new Array<bigint>(crt.values.length);
  for (let i = 0; i < crt.values.length; i++) {
    const u = (crt.values[i] * D) % m;
    let a: bigint;
    let b: bigint;
    if (u <= bound) [a, b] = [u, 1n];
    else if (m - u <= bound) [a, b] = [u - m, 1n];
    else {
      const ab = reconstruct(u, m, bound);
      if (!ab) return null;
      [a, b] = ab;
    }
    // x_i = a / (b D): rescale everything found so far to the denominator b D.
    if (b !== 1n) for (let j = 0; j < i; j++) scaled[j] *= b;
    scaled[i] = a;
    D *= b;
  }
  return { numerators: scaled, denominator: D };
}
