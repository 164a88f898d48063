/** Shared CLI output helpers. */
import { UsageError } from '../core/errors.ts';

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function parseTolerance(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0 || v >= 1) throw new UsageError(`${flag} must be a number in (0, 1), got "${text}"`);
  return v;
}
