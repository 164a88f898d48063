/**
 * `npm run bench -- smt`: each Z3 claim decided at R = 2 and 3 in a fresh process
 * (floor: under 5 s each, Z3's start-up included), at the default timeout.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { smtClaims } from '../properties/smt-claims.ts';
import { emit, round } from './measure.ts';

const CHILD = fileURLToPath(new URL('./smt-claim.ts', import.meta.url));

export function smtSuite(): void {
  for (const claim of smtClaims) {
    for (const R of [2, 3]) {
      const start = performance.now();
      const run = spawnSync(process.execPath, ['--import', 'tsx', CHILD, claim.id, String(R)], { encoding: 'utf8' });
      const wall = (performance.now() - start) / 1000;
      const r = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as { verdict: string; parts: number; seconds: number; cpuSeconds: number };
      emit({
        case: `prove ${claim.id} R=${R}`,
        verdict: r.verdict,
        parts: r.parts,
        decideSeconds: round(r.seconds),
        decideCpuSeconds: round(r.cpuSeconds),
        processSeconds: round(wall),
      });
    }
  }
}
