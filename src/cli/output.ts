/** Shared CLI output helpers and option readers. */
import { UsageError } from '../core/errors.ts';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A positive finite number, from option text (horizons, timeouts, budgets). */
export function parsePositive(text: string, what: string): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v <= 0) throw new UsageError(`${what} must be a number > 0, got "${text}"`);
  return v;
}

export function parseTolerance(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0 || v >= 1) throw new UsageError(`${flag} must be a number in (0, 1), got "${text}"`);
  return v;
}
