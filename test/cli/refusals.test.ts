/**
 * Inputs that used to crash with a stack trace or run long before failing:
 * each is now one line on stderr, exit code 2, nothing on stdout, before the
 * work. The processes run two at a time (the machine is shared).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../sweep/support.ts';

const dir = mkdtempSync(join(tmpdir(), 'lbcheck-refusals-'));
const existingFile = join(dir, 'a-file');
const sweepOut = join(dir, 'sweep.jsonl');
const OPTION_NAMED = 'test/fixtures/user/option-named.ts';
const CLASH = `${OPTION_NAMED}: family "user-option-named" has a parameter "method", the name of the command option --method: rename the parameter`;
/** A run that is refused must be refused at once: anything still running after this is a failure. */
const KILL_AFTER_MS = 90_000;

const CASES: [string, string[], string | RegExp][] = [
  [
    'state codes past 2^53 (N = 10^9)',
    ['solve', 'jiq-blocking', '--N', '1000000000', '--lambda', '0.5', '--alpha', '1/2,1/2'],
    'lbcheck: the chain at these parameters has up to 1.0e+18 state codes (2 digits), beyond the 2^53 = 9.0e15 a state is packed into: ' +
      'choose a smaller N or fewer dispatchers/servers, or use `lbcheck productform` or `lbcheck fluid` for large systems',
  ],
  [
    'state codes past 2^53 (60 dispatchers)',
    ['solve', 'jiq-blocking', '--N', '2', '--lambda', '1/2', '--alpha', Array(60).fill('1/60').join(',')],
    /^lbcheck: the chain at these parameters has up to 4\.2e\+28 state codes \(60 digits\), beyond the 2\^53/,
  ],
  [
    'a product-form population past the float arrays',
    ['productform', 'jiq-blocking', '--N', '1000000000000', '--lambda', '1/2', '--alpha', '1/2,1/2'],
    /^lbcheck: the product form's population here is \d+, more than the 1e\+8 its float convolution holds/,
  ],
  [
    'lambda too close to 1 for any state budget',
    ['solve', 'jsq-d', '--N', '3', '--d', '2', '--lambda', '0.9999999999'],
    new RegExp(
      /^lbcheck: lambda = 9999999999\/10000000000 is so close to 1 .* needs about 2\.8e\+11 levels of jobs, /.source +
        /.* more than the largest state budget \(1e\+8 states\); give --K/.source,
    ),
  ],
  [
    'a rate below the smallest double (gth)',
    ['solve', 'jiq-blocking', '--N', '2', '--alpha', '1/2,1/2', '--method', 'gth', '--lambda', `1/1${'0'.repeat(400)}`],
    'lbcheck: --lambda is nonzero but below 2.2e-308 in size, the smallest double at full precision: ' +
      'the float solvers and simulators cannot use it; rescale the rates (change the time unit)',
  ],
  [
    'a queue URL with a bad % escape',
    [
      'sweep',
      'solve',
      'jiq-blocking',
      '--N',
      '2',
      '--alpha',
      '1/2,1/2',
      '--grid',
      'lambda=0.25:0.25:0.5',
      '--out',
      sweepOut,
      '--queue',
      'redis://u:secret%zz@127.0.0.1:1',
    ],
    'lbcheck: --queue: the password has a % that starts no valid escape (write a literal % as %25)',
  ],
  [
    'explore --out naming a file',
    ['explore', '--out', existingFile],
    `lbcheck: --out ${existingFile}: exists and is not a directory; name a directory (new or existing) for the site`,
  ],
  [
    'figure --svg into a missing folder',
    ['figure', 'p1-fig2', '--svg', '/nonexistent-dir/f.svg'],
    'lbcheck: --svg /nonexistent-dir/f.svg: the folder /nonexistent-dir does not exist',
  ],
  [
    'fluid --svg into a missing folder',
    ['fluid', 'jsq-d', '--lambda', '0.9', '--d', '2', '--svg', '/nonexistent-dir/f.svg'],
    'lbcheck: --svg /nonexistent-dir/f.svg: the folder /nonexistent-dir does not exist',
  ],
  [
    'figure mean-field-accuracy --svg into a missing folder',
    ['figure', 'mean-field-accuracy', '--family', 'jsq-d', '--params', 'lambda=1/2,d=2', '--N', '2,3', '--svg', '/nonexistent-dir/f.svg'],
    'lbcheck: --svg /nonexistent-dir/f.svg: the folder /nonexistent-dir does not exist',
  ],
  [
    'a simulation estimated past a week',
    ['simulate', 'jiq-blocking', '--N', '10', '--lambda', '1/2', '--alpha', '1/2,1/2', '--T', '1e300'],
    new RegExp(
      /^lbcheck: --T 1e300 would take about \S+ years \(scaled from a pilot run of T = \d+\), /.source +
        /more than the 7 days a simulation may run; --T \S+ takes about that long$/.source,
    ),
  ],
  ['--version with a family parameter named like an option', ['--version', '--file', OPTION_NAMED], `lbcheck: ${CLASH}`],
  ['--help with it', ['--help', '--file', OPTION_NAMED], `lbcheck: ${CLASH}`],
  ['solve with it', ['solve', 'jsq-d', '--file', OPTION_NAMED, '--N', '2', '--d', '1', '--lambda', '1/2'], `lbcheck: ${CLASH}`],
  ['sweep with it', ['sweep', 'solve', 'user-mm1k', '--file', OPTION_NAMED, '--K', '3', '--grid', 'rho=1/2', '--out', sweepOut], `lbcheck: ${CLASH}`],
];

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs every case, at most `width` processes at once. */
async function runAll(width: number): Promise<Outcome[]> {
  const out: Outcome[] = new Array(CASES.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < CASES.length) {
      const k = next++;
      out[k] = await runCli(CASES[k][1]);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return out;
}

let outcomes: Outcome[];

beforeAll(async () => {
  writeFileSync(existingFile, 'not a directory\n');
  outcomes = await runAll(2);
}, 20 * KILL_AFTER_MS);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('refused in one line, exit 2, before any work', () => {
  it.each(CASES.map(([name, , message], k) => [name, k, message] as const))('%s', (_, k, message) => {
    const r = outcomes[k];
    expect(r.stderr.endsWith('\n') ? r.stderr.slice(0, -1).split('\n') : [r.stderr]).toHaveLength(1);
    if (typeof message === 'string') expect(r.stderr).toBe(`${message}\n`);
    else expect(r.stderr.trim()).toMatch(message);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('wrote nothing: no sweep file, the existing file untouched', () => {
    expect(existsSync(sweepOut)).toBe(false);
    expect(existsSync(existingFile)).toBe(true);
  });
});
