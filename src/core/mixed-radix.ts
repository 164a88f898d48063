/**
 * States are packed into one integer in mixed radix: code = sum_i digit_i * weight_i,
 * weight_0 = 1, weight_i = weight_{i-1} * radix_{i-1}. Codes stay below 2^53:
 * parameters whose codes would not (a huge N, many dispatchers) are a UsageError
 * before any state is explored.
 */
import { UsageError } from './errors.ts';

export function mixedRadixWeights(radices: readonly number[]): Float64Array {
  const w = new Float64Array(radices.length);
  let acc = 1;
  for (let i = 0; i < radices.length; i++) {
    if (!Number.isInteger(radices[i]) || radices[i] < 1) throw new RangeError(`radix ${i} must be a positive integer`);
    w[i] = acc;
    acc *= radices[i];
  }
  if (acc > Number.MAX_SAFE_INTEGER) {
    throw new UsageError(
      `the chain at these parameters has up to ${acc.toExponential(1)} state codes (${radices.length} digits), ` +
        `beyond the 2^53 = 9.0e15 a state is packed into: ` +
        'choose a smaller N or fewer dispatchers/servers, or use `lbcheck productform` or `lbcheck fluid` for large systems',
    );
  }
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
