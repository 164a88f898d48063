/**
 * Small jiq-queueing cases for `lbcheck regress`. Each fixes the queue cap K,
 * which is then part of the model (a job sent at random to a full queue is
 * lost, in the simulator as in the chain): the exact solve stays small.
 */
import type { PanelCase } from 'lbcheck';

/*
 * Horizons: long enough that lbcheck's own simulator can show the default
 * --detect (2% |exact| + 0.001) with 95% power on every compared metric, with
 * about a factor 2 to spare for the spread of its stderr estimates (20 batches).
 */

const small: PanelCase[] = [
  { id: 'skew', params: { N: '4', lambda: '0.7', alpha: '0.7,0.3', K: '8' }, horizon: 2_600_000 },
  { id: 'allot', params: { N: '4', lambda: '0.8', alpha: '0.7,0.3', beta: '0.7,0.3', K: '8' }, horizon: 2_600_000 },
  { id: 'exchange', params: { N: '4', lambda: '0.6', alpha: '0.6,0.4', nu: '1', K: '8' }, horizon: 2_600_000 },
  { id: 'r3', params: { N: '3', lambda: '0.5', alpha: '1/2,3/10,1/5', beta: '1/5,3/10,1/2', K: '6' }, horizon: 2_600_000 },
  { id: 'r1-cap', params: { N: '4', lambda: '0.9', alpha: '1', K: '3' }, horizon: 2_600_000 },
];

export const panels: Record<string, readonly PanelCase[]> = {
  small,
  full: small.map((c) => ({ ...c, horizon: 4 * c.horizon })),
};
