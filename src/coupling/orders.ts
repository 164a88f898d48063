/** Orders between coupled systems, built from the quantities they compare. */
import { atMost, type Comparison, type Order } from './coupled-run.ts';

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
    compare(states) {
      const out: Comparison[] = [];
      for (let c = 0; c < components; c++) {
        for (let k = 1; k < states.length; k++) {
          out.push(atMost(label(c), { label: systems[k - 1], value: value(states[k - 1], c) }, { label: systems[k], value: value(states[k], c) }));
        }
      }
      return out;
    },
  };
}
