/** Option readers and formats shared by `simulate`, `regress` and `figure`. */
import { UsageError } from '../core/errors.ts';

/** A positive finite number, from option text (horizons, timeouts). */
export function parsePositive(text: string, what: string): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v <= 0) throw new UsageError(`${what} must be a number > 0, got "${text}"`);
  return v;
}

/** Four significant digits, for estimate tables. */
export const short = (x: number): string => Number(x.toPrecision(4)).toString();

/** A z-score for tables; "n/a" when the estimate had no error bar. */
export function zText(z: number | null): string {
  return z === null ? 'n/a (stderr 0)' : z.toFixed(2);
}
