/**
 * `--t` of `lbcheck transient`: a list of times "0.5,1,2,5" or a grid
 * "start:step:end" (the times start + k step up to end; end must lie on the
 * grid, within a millionth of a step).
 */
import { UsageError } from '../core/errors.ts';

/** The most times a grid may hold. */
const MAX_TIMES = 100_000;

function number(text: string, what: string): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v)) throw new UsageError(`--t: ${what} must be a number, got "${text}"`);
  return v;
}

function grid(text: string): number[] {
  const parts = text.split(':');
  if (parts.length !== 3) throw new UsageError(`--t: a grid is start:step:end, e.g. 0:0.1:5, got "${text}"`);
  const [start, step, end] = [number(parts[0], 'the start'), number(parts[1], 'the step'), number(parts[2], 'the end')];
  if (!(step > 0)) throw new UsageError(`--t: the step must be > 0, got ${step}`);
  if (!(end >= start)) throw new UsageError(`--t: the end must be >= the start, got ${start}:${step}:${end}`);
  const steps = Math.round((end - start) / step);
  if (Math.abs(start + steps * step - end) > 1e-6 * step)
    throw new UsageError(`--t: the end ${end} is not start + k step for an integer k (${start}:${step}:${end})`);
  if (steps + 1 > MAX_TIMES) throw new UsageError(`--t: the grid has ${steps + 1} times, more than ${MAX_TIMES}`);
  return Array.from({ length: steps + 1 }, (_, k) => (k === steps ? end : start + k * step));
}

/** The times `--t` gives: finite, >= 0, strictly increasing. */
export function parseTimes(text: string): number[] {
  const times = text.includes(':') ? grid(text) : text.split(',').map((x) => number(x, 'a time'));
  times.forEach((t, k) => {
    if (t < 0) throw new UsageError(`--t: times must be >= 0, got ${t}`);
    if (k > 0 && !(t > times[k - 1])) throw new UsageError(`--t: times must increase, got ${times[k - 1]} then ${t}`);
  });
  return times;
}
