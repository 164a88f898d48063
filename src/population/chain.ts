/**
 * The CTMC of a population declaration, as a ChainDefinition for every solver:
 * per state, the counts are read from the digits into one scratch array, each
 * event's rate is evaluated, and a firing event moves the code by its fixed
 * code difference. Rates of zero are skipped; negative or NaN rates and changes
 * out of range are errors naming the event and the state.
 */
import type { Arith } from '../core/arith.ts';
import type { ChainDefinition, MetricDef } from '../core/model.ts';
import { decodeInto } from '../core/mixed-radix.ts';
import { checkFiring, layout, pack } from './layout.ts';
import type { Population } from './types.ts';

/** The chain of pop (integer counts); `family` names it in the errors of a rate or change. */
export function populationChain<T>(pop: Population<T>, A: Arith<T>, family?: string): ChainDefinition<T> {
  const L = pack(layout(pop));
  const x = new Int32Array(L.names.length);
  const initial = new Int32Array(L.radices.length);
  decodeInto(L.codeOf(L.initialCounts), L.radices, initial);
  const read = (s: Int32Array): Int32Array => {
    L.countsOf(s, x);
    return x;
  };
  const metrics = pop.metrics.map((m): MetricDef<T> => {
    const per = m.per;
    return {
      name: m.name,
      ...(m.index !== undefined ? { index: m.index } : {}),
      reward: (s) => m.reward(read(s)),
      ...(per ? { per: (s: Int32Array) => per(read(s)) } : {}),
    };
  });
  const boundary = pop.boundary;
  const { events } = L;
  const rates = events.map((e) => e.event.rate);
  // The changes flattened: event k changes counts index[at[k]..at[k+1]) by delta[...].
  const at = new Int32Array(events.length + 1);
  events.forEach((e, k) => (at[k + 1] = at[k] + e.index.length));
  const index = new Int32Array(at[events.length]);
  const delta = new Int32Array(at[events.length]);
  events.forEach((e, k) => {
    index.set(e.index, at[k]);
    delta.set(e.delta, at[k]);
  });
  const { max } = L;
  /** The rate is a number > 0 and every changed count stays in range (else checkFiring names the event and state). */
  const fires = (k: number, v: number): boolean => {
    if (!(v > 0)) return false;
    for (let j = at[k]; j < at[k + 1]; j++) {
      const y = x[index[j]] + delta[j];
      if (y < 0 || y > max[index[j]]) return false;
    }
    return true;
  };
  const float = A.kind === 'float';
  const { codeDelta } = L;
  return {
    digitNames: L.packing === 'counts' ? L.names.slice(L.offset) : L.radices.map((_, j) => `unit${j + 1}`),
    radices: L.radices,
    initial: Array.from(initial),
    metrics,
    describe: (s) => L.describe(read(s)),
    ...(boundary ? { atBoundary: (s: Int32Array) => boundary(read(s)) } : {}),
    successors(s, code, emit) {
      L.countsOf(s, x);
      for (let k = 0; k < rates.length; k++) {
        const r = rates[k](x);
        if (A.isZero(r)) continue;
        const v = float ? (r as number) : A.toNumber(r);
        if (!fires(k, v)) checkFiring(L, events[k], x, v, family);
        emit(codeDelta ? code + codeDelta[k] : L.target(code, k, x), r);
      }
    },
  };
}
