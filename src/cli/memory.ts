/** The memory free for a solve on this machine (Node): the OS's available memory, within the process's cgroup limit if it has one. */
import { freemem } from 'node:os';

export function freeMemory(): number {
  const limit = process.constrainedMemory?.() ?? 0; // 0 or about 2^64 when there is no limit
  return limit > 0 ? Math.min(freemem(), limit) : freemem();
}
