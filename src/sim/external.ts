/**
 * Runs a user's simulator as a shell command: one JSON case on stdin, one JSON
 * result on stdout (protocol: docs/guides/regress-your-simulator.md). A crash, a
 * timeout or malformed output becomes a CaseFailure with a one-line reason.
 */
import { spawn, spawnSync } from 'node:child_process';
import { z } from 'zod';
import type { ModelFamily } from '../core/model.ts';

/** A family's parameters as JSON, defaults filled in (family.toJSON). */
export type ParamsJson = ReturnType<ModelFamily['toJSON']>;

/** What the harness sends: exactly family.toJSON(params), a seed and a horizon. */
export interface CaseInput {
  family: string;
  params: ParamsJson;
  seed: number;
  horizon: number;
}

export interface MetricEstimate {
  mean: number;
  stderr: number;
  /**
   * Degrees of freedom of the stderr (batches - 1), an integer >= 2 (below 2 the t
   * quantile is infinite or huge: no z-score could fail); absent means a normal
   * approximation.
   */
  df?: number;
}

/** Seconds an external simulator may take per case by default: room for a replication-based simulator at panel sizes. */
export const DEFAULT_TIMEOUT_SECONDS = 600;

export class CaseFailure extends Error {
  override readonly name = 'CaseFailure';
}

/** Fewest degrees of freedom accepted: t(1) allows |z| up to ~2281 at Šidák levels, t(df < 1) any |z|. */
export const MIN_DF = 2;
const DF_RULE =
  `must be an integer >= ${MIN_DF} (degrees of freedom: batches - 1; below ${MIN_DF} the t critical ` + `value is infinite or too large to flag anything)`;

const resultSchema = z.object({
  metrics: z.record(
    z.string(),
    z.object({
      mean: z.number(),
      stderr: z.number().nonnegative(),
      df: z.number().int(DF_RULE).min(MIN_DF, DF_RULE).optional(),
    }),
  ),
});

/** Output kept per stream; a simulator printing more is cut (and its JSON is then malformed). */
const MAX_OUTPUT = 1 << 20;

function lastLine(text: string): string {
  const line =
    text
      .trim()
      .split('\n')
      .filter((l) => l.trim() !== '')
      .pop() ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/** Parses and checks a simulator's stdout; throws CaseFailure naming what is wrong. */
export function parseResult(stdout: string): Record<string, MetricEstimate> {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    throw new CaseFailure(`malformed output: not one JSON document (stdout began ${JSON.stringify(stdout.slice(0, 60))})`);
  }
  const parsed = resultSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CaseFailure(`malformed output: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  // Own properties only: a metric named "constructor" or "__proto__" is just a name.
  return Object.fromEntries(Object.entries(parsed.data.metrics));
}

/** The first word of a command, when it is a plain program name or path (no shell syntax). */
function programOf(command: string): string | null {
  const first = command.trim().split(/\s+/)[0] ?? '';
  return /^[\w./+-]+$/.test(first) && !first.includes('=') ? first : null;
}

/**
 * Checks once, before any case runs, that the command's program can be found
 * (`command -v` in the same shell); a command with shell syntax in its first
 * word is left to the first case. Throws CaseFailure naming the program.
 */
export function checkCommand(command: string): void {
  const program = programOf(command);
  if (program === null) return;
  const r = spawnSync('sh', ['-c', 'command -v -- "$1"', 'sh', program], { stdio: 'ignore' });
  if (r.status !== 0) throw new CaseFailure(`the simulator command cannot be run: "${program}" is not found (nor executable) in PATH`);
}

/**
 * Runs `command` under a shell in its own process group, writes the case to its
 * stdin and waits at most timeoutMs; on timeout the whole group is killed.
 */
export function runExternal(command: string, input: CaseInput, timeoutMs: number): Promise<Record<string, MetricEstimate>> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += d;
    });
    // A simulator may exit without reading its input: ignore the broken pipe, judge by the exit.
    child.stdin.on('error', () => {});
    child.stdin.end(`${JSON.stringify(input)}\n`);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new CaseFailure(`could not start the simulator: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return reject(new CaseFailure(`timed out after ${timeoutMs / 1000} s (killed)`));
      if (signal) return reject(new CaseFailure(`simulator killed by ${signal}${stderr ? `: ${lastLine(stderr)}` : ''}`));
      if (code !== 0) return reject(new CaseFailure(`simulator exited with code ${code}${stderr ? `: ${lastLine(stderr)}` : ''}`));
      try {
        resolve(parseResult(stdout));
      } catch (e) {
        reject(e);
      }
    });
  });
}
