/**
 * Reading a queue profile's levels S_0..S_{K+1} (./queue-packings.ts) for the
 * chains' metrics and descriptions: occupancy counts y_i = S_i - S_{i+1}.
 */
import type { QueueProfile } from './queue-packings.ts';

/**
 * The levels S_0..S_{K+1} of a state, read once per state: metric rewards ask
 * for them many times in a row (one s[i] per level), so the last digits read
 * are kept and compared.
 */
export function levelReader(profile: QueueProfile, K: number): (s: Int32Array) => Int32Array {
  const levels = new Int32Array(K + 2);
  const last = new Int32Array(profile.radices.length).fill(-1);
  return (s) => {
    let same = true;
    for (let k = 0; k < last.length; k++) {
      if (last[k] !== s[k]) {
        same = false;
        last[k] = s[k];
      }
    }
    if (!same) profile.read(s, levels);
    return levels;
  };
}

/** "y0=2, y1=3, y2=1" (occupancy counts). */
export function describeLevels(levels: Int32Array, K: number): string {
  return Array.from({ length: K + 1 }, (_, i) => `y${i}=${levels[i] - levels[i + 1]}`).join(', ');
}
