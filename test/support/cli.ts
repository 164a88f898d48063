/** Runs the real `lbcheck` command (bin/lbcheck.js) and captures its output. */
import { expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/lbcheck.js', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function lbcheck(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Runs `lbcheck args` and holds it to the usage-error contract: exit code 2,
 * nothing on stdout, one line on stderr that contains (or matches) `message`.
 */
export function expectUsageError(args: readonly string[], message: string | RegExp): CliRun {
  const r = lbcheck(...args);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  if (typeof message === 'string') expect(r.stderr).toContain(message);
  else expect(r.stderr).toMatch(message);
  return r;
}
