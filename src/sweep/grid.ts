/**
 * Grids of option values: `name=a:step:b` (an exact rational range, both ends
 * included when step divides b - a), `name=v1,v2,...`, or `name=v1;v2;...` for
 * values that themselves hold commas (list options such as --alpha 3/5,2/5).
 * Points are the Cartesian product in a fixed order (the first axis varies
 * slowest), so a sweep's point k is the same on every machine.
 */
import { UsageError } from '../core/errors.ts';
import { parseRational, type Rational } from '../core/rational.ts';

export interface GridAxis {
  /** The option's name as on the command line, without the dashes ("lambda", "boundary-tolerance"). */
  readonly name: string;
  readonly values: readonly string[];
}

/** Most values on one axis, and most points in a sweep. */
export const MAX_AXIS_VALUES = 10_000;
export const MAX_POINTS = 100_000;

/** An exact rational as a decimal when it has a short one ("0.3"), else as p/q. */
function text(r: Rational): string {
  let d = r.d;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  const decimal = d === 1n ? r.toString() : '';
  return decimal !== '' && !decimal.includes('(') && decimal.length <= 20 ? decimal : r.toFraction();
}

function range(spec: string, name: string, body: string): string[] {
  const parts = body.split(':');
  const what = `--grid ${spec}`;
  const [a, step, b] = parts.map((t) => parseRational(t, what));
  if (step.compare(0) <= 0) throw new UsageError(`${what}: the step must be > 0`);
  if (b.compare(a) < 0) throw new UsageError(`${what}: the range ends below its start`);
  const count = b.sub(a).div(step).floor().add(1);
  if (count.compare(MAX_AXIS_VALUES) > 0) throw new UsageError(`${what}: ${count.toString()} values on one axis (at most ${MAX_AXIS_VALUES})`);
  const out: string[] = [];
  for (let v: Rational = a, k = 0; k < Number(count.valueOf()); k++, v = v.add(step)) out.push(text(v));
  if (out.length === 0) throw new UsageError(`${what}: no value for ${name}`);
  return out;
}

/** One --grid argument. */
export function parseAxis(spec: string): GridAxis {
  const eq = spec.indexOf('=');
  const name = spec.slice(0, eq).trim().replace(/^--/, '');
  const body = spec.slice(eq + 1).trim();
  if (eq < 0 || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(name) || body === '') {
    throw new UsageError(`--grid ${spec}: expected name=start:step:end or name=v1,v2,... (or v1;v2 for list values)`);
  }
  const colon = body.split(':');
  let values: string[];
  if (colon.length === 3 && !body.includes(',') && !body.includes(';')) values = range(spec, name, body);
  else if (colon.length > 1) throw new UsageError(`--grid ${spec}: a range is start:step:end (three numbers)`);
  else values = body.split(body.includes(';') ? ';' : ',').map((v) => v.trim());
  if (values.some((v) => v === '')) throw new UsageError(`--grid ${spec}: an empty value`);
  if (values.length > MAX_AXIS_VALUES) throw new UsageError(`--grid ${spec}: ${values.length} values on one axis (at most ${MAX_AXIS_VALUES})`);
  if (new Set(values).size !== values.length) throw new UsageError(`--grid ${spec}: a value is listed twice`);
  return { name, values };
}

/** Every point of the grid, first axis slowest. */
export function expandGrid(axes: readonly GridAxis[]): Record<string, string>[] {
  const names = axes.map((a) => a.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new UsageError(`--grid ${dup} is given twice`);
  const total = axes.reduce((n, a) => n * a.values.length, 1);
  if (total > MAX_POINTS) throw new UsageError(`the grid has ${total} points (at most ${MAX_POINTS})`);
  const points: Record<string, string>[] = [];
  for (let k = 0; k < total; k++) {
    const p: Record<string, string> = {};
    let rest = k;
    for (let a = axes.length - 1; a >= 0; a--) {
      const n = axes[a].values.length;
      p[axes[a].name] = axes[a].values[rest % n];
      rest = Math.floor(rest / n);
    }
    points.push(Object.fromEntries(names.map((n) => [n, p[n]])));
  }
  return points;
}

/** "lambda=0.3, N=10", for messages. */
export function pointText(p: Record<string, string>): string {
  return Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}
