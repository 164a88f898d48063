/** Formats shared by `simulate`, `regress` and `figure` (their option readers are in ./output.ts). */

/** Four significant digits, for estimate tables. */
export const short = (x: number): string => Number(x.toPrecision(4)).toString();

/** A z-score for tables; "n/a" when the estimate had no error bar. */
export function zText(z: number | null): string {
  return z === null ? 'n/a (stderr 0)' : z.toFixed(2);
}
