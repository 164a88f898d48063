/** Mean-field (N -> infinity) fixed point of JSQ(d) [P2], THEORY section 4. */

/** (d^i - 1)/(d - 1) = 1 + d + ... + d^{i-1} (= i for d = 1). */
function geometricSum(d: number, i: number): number {
  let sum = 0;
  for (let k = 0, term = 1; k < i; k++, term *= d) sum += term;
  return sum;
}

/** Fixed point s_i = lambda^{(d^i - 1)/(d - 1)}: the fraction of servers with >= i jobs. */
export function meanFieldTail(lambda: number, d: number, i: number): number {
  return lambda ** geometricSum(d, i);
}

/**
 * Mean sojourn at the fixed point, sum_{i >= 1} lambda^{(d^i - d)/(d - 1)}
 * (= sum_i s_i / lambda, Little's law); summed until the terms fall below 1e-18.
 */
export function meanFieldSojourn(lambda: number, d: number): number {
  let sum = 0;
  for (let i = 1; ; i++) {
    const term = meanFieldTail(lambda, d, i) / lambda;
    sum += term;
    if (term < 1e-18 * sum) return sum;
  }
}
