/** A coupled system's quantities and an event's draws as short text, for the terminal and the explorer alike. */
import type { Quantity } from '../coupling/coupled-run.ts';

export function quantityText(q: Quantity): string {
  if (typeof q === 'number') return String(q);
  if (Array.isArray(q)) return `[${q.join(' ')}]`;
  return Object.entries(q)
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');
}

export function drawsText(draws: Record<string, number | number[]>): string {
  return Object.entries(draws)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
    .join(' ');
}
