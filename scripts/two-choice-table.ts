/**
 * The exact finite-N mean number of jobs per server E_N of the two-choice model
 * (jsq-d, d = 2), both samplings, as a markdown table (docs/findings-two-choice.md):
 * one `lbcheck solve jsq-d ... --json` per case, each with its trust status and
 * error bar (truncation.metricError.meanJobs, the search's estimate), beside the
 * mean-field fixed point pi = sum_{i >= 1} lambda^(2^i - 1) (THEORY section 4,
 * the same for both samplings). The refined columns pi + V/N and pi + V/N + A/N^2
 * come from `lbcheck refined` and are left to it.
 *
 *   npx tsx scripts/two-choice-table.ts [--N 2..8] [--lambda 0.7,0.8,0.9,0.95]
 *     [--boundary-tolerance 1e-8] [--max-seconds 120]
 *
 * A case that stops untrusted (budget, CPU seconds) is printed with its
 * evidence, never left out; `--max-seconds` is each solve's CPU budget.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    N: { type: 'string', default: '2..8' },
    lambda: { type: 'string', default: '0.7,0.8,0.9,0.95' },
    'boundary-tolerance': { type: 'string', default: '1e-8' },
    'max-seconds': { type: 'string', default: '120' },
  },
});

/** "2..8" or "2,3,5": the listed integers. */
function intList(text: string): number[] {
  const range = /^(\d+)\.\.(\d+)$/.exec(text);
  if (range) return Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, k) => Number(range[1]) + k);
  return text.split(',').map(Number);
}

/** The mean-field mean jobs per server of JSQ(2): sum_{i >= 1} lambda^(2^i - 1). */
function meanField(lambda: number): number {
  let sum = 0;
  for (let i = 1; i < 64; i++) {
    const term = lambda ** (2 ** i - 1);
    if (term < 1e-18) break;
    sum += term;
  }
  return sum;
}

/** "0.95" as the exact fraction the CLI takes ("19/20"). */
function fraction(decimal: string): string {
  const [whole, frac = ''] = decimal.split('.');
  const den = 10 ** frac.length;
  const num = Number(whole) * den + Number(frac || 0);
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(num, den);
  return `${num / g}/${den / g}`;
}

interface Case {
  meanJobs: number;
  error?: number;
  boundaryMass: number;
  trusted: boolean;
  states: number;
  seconds: number;
  stopped?: string;
}

function solve(N: number, lambda: string, sampling: string): Case {
  const args = ['bin/lbcheck.js', 'solve', 'jsq-d', '--N', String(N), '--d', '2', '--lambda', fraction(lambda), '--sampling', sampling];
  args.push('--boundary-tolerance', values['boundary-tolerance']!, '--max-seconds', values['max-seconds']!, '--json');
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`lbcheck ${args.slice(1).join(' ')} failed: ${run.stderr.trim()}`);
  const out = JSON.parse(run.stdout);
  const t = out.truncation ?? {};
  return {
    meanJobs: out.metrics.meanJobs,
    error: t.metricError?.meanJobs,
    boundaryMass: t.boundaryMass ?? 0,
    trusted: out.trusted,
    states: out.states,
    seconds: out.seconds,
    stopped: t.stopped,
  };
}

/** The refined mean field's pi, V and A of meanJobs (lbcheck refined, order 2). */
function refined(lambda: string, sampling: string): { pi: number; V: number; A: number } {
  const args = ['bin/lbcheck.js', 'refined', 'jsq-d', '--d', '2', '--lambda', fraction(lambda), '--sampling', sampling, '--json'];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`lbcheck ${args.slice(1).join(' ')} failed: ${run.stderr.trim()}`);
  const e = JSON.parse(run.stdout).expansion.meanJobs;
  return { pi: e.meanField, V: e.order1, A: e.order2 };
}

const status = (c: Case): string => (c.trusted ? 'trusted' : `untrusted${c.stopped ? ` (${c.stopped.split(':')[0]})` : ''}`);
const cell = (c: Case): string =>
  [
    c.meanJobs.toFixed(9),
    c.error === undefined ? '-' : c.error.toExponential(1),
    c.boundaryMass.toExponential(1),
    status(c),
    c.states,
    c.seconds.toFixed(0),
  ].join(' | ');

console.log('| lambda | N | sampling | E_N | error | frontier mass | status | states | s | pi | pi + V/N | pi + V/N + A/N^2 |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const lambda of values.lambda!.split(',')) {
  const pi = meanField(Number(lambda)).toFixed(9);
  for (const N of intList(values.N!)) {
    for (const sampling of ['with', 'without']) {
      const r = refined(lambda, sampling);
      const order1 = (r.pi + r.V / N).toFixed(9);
      const order2 = (r.pi + r.V / N + r.A / (N * N)).toFixed(9);
      console.log(`| ${lambda} | ${N} | ${sampling} | ${cell(solve(N, lambda, sampling))} | ${pi} | ${order1} | ${order2} |`);
    }
  }
}
