/**
 * Small hetero-ps cases for `lbcheck regress`, one per policy and a single
 * server. Each fixes the queue cap K, which is then part of the model (a job
 * sent to a full queue is lost, in the simulator as in the chain): the exact
 * solve stays small.
 */
import type { PanelCase } from 'lbcheck';

/*
 * Horizons: long enough that lbcheck's own simulator can show the default
 * --detect (2% |exact| + 0.001) with 95% power on every compared metric, with
 * about a factor 2 to spare for the spread of its stderr estimates (20 batches).
 */

const small: PanelCase[] = [
  { id: 'sq2', params: { servers: '2,2', rates: '2,1', lambda: '1', policy: 'sq2', K: '5' }, horizon: 2_400_000 },
  { id: 'static', params: { servers: '1,2', rates: '3,1', lambda: '1.2', policy: 'static', K: '8' }, horizon: 2_400_000 },
  { id: 'hybrid', params: { servers: '2,2', rates: '2,1', lambda: '1.2', policy: 'hybrid', mix: '0.5', K: '5' }, horizon: 2_400_000 },
  { id: 'single', params: { servers: '1', rates: '2', lambda: '1.5', policy: 'sq2', K: '10' }, horizon: 2_400_000 },
];

export const panels: Record<string, readonly PanelCase[]> = {
  small,
  full: small.map((c) => ({ ...c, horizon: 4 * c.horizon })),
};
