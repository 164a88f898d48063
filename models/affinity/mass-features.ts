/**
 * What the finite state projection (src/ctmc/truncation/projection.ts) fits log pi of the
 * affinity chain to (ChainDefinition.massFeatures), group by group: the
 * group's total jobs, the gaps q_i - q_j between its servers (sorted, so
 * i < j gives q_i >= q_j), its foreign jobs, and its own jobs queued behind a
 * foreign job. Fitted over every state (fitOver 'all'), from a breadth-first
 * start grown while its frontier holds more than 1e-2 (breadthFirstAbove).
 *
 * Why, measured on servers 2,2 at lambda = 9/10,9/10, d1 = d2 = 2 (the law
 * found at frontier 9e-13):
 *  - per group, not per pair of all servers: the groups' totals fall each on
 *    its own (about x0.87 per job: a group's jobs also leave to the other
 *    group's idle servers), so the mass fills the (T_1, T_2) plane rather than
 *    a diagonal. Gaps taken across groups led the fit down the diagonal: the
 *    set grew to the cap there with frontier mass 0.27 at 524,288 states.
 *  - jobs behind a foreign job: a server holding a slow foreign job was idle
 *    when it came, and its own queue builds only while the foreign job lasts,
 *    so P(foreign) falls with the queue behind it (x0.09 of the foreign-free
 *    mass at a group total of 10, x0.008 at 20, x7e-5 at 40). With the foreign
 *    count alone the fit overrates long queues behind foreign jobs and
 *    underrates the totals: frontier 1.2e-6 at 1.1 million states, against
 *    1.5e-8 with it.
 *  - every state in the fit: the outer half by mass (the engine's default)
 *    picks, at a given total, the states that are light for reasons these
 *    features do not see, and its fitted slope along the totals came out near
 *    0 or positive (the set then runs out along the totals).
 */
import type { MassFeatures } from 'lbcheck';
import type { ClassBlock } from '../support/server-multiset.ts';

/** Per-server value v = 2n + f: n own jobs, f foreign (0 or 1) at the head; queue length ceil(v / 2). */
export const level = (v: number): number => (v + 1) >> 1;

export function affinityFeatures(blocks: readonly ClassBlock[]): MassFeatures {
  const count = blocks.reduce((a, b) => a + 3 + (b.size * (b.size - 1)) / 2, 0);
  return {
    count,
    fitOver: 'all',
    breadthFirstAbove: 1e-2,
    fill(s, out) {
      let f = 0;
      for (const b of blocks) {
        const end = b.offset + b.size;
        let total = 0;
        let foreign = 0;
        let behind = 0;
        for (let k = b.offset; k < end; k++) {
          total += level(s[k]);
          if (s[k] & 1) {
            foreign++;
            behind += s[k] >> 1;
          }
        }
        out[f++] = total;
        out[f++] = foreign;
        out[f++] = behind;
        for (let i = b.offset; i < end; i++) for (let j = i + 1; j < end; j++) out[f++] = level(s[i]) - level(s[j]);
      }
    },
  };
}
