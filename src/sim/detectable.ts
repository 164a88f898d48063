/**
 * What a simulator regression must be able to see (sim/regress.ts), in a module
 * of its own: a claim's description quotes it without loading the statistics
 * (multiple-testing.ts and its quantile packages load only when a regression runs).
 */
/**
 * The smallest difference |estimate - exact| a comparison must be able to detect:
 * DETECTABLE.relative |exact| + DETECTABLE.absolute. A comparison whose acceptance
 * half-width critical * stderr exceeds it is too imprecise to count as agreement.
 */
export const DETECTABLE = { relative: 0.5, absolute: 0.01 } as const;

export function detectableDifference(exact: number): number {
  return DETECTABLE.relative * Math.abs(exact) + DETECTABLE.absolute;
}
