/**
 * `npm run bench -- transient`: the whole `lbcheck transient` command in a
 * fresh process (start-up, K search, uniformization, metrics, output), wall and
 * CPU seconds (the child's, from /proc/self/stat after it is reaped). Floor:
 * jsq-d N = 4, d = 2, lambda = 9/10 on 0:0.5:10 under 10 s.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { emit, round } from './measure.ts';

const BIN = fileURLToPath(new URL('../bin/lbcheck.js', import.meta.url));
/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

const CASES = [['transient', 'jsq-d', '--N', '4', '--d', '2', '--lambda', '9/10', '--t', '0:0.5:10', '--json']];

/** CPU seconds of this process's reaped children (cutime + cstime of /proc/self/stat). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS; // fields 16 and 17 of stat(5), counted from its third
}

export function transientSuite(): void {
  for (const args of CASES) {
    const cpu = childrenCpu();
    const start = performance.now();
    const run = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    const seconds = (performance.now() - start) / 1000;
    const r = JSON.parse(run.stdout) as { states: number; products: number; trusted: boolean; truncation?: { K: number; boundaryMass: number } };
    emit({
      case: `lbcheck ${args.join(' ')}`,
      exit: run.status,
      trusted: r.trusted,
      K: r.truncation?.K,
      states: r.states,
      products: r.products,
      boundaryMass: r.truncation?.boundaryMass,
      seconds: round(seconds),
      cpuSeconds: round(childrenCpu() - cpu),
      floorSeconds: 10,
    });
  }
}
