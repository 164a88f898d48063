/**
 * How many states a solve may hold: the solvers' cap (MAX_STATES), lowered to
 * what the memory free for the solve takes, or a budget the caller asks for,
 * refused when that memory cannot hold it. The memory itself is the caller's to
 * find (cli/memory.ts on Node); an engine reads no platform.
 */
import { UsageError } from '../../core/errors.ts';
import { BYTES_PER_STATE, LARGEST_BUDGET, MAX_STATES, MEMORY_SHARE } from '../../core/numerical-policy.ts';

/** The states `bytes` of free memory hold, rounded down to two significant digits (so the budget prints exactly). */
export function statesFor(bytes: number): number {
  const n = Math.floor((MEMORY_SHARE * bytes) / BYTES_PER_STATE);
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.floor(n / unit) * unit;
}

/** A budget as the messages print it, exactly: 1e+7 and 5.7e+6 in short, 968 in full. */
export function budgetText(states: number): string {
  for (const digits of [0, 1]) {
    const short = states.toExponential(digits);
    if (Number(short) === states) return short;
  }
  return String(states);
}

/** Bytes as a person reads them: 6.5 GB, 612 MB. */
function bytesText(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;
}

/**
 * The state budget: `requested` (a user's --max-states) when the free memory
 * holds it, else a UsageError saying how much it needs; without a request,
 * MAX_STATES or the states the free memory holds, whichever is fewer. `freeBytes`
 * undefined: the memory is not known (a browser), and MAX_STATES is the budget.
 */
export function stateBudget(freeBytes: number | undefined, requested?: number): number {
  const held = freeBytes === undefined ? Infinity : statesFor(freeBytes);
  if (requested === undefined) return Math.min(MAX_STATES, held);
  if (!Number.isInteger(requested) || requested < 1 || requested > LARGEST_BUDGET) {
    throw new UsageError(`--max-states must be a whole number of states from 1 to ${budgetText(LARGEST_BUDGET)}, got ${requested}`);
  }
  if (requested > held) {
    throw new UsageError(
      `--max-states ${budgetText(requested)} needs about ${bytesText(requested * BYTES_PER_STATE)} (${BYTES_PER_STATE} bytes a state); ` +
        `${bytesText(freeBytes!)} is free here, enough for ${budgetText(held)} states`,
    );
  }
  return requested;
}
