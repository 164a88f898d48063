/** Float helpers for log-scaled product forms. */
import { bigRatioToNumber, bitLength, type Rational } from '../core/rational.ts';

/** k! for k <= 22 is an exact double. */
const SMALL_FACTORIALS: number[] = [1];
for (let k = 1; k <= 22; k++) SMALL_FACTORIALS.push(SMALL_FACTORIALS[k - 1] * k);
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

/**
 * ln n!: exact table below 23, else Stirling's series
 * (n + 1/2) ln n - n + ln(2 pi)/2 + 1/(12n) - 1/(360n^3) + 1/(1260n^5) - 1/(1680n^7) + 1/(1188n^9),
 * whose next term is below 1e-17 for n >= 23.
 */
export function lnFactorial(n: number): number {
  if (n <= 22) return Math.log(SMALL_FACTORIALS[n]);
  const r = 1 / n;
  const r2 = r * r;
  const series = r * (1 / 12 - r2 * (1 / 360 - r2 * (1 / 1260 - r2 * (1 / 1680 - r2 / 1188))));
  return (n + 0.5) * Math.log(n) - n + HALF_LOG_2PI + series;
}

/** ln r for a rational r > 0 of any size (scales by a power of 2 so the quotient is a normal double). */
export function logRational(r: Rational): number {
  const e = bitLength(r.n) - bitLength(r.d);
  if (Math.abs(e) < 1000) return Math.log(bigRatioToNumber(r.n, r.d));
  const m = e > 0 ? bigRatioToNumber(r.n, r.d << BigInt(e)) : bigRatioToNumber(r.n << BigInt(-e), r.d);
  return Math.log(m) + e * Math.LN2;
}
