/** Sampling from a finite distribution by inversion over cumulative weights (no allocation per draw). */

/** Cumulative sums of xs scaled by `scale`; the last entry is +Infinity so a search always stops. */
export function cumulative(xs: readonly number[], scale: number): Float64Array {
  const c = new Float64Array(xs.length);
  let s = 0;
  xs.forEach((x, i) => (c[i] = s += x * scale));
  c[xs.length - 1] = Infinity;
  return c;
}

/** First index i with u < c[i]: index i with probability proportional to xs[i] when u is uniform on [0, total). */
export function pick(c: Float64Array, u: number): number {
  let i = 0;
  while (u >= c[i]) i++;
  return i;
}
