/**
 * Poisson weights w_k = e^{-a} a^k / k! for uniformization, over the window
 * [left, right] outside which the left-out mass is at most `epsilon`, with that
 * mass bounded, not estimated (Fox & Glynn 1988 choose the window the same way;
 * here the weights are computed from the mode outward, which keeps them in
 * range for any mean a double holds, and the tails are bounded by geometric
 * series):
 *   right tail: w_{k+1}/w_k = a/(k+1) <= a/(R+2) for k > R, so
 *               sum_{k>R} w_k <= w_{R+1} / (1 - a/(R+2))   (R + 2 > a);
 *   left tail:  w_{k-1}/w_k = k/a <= (L-1)/a for k < L, so
 *               sum_{k<L} w_k <= w_{L-1} / (1 - (L-1)/a)   (L - 1 < a).
 */

export interface PoissonWindow {
  /** The first index kept. */
  readonly left: number;
  /** weights[k - left] = w_k for k = left..right. */
  readonly weights: Float64Array;
  /** A bound on the Poisson mass left out, sum of w_k over k outside [left, right]: at most epsilon. */
  readonly tailBound: number;
}

/** ln k! : a sum of logs below 30, Stirling's series (error below 1e-16 relative there) above. */
function logFactorial(k: number): number {
  if (k < 30) {
    let s = 0;
    for (let j = 2; j <= k; j++) s += Math.log(j);
    return s;
  }
  const k2 = k * k;
  return k * Math.log(k) - k + 0.5 * Math.log(2 * Math.PI * k) + 1 / (12 * k) - 1 / (360 * k * k2) + 1 / (1260 * k * k2 * k2);
}

/** The weights of Poisson(a), a >= 0, on a window leaving out at most epsilon of the mass. */
export function poissonWindow(a: number, epsilon: number): PoissonWindow {
  if (!(a >= 0) || !Number.isFinite(a)) throw new Error(`a Poisson mean must be finite and >= 0, got ${a}`);
  if (a === 0) return { left: 0, weights: Float64Array.of(1), tailBound: 0 };
  const mode = Math.floor(a);
  const atMode = Math.exp(-a + mode * Math.log(a) - logFactorial(mode));
  const half = epsilon / 2;
  // Right: extend until the bound on the rest is within half the budget.
  const up: number[] = [atMode];
  let k = mode;
  let w = atMode;
  let rightTail = Infinity;
  for (;;) {
    const next = (w * a) / (k + 1);
    if (k + 2 > a) {
      rightTail = next / (1 - a / (k + 2));
      if (rightTail <= half) break;
    }
    w = next;
    k++;
    up.push(w);
  }
  // Left: down to 0, or until the bound on the rest is within the other half.
  const down: number[] = [];
  let leftTail = 0;
  w = atMode;
  for (let j = mode; j > 0; j--) {
    const before = (w * j) / a; // w_{j-1}
    const bound = before / (1 - (j - 1) / a);
    if (bound <= half) {
      leftTail = bound;
      break;
    }
    w = before;
    down.push(w);
  }
  const left = mode - down.length;
  const weights = new Float64Array(down.length + up.length);
  for (let j = 0; j < down.length; j++) weights[down.length - 1 - j] = down[j];
  weights.set(up, down.length);
  return { left, weights, tailBound: leftTail + rightTail };
}
