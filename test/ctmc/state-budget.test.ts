/** The state budget: the cap, what free memory holds at BYTES_PER_STATE, and a requested budget refused when memory cannot hold it. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.ts';
import { BYTES_PER_STATE, MAX_STATES, MEMORY_SHARE } from '../../src/core/numerical-policy.ts';
import { budgetText, stateBudget, statesFor } from '../../src/ctmc/explore/state-budget.ts';

const GB = 1e9;

describe('state budget', () => {
  it('counts the states a memory holds at 700 bytes each within 80 % of it, down to two significant digits', () => {
    expect(BYTES_PER_STATE).toBe(700);
    expect(MEMORY_SHARE).toBe(0.8);
    expect(statesFor(8.75 * GB)).toBe(1e7); // 0.8 * 8.75e9 / 700 exactly
    expect(statesFor(5 * GB)).toBe(5_700_000); // 5,714,285.7
    expect(statesFor(24.7 * GB)).toBe(28_000_000); // 28,228,571.4
    expect(statesFor(70_000)).toBe(80); // below 100 states: not rounded
    expect(statesFor(0)).toBe(0);
  });

  it('prints a budget exactly, with one decimal only when it needs one', () => {
    expect(budgetText(1e7)).toBe('1e+7');
    expect(budgetText(5_700_000)).toBe('5.7e+6');
    expect(budgetText(20_000)).toBe('2e+4');
    expect(budgetText(524_288)).toBe('524288'); // a requested budget of more digits, in full
    expect(budgetText(968)).toBe('968');
  });

  it('defaults to the cap, or to what the free memory holds when that is less', () => {
    expect(stateBudget(undefined)).toBe(MAX_STATES);
    expect(stateBudget(24.7 * GB)).toBe(MAX_STATES);
    expect(stateBudget(5 * GB)).toBe(5_700_000);
  });

  it('takes a requested budget the memory holds, above the cap too', () => {
    expect(stateBudget(5 * GB, 1e6)).toBe(1e6);
    expect(stateBudget(24.7 * GB, 2e7)).toBe(2e7);
    expect(stateBudget(undefined, 5e7)).toBe(5e7); // memory unknown: the request stands
  });

  it.each([
    [5 * GB, 6e6, '--max-states 6e+6 needs about 4.2 GB (700 bytes a state); 5.0 GB is free here, enough for 5.7e+6 states'],
    [0.5 * GB, 1e6, '--max-states 1e+6 needs about 700 MB (700 bytes a state); 500 MB is free here, enough for 5.7e+5 states'],
    [24.7 * GB, 2.5, '--max-states must be a whole number of states from 1 to 1e+8, got 2.5'],
    [24.7 * GB, 0, '--max-states must be a whole number of states from 1 to 1e+8, got 0'],
    [undefined, 2e8, '--max-states must be a whole number of states from 1 to 1e+8, got 200000000'],
  ])('refuses with free memory %s a request of %s', (free, requested, message) => {
    expect(() => stateBudget(free, requested)).toThrow(UsageError);
    expect(() => stateBudget(free, requested)).toThrow(message);
  });
});
