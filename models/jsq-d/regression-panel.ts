/**
 * Small jsq-d cases for `lbcheck regress`. Each fixes the queue cap K, which is
 * then part of the model (an arrival sent to a full queue is lost, in the
 * simulator as in the chain): the exact solve stays small.
 */
import type { PanelCase } from 'lbcheck';

/*
 * Horizons: long enough that lbcheck's own simulator can show the default
 * --detect (2% |exact| + 0.001) with 95% power on every compared metric, with
 * about a factor 2 to spare for the spread of its stderr estimates (20 batches).
 */

const small: PanelCase[] = [
  { id: 'sq2', params: { N: '5', lambda: '0.8', d: '2', K: '6' }, horizon: 7_000_000 },
  { id: 'jsq', params: { N: '4', lambda: '0.7', d: '4', K: '6' }, horizon: 7_000_000 },
  { id: 'random', params: { N: '4', lambda: '0.7', d: '1', K: '8' }, horizon: 7_000_000 },
  { id: 'd3-cap', params: { N: '6', lambda: '0.85', d: '3', K: '4' }, horizon: 7_000_000 },
  { id: 'sq2-with', params: { N: '5', lambda: '0.8', d: '2', K: '6', sampling: 'with' }, horizon: 7_000_000 },
];

export const panels: Record<string, readonly PanelCase[]> = {
  small,
  full: small.map((c) => ({ ...c, horizon: 4 * c.horizon })),
};
