/**
 * States are packed into one integer in mixed radix: code = sum_i digit_i * weight_i,
 * weight_0 = 1, weight_i = weight_{i-1} * radix_{i-1}. Codes stay below 2^53.
 */
export function mixedRadixWeights(radices: readonly number[]): Float64Array {
  const w = new Float64Array(radices.length);
  let acc = 1;
  for (let i = 0; i < radices.length; i++) {
    if (!Number.isInteger(radices[i]) || radices[i] < 1) throw new RangeError(`radix ${i} must be a positive integer`);
    w[i] = acc;
    acc *= radices[i];
  }
  if (acc > Number.MAX_SAFE_INTEGER) throw new RangeError('state space too large to pack into 53 bits');
  return w;
}

export function codeSpace(radices: readonly number[]): number {
  return radices.reduce((a, r) => a * r, 1);
}

/** Writes the digits of `code` into `out` (no allocation). */
export function decodeInto(code: number, radices: readonly number[], out: Int32Array): void {
  let c = code;
  for (let i = 0; i < radices.length; i++) {
    const r = radices[i];
    const q = Math.floor(c / r);
    out[i] = c - q * r;
    c = q;
  }
}

export function encode(digits: ArrayLike<number>, weights: Float64Array): number {
  let c = 0;
  for (let i = 0; i < weights.length; i++) c += digits[i] * weights[i];
  return c;
}
