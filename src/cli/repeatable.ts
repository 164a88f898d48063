/**
 * Options are given once (a repeat is a usage error, see main.ts), except those
 * that collect their values: each occurrence adds one (`--file a.ts --file b.ts`,
 * `--grid N=2,3 --grid lambda=1/2`). Declare such an option with `collect` as its parser.
 */
import type { Option } from 'commander';

export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

export function isRepeatable(option: Option): boolean {
  return option.parseArg === (collect as Option['parseArg']);
}
