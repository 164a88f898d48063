/**
 * The example outputs of the README and of every page under docs/ (and
 * CONTRIBUTING.md, bench/RESULTS.md), generated from the commands so they
 * cannot drift.
 *
 * A block is one or more marker lines followed by a fenced block:
 *
 *   <!-- example: solve jiq-blocking --N 10 --lambda 9/10 --alpha 3/5,2/5 -->
 *   ```
 *   $ npx lbcheck solve jiq-blocking ...
 *   (the output)
 *   ```
 *
 * Each marker is one `lbcheck` command line (arguments as in a shell: quote
 * arguments with spaces). Flags between `example` and the colon, comma-separated:
 *   slow       not re-run by the test (test/readme.test.ts), only by `npm run readme`
 *   head=N     keep the first N lines of the output ...
 *   tail=N     ... and the last N, with "..." between (both: "..." for what is cut)
 *   json       --json output shown one top-level key per line
 *   sh         the command is a shell command line (run by /bin/sh), not lbcheck's arguments
 * Each block runs in the repository with an empty scratch folder `tmp/docs/`
 * (git ignores tmp/): examples that write files write them there.
 * The fence holds, per marker, `$ npx lbcheck <command>` then its stderr and stdout.
 * Timings (seconds, events per second) are normalised away when comparing.
 *
 * `<!-- table: claims -->` followed by a markdown table: the built-in claims
 * (id, claim and source, method, expected verdict), from the registry itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { properties } from '../properties/index.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/lbcheck.js', import.meta.url));

/** The markdown files whose example blocks are generated and tested, relative to ROOT. */
export function docFiles(): string[] {
  return ['README.md', ...globSync(['CONTRIBUTING.md', 'bench/RESULTS.md', 'docs/**/*.md'], { cwd: ROOT }).sort()];
}

export interface Example {
  /** The command after `lbcheck`, as written in the marker. */
  command: string;
  slow: boolean;
  head?: number;
  tail?: number;
  json: boolean;
  sh: boolean;
}

export interface Block {
  examples: Example[];
  /** Line indices of the fence's first line (```) and last line (```). */
  open: number;
  close: number;
}

const MARKER = /^<!-- example(?: ([a-z0-9=,]+))?: (.+) -->$/;

function parseFlags(flags: string | undefined, line: number, file: string): Omit<Example, 'command'> {
  const out: Omit<Example, 'command'> = { slow: false, json: false, sh: false };
  for (const f of flags ? flags.split(',') : []) {
    const [key, value] = f.split('=');
    if (key === 'slow' && value === undefined) out.slow = true;
    else if (key === 'json' && value === undefined) out.json = true;
    else if (key === 'sh' && value === undefined) out.sh = true;
    else if ((key === 'head' || key === 'tail') && /^\d+$/.test(value ?? '')) out[key] = Number(value);
    else throw new Error(`${file} line ${line + 1}: unknown example flag "${f}" (slow, json, sh, head=N, tail=N)`);
  }
  return out;
}

/** The example blocks of a markdown text (`file` names it in errors). */
export function findBlocks(lines: readonly string[], file = 'README.md'): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const examples: Example[] = [];
    let j = i;
    for (let m = MARKER.exec(lines[j]); m; m = MARKER.exec(lines[++j] ?? '')) examples.push({ command: m[2], ...parseFlags(m[1], j, file) });
    if (examples.length === 0) continue;
    if (!lines[j]?.startsWith('```')) throw new Error(`${file} line ${j + 1}: an example marker must be followed by a fenced block`);
    const close = lines.findIndex((l, k) => k > j && l.startsWith('```'));
    if (close < 0) throw new Error(`${file} line ${j + 1}: unclosed fenced block`);
    blocks.push({ examples, open: j, close });
    i = close;
  }
  return blocks;
}

/** Shell-like words: spaces separate, "..." and '...' quote. */
export function words(command: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

function compactJson(text: string): string[] {
  const value = JSON.parse(text) as Record<string, unknown>;
  const entries = Object.entries(value).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return ['{', ...entries.map((e, i) => (i < entries.length - 1 ? `${e},` : e)), '}'];
}

function cut(lines: string[], head?: number, tail?: number): string[] {
  if (head === undefined && tail === undefined) return lines;
  const h = head ?? 0;
  const t = tail ?? 0;
  if (h + t >= lines.length) return lines;
  return [...lines.slice(0, h), '...', ...lines.slice(lines.length - t)];
}

/**
 * What a command printed. An lbcheck command that writes no file (nothing under
 * tmp/docs/) is run once per process: the same command in several pages is
 * compared with one run.
 */
const printed = new Map<string, { stdout: string; stderr: string }>();

function run(e: Example): { stdout: string; stderr: string } {
  const reusable = !e.sh && !e.command.includes('tmp/docs');
  const known = reusable ? printed.get(e.command) : undefined;
  if (known) return known;
  const options = { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 1_800_000, maxBuffer: 1 << 28 } as const;
  const r = e.sh ? spawnSync('/bin/sh', ['-c', e.command], options) : spawnSync(process.execPath, [BIN, ...words(e.command)], options);
  if (r.error) throw r.error;
  const out = { stdout: r.stdout, stderr: r.stderr };
  if (reusable) printed.set(e.command, out);
  return out;
}

/** `$ npx lbcheck <command>` (or `$ <command>` for a shell line) and what it prints (stderr first, then stdout). */
export function runExample(e: Example): string[] {
  const r = run(e);
  const split = (s: string): string[] => (s === '' ? [] : s.replace(/\n$/, '').split('\n'));
  const stdout = e.json && r.stdout.trim().startsWith('{') ? compactJson(r.stdout) : split(r.stdout);
  return [e.sh ? `$ ${e.command}` : `$ npx lbcheck ${e.command}`, ...split(r.stderr), ...cut(stdout, e.head, e.tail)];
}

/** The scratch folder of the examples, emptied before each block. */
export const SCRATCH = join(ROOT, 'tmp', 'docs');

/** A block's commands, in order, in an empty scratch folder: the lines its fence holds. */
export function runBlock(b: Block, log: (what: string) => void = () => {}): string[] {
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  return b.examples.flatMap((e) => {
    log(e.command);
    return runExample(e);
  });
}

/** The text with the output of every chosen block replaced by what its commands print now. */
export function regenerate(text: string, choose: (e: Example) => boolean, log: (what: string) => void = () => {}, file = 'README.md'): string {
  const lines = text.split('\n');
  // From the last block up, so earlier line indices stay valid.
  for (const b of findBlocks(lines, file).reverse()) {
    if (!b.examples.some(choose)) continue;
    const body = runBlock(b, log);
    // A block whose output differs only in timings is left as it is (no churn in the diff).
    if (normalise(body.join('\n')) !== normalise(blockBody(lines, b))) lines.splice(b.open + 1, b.close - b.open - 1, ...body);
  }
  const table = claimsTableRange(lines);
  if (table) lines.splice(table[0], table[1] - table[0], ...claimsTable());
  return lines.join('\n');
}

/** What differs from run to run: timings, rates, and numbers derived from them. */
export function normalise(text: string): string {
  return text
    .replace(/\b\d+(\.\d+)? (M )?events\/s\b/g, '# events/s')
    .replace(/\b\d+(\.\d+)? s\b/g, '# s')
    .replace(/"(seconds|eventsPerSecond|cpuSeconds)":\s?[-\d.e+]+/g, '"$1":#');
}

/** The current text of a block's fence body. */
export function blockBody(lines: readonly string[], b: Block): string {
  return lines.slice(b.open + 1, b.close).join('\n');
}

export const CLAIMS_MARKER = '<!-- table: claims -->';

/** The built-in claims as a markdown table (a claim known to be false is marked "(expected)"). */
export function claimsTable(): string[] {
  const cell = (s: string): string => s.replace(/\|/g, '/').replace(/\s+/g, ' ');
  return [
    '| id | claim (source) | method | verdict |',
    '|---|---|---|---|',
    ...properties.map(
      (p) => `| ${p.id} | ${cell(p.claim)} (${cell(p.source)}) | ${cell(p.method)} | ${p.expected === 'refuted' ? 'refuted (expected)' : p.expected} |`,
    ),
  ];
}

/** The line range [from, to) of the table after the claims marker, or null. */
export function claimsTableRange(lines: readonly string[]): [number, number] | null {
  const at = lines.indexOf(CLAIMS_MARKER);
  if (at < 0) return null;
  let end = at + 1;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  return [at + 1, end];
}
