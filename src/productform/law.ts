/**
 * A product form as a claimed stationary law of a chain, for certificates:
 * pi(to)/pi(from) from the weight ratio of the station counts of the two states.
 */
import type { Rational } from '../core/rational.ts';
import { weightRatio, type ClosedNetwork } from './network.ts';

/** Maps a chain's digits to the station counts of `net` (writes `out`). */
export type StationCounts = (s: Int32Array, out: Int32Array) => void;

export function productFormLaw(net: ClosedNetwork, stationCounts: StationCounts): { ratio(from: Int32Array, to: Int32Array): Rational } {
  const a = new Int32Array(net.stations.length);
  const b = new Int32Array(net.stations.length);
  return {
    ratio(from, to) {
      stationCounts(from, a);
      stationCounts(to, b);
      return weightRatio(net, a, b);
    },
  };
}
