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
import { checkFiring, layout } from './layout.ts';
import type { Population } from './types.ts';

export function populationChain<T>(pop: Population<T>, A: Arith<T>): ChainDefinition<T> {
  const L = layout(pop);
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
  return {
    digitNames: L.packing === 'counts' ? L.names.slice(L.offset) : L.radices.map((_, j) => `unit${j + 1}`),
    radices: L.radices,
    initial: Array.from(initial),
    metrics,
    describe: (s) => L.describe(read(s)),
    ...(boundary ? { atBoundary: (s: Int32Array) => boundary(read(s)) } : {}),
    successors(s, code, emit) {
      L.countsOf(s, x);
      for (let k = 0; k < events.length; k++) {
        const e = events[k];
        const r = e.event.rate(x);
        if (A.isZero(r)) continue;
        checkFiring(L, e, x, A.toNumber(r));
        emit(L.target(code, e, x), r);
      }
    },
  };
}
