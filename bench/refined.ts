/**
 * `npm run bench -- refined`: the refined mean field of JSQ(2) at lambda = 9/10
 * (levels to 1e-15 of the fixed point), order 1 and order 2: the whole
 * `lbcheck refined` command as a child process (start-up included; CPU from
 * /usr/bin/time where present), and the expansion alone in this process.
 * Floors: order 1 < 0.5 s, order 2 < 5 s for the whole command.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsqD } from '../models/jsq-d.ts';
import { refinedExpansion } from '../src/meanfield/refined.ts';
import { emit, round, timed } from './measure.ts';

const ARGS = { d: '2', lambda: '9/10', sampling: 'with' };
const FLOORS = { 1: 0.5, 2: 5 } as const;
const TIME = '/usr/bin/time';

function wholeCommand(order: 1 | 2): { seconds: number; cpuSeconds: number | null } {
  const bin = fileURLToPath(new URL('../bin/lbcheck.js', import.meta.url));
  const args = [bin, 'refined', 'jsq-d', '--d', ARGS.d, '--lambda', ARGS.lambda, '--sampling', ARGS.sampling, '--order', String(order), '--json'];
  const withTime = existsSync(TIME);
  const start = performance.now();
  const r = withTime
    ? spawnSync(TIME, ['-f', 'CPU %U %S', process.execPath, ...args], { encoding: 'utf8' })
    : spawnSync(process.execPath, args, { encoding: 'utf8' });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== 0) throw new Error(`lbcheck refined exited with ${r.status ?? r.signal}: ${r.stderr}`);
  const cpu = withTime ? /CPU ([\d.]+) ([\d.]+)/.exec(r.stderr) : null;
  return { seconds, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null };
}

export function refinedSuite(): void {
  const view = jsqD.fluid!.refined!;
  const model = view.model(jsqD.parse({ ...ARGS, N: view.ignoredParams.N }));
  for (const order of [1, 2] as const) {
    const inProcess = timed(() => refinedExpansion(model, order));
    const whole = wholeCommand(order);
    emit({
      case: `refined jsq-d d=2 lambda=9/10 order ${order}`,
      coordinates: model.names.length,
      meanJobs: inProcess.value.expansion.meanJobs,
      seconds: round(whole.seconds),
      cpuSeconds: whole.cpuSeconds === null ? null : round(whole.cpuSeconds),
      expansionSeconds: round(inProcess.seconds),
      expansionCpuSeconds: round(inProcess.cpuSeconds),
      floorSeconds: FLOORS[order],
      withinFloor: whole.seconds < FLOORS[order],
    });
  }
}
