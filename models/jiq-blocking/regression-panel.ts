/**
 * Small jiq-blocking cases for `lbcheck regress`: every mechanism of the model
 * (skewed loads, non-uniform allotment, token exchange, R = 3, overload) at N
 * small enough for an exact CTMC solve. Allotments are skewed where a token sent
 * to the wrong dispatcher would change the answer.
 */
import type { PanelCase } from 'lbcheck';

/*
 * Horizons: long enough that lbcheck's own simulator can show the default
 * --detect (2% |exact| + 0.001) with 95% power on every compared metric, with
 * about a factor 2 to spare for the spread of its stderr estimates (20 batches).
 */

const small: PanelCase[] = [
  { id: 'erlang', params: { N: '6', lambda: '1', alpha: '1' }, horizon: 1_000_000 },
  { id: 'skew', params: { N: '8', lambda: '0.9', alpha: '0.6,0.4' }, horizon: 1_000_000 },
  { id: 'allot', params: { N: '8', lambda: '0.9', alpha: '0.7,0.3', beta: '0.7,0.3' }, horizon: 1_000_000 },
  { id: 'allot-sym', params: { N: '6', lambda: '0.8', alpha: '1/2,1/2', beta: '3/4,1/4' }, horizon: 1_000_000 },
  { id: 'exchange', params: { N: '6', lambda: '0.9', alpha: '0.7,0.3', nu: '0.5' }, horizon: 1_000_000 },
  { id: 'r3-overload', params: { N: '5', lambda: '1.5', alpha: '1/2,3/10,1/5', beta: '1/5,3/10,1/2' }, horizon: 1_000_000 },
];

const full: PanelCase[] = [
  ...small.map((c) => ({ ...c, horizon: 4 * c.horizon })),
  { id: 'r3-exchange', params: { N: '12', lambda: '0.95', alpha: '1/2,1/3,1/6', beta: '1/6,1/3,1/2', nu: '2' }, horizon: 2_400_000 },
  { id: 'n20', params: { N: '20', lambda: '0.7', alpha: '0.8,0.2' }, horizon: 2_400_000 },
  { id: 'light', params: { N: '10', lambda: '0.2', alpha: '0.9,0.1', beta: '0.9,0.1' }, horizon: 2_400_000 },
];

export const panels: Record<string, readonly PanelCase[]> = { small, full };
