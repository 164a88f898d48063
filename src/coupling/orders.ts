/** Orders between coupled systems, built from the quantities they compare. */
import type { Order } from './coupled-run.ts';

/**
 * value(system 0) <= value(system 1) <= ... in the systems' order, for each of
 * `components` quantities (e.g. one per dispatcher); `label` names a component.
 */
export function nondecreasingAlong<S>(
  name: string,
  systems: readonly string[],
  components: number,
  value: (s: S, component: number) => number,
  label: (component: number) => string,
): Order<S, null> {
  return {
    name,
    violation(states) {
      for (let c = 0; c < components; c++) {
        for (let k = 1; k < states.length; k++) {
          const lo = value(states[k - 1], c);
          const hi = value(states[k], c);
          if (lo > hi) return `${label(c)}: ${systems[k - 1]} ${lo} > ${systems[k]} ${hi}`;
        }
      }
      return null;
    },
  };
}
