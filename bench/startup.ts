/**
 * `npm run bench -- startup`: whole commands as a user runs them, start-up
 * included (fresh processes of bin/lbcheck.js, or of LBCHECK_BIN to compare
 * another build), against their floors. Each case runs 3 times; the line gives
 * the median wall and CPU seconds (the CPU of the command's process and its
 * threads, reported by the process itself on exit).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { emit, round } from './measure.ts';

const BIN = process.env.LBCHECK_BIN ?? fileURLToPath(new URL('../bin/lbcheck.js', import.meta.url));
const RUNS = 3;

/** Preloaded into the command: writes its CPU seconds to fd 3 as it exits. */
const REPORT_CPU = `data:text/javascript,${encodeURIComponent(
  "import{writeSync}from'node:fs';" + "process.on('exit',()=>{const u=process.cpuUsage();writeSync(3,String((u.user+u.system)/1e6))})",
)}`;

const CASES: { args: string[]; floorSeconds: number }[] = [
  { args: ['--version'], floorSeconds: 0.3 },
  { args: ['solve', 'jiq-blocking', '--N', '10', '--lambda', '9/10', '--alpha', '3/5,2/5'], floorSeconds: 0.8 },
  { args: ['solve', 'jsq-d', '--N', '4', '--d', '2', '--lambda', '9/10'], floorSeconds: 5 },
];

function once(args: readonly string[]): { wall: number; cpu: number } {
  const start = performance.now();
  const r = spawnSync(process.execPath, ['--import', REPORT_CPU, BIN, ...args], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const wall = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`lbcheck ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { wall, cpu: Number(r.output[3]) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function startupSuite(): void {
  for (const c of CASES) {
    const runs = Array.from({ length: RUNS }, () => once(c.args));
    const wall = median(runs.map((r) => r.wall));
    emit({
      case: `lbcheck ${c.args.join(' ')}`,
      bin: BIN,
      wallSeconds: round(wall),
      cpuSeconds: round(median(runs.map((r) => r.cpu))),
      floorSeconds: c.floorSeconds,
      withinFloor: wall < c.floorSeconds,
      runs: RUNS,
    });
  }
}
