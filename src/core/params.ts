/**
 * Declared model parameters: each one knows its help text and how to read it from
 * the command line (rationals are read exactly); errors are one line naming the option.
 */
import { UsageError } from './errors.ts';
import { Fraction, parseRational, ratString, ratToNumber, sumRationals, type Rational } from './rational.ts';

export interface ParamSpec<V> {
  /** How the option reads: one value, or a comma-separated list ('rationals', 'ints'), or one name of a fixed set. */
  readonly kind: 'int' | 'rational' | 'rationals' | 'ints' | 'choice';
  readonly help: string;
  /** Shown in --help; applied when the option is absent. */
  readonly defaultText?: string;
  readonly optional: boolean;
  readonly read: (text: string | undefined, name: string) => V;
}

interface Bounds {
  min?: number;
  max?: number;
}

/** One integer within bounds; `what` names it in errors ("--N", "--servers[2]"). */
function readInt(text: string, what: string, b: Bounds): number {
  const v = Number(text.trim());
  if (!/^[+-]?\d+$/.test(text.trim()) || !Number.isSafeInteger(v)) throw new UsageError(`${what} must be an integer, got "${text}"`);
  if (b.min !== undefined && v < b.min) throw new UsageError(`${what} must be >= ${b.min}, got ${v}`);
  if (b.max !== undefined && v > b.max) throw new UsageError(`${what} must be <= ${b.max}, got ${v}`);
  return v;
}

export function intParam(help: string, b: Bounds = {}): ParamSpec<number> {
  return { kind: 'int', help, optional: false, read: (text, name) => readInt(required(text, name), `--${name}`, b) };
}

/** A comma-separated list of integers within bounds, e.g. --servers 2,2. */
export function intListParam(help: string, b: Bounds = {}): ParamSpec<number[]> {
  return {
    kind: 'ints',
    help,
    optional: false,
    read: (text, name) => listItems(text, name).map((t, i) => readInt(t, `--${name}[${i + 1}]`, b)),
  };
}

type Sign = 'positive' | 'nonnegative';

/** Below this a positive rate loses precision as a double, and past 5e-324 it becomes 0 (a float chain then loses its transitions). */
const SMALLEST_NORMAL = 2.2250738585072014e-308;

function checkSign(v: Rational, sign: Sign, what: string): void {
  if (sign === 'positive' && v.s * v.n <= 0n) throw new UsageError(`${what} must be > 0, got ${ratString(v)}`);
  if (v.n !== 0n && ratToNumber(v.abs()) < SMALLEST_NORMAL) {
    throw new UsageError(
      `${what} is nonzero but below 2.2e-308 in size, the smallest double at full precision: the float solvers ` +
        `and simulators cannot use it; rescale the rates (change the time unit)`,
    );
  }
  if (sign === 'nonnegative' && v.s < 0n && v.n !== 0n) throw new UsageError(`${what} must be >= 0, got ${ratString(v)}`);
}

export function rationalParam(help: string, sign: Sign, defaultText?: string): ParamSpec<Rational> {
  return {
    kind: 'rational',
    help,
    defaultText,
    optional: false,
    read: (text, name) => {
      const v = parseRational(text ?? required(defaultText, name), `--${name}`);
      checkSign(v, sign, `--${name}`);
      return v;
    },
  };
}

function listItems(text: string | undefined, name: string): string[] {
  const list = required(text, name);
  if (list === '') throw new UsageError(`--${name} must be a comma-separated list, got ""`);
  return list.split(',');
}

/** A comma-separated list of positive rationals that sum to exactly 1. */
export function distributionParam(help: string): ParamSpec<Rational[]> {
  return {
    kind: 'rationals',
    help,
    optional: false,
    read: (text, name) => {
      const vs = listItems(text, name).map((t, i) => parseRational(t, `--${name}[${i + 1}]`));
      checkDistribution(`--${name}`, vs);
      return vs;
    },
  };
}

/** A comma-separated list of rationals of one sign, e.g. --rates 2,1/2. */
export function rationalListParam(help: string, sign: Sign): ParamSpec<Rational[]> {
  return {
    kind: 'rationals',
    help,
    optional: false,
    read: (text, name) =>
      listItems(text, name).map((t, i) => {
        const v = parseRational(t, `--${name}[${i + 1}]`);
        checkSign(v, sign, `--${name}[${i + 1}]`);
        return v;
      }),
  };
}

/** One name of a fixed set, e.g. --policy sq2. */
export function choiceParam<C extends string>(help: string, choices: readonly C[], defaultText?: C): ParamSpec<C> {
  return {
    kind: 'choice',
    help: `${help} (one of ${choices.join(', ')})`,
    defaultText,
    optional: false,
    read: (text, name) => {
      const v = text ?? required(defaultText, name);
      if (!(choices as readonly string[]).includes(v)) throw new UsageError(`--${name} must be one of ${choices.join(', ')}, got "${v}"`);
      return v as C;
    },
  };
}

/** Every value > 0 and the values sum to exactly 1. */
export function checkDistribution(what: string, vs: readonly Rational[]): void {
  vs.forEach((v, i) => checkSign(v, 'positive', `${what}[${i + 1}]`));
  const total = sumRationals(vs);
  if (!total.equals(1)) throw new UsageError(`${what} must sum to 1, got ${ratString(total)}`);
}

export function optional<V>(p: ParamSpec<V>): ParamSpec<V | undefined> {
  return { ...p, optional: true, read: (text, name) => (text === undefined ? undefined : p.read(text, name)) };
}

function required(text: string | undefined, name: string): string {
  if (text === undefined) throw new UsageError(`--${name} is required`);
  return text;
}

export type ParamSpecs = Record<string, ParamSpec<unknown>>;
export type ParamsOf<S extends ParamSpecs> = { [K in keyof S]: S[K] extends ParamSpec<infer V> ? V : never };

/** Reads every declared parameter from raw option text; unknown names are errors. */
export function readParams<S extends ParamSpecs>(specs: S, raw: Record<string, string | undefined>): ParamsOf<S> {
  for (const k of Object.keys(raw)) {
    if (!Object.hasOwn(specs, k))
      throw new UsageError(
        `unknown parameter --${k} (known: ${Object.keys(specs)
          .map((s) => `--${s}`)
          .join(', ')})`,
      );
  }
  const out: Record<string, unknown> = {};
  for (const [k, spec] of Object.entries(specs)) out[k] = spec.read(raw[k], k);
  return out as ParamsOf<S>;
}

export type ExactParam = number | string | (number | string)[];

/**
 * The declared parameters exactly, for JSON records: rationals as "p/q" text,
 * integers and choices as they are, absent ones left out. Read back as option
 * text, they give the same parameters (a record replays exactly).
 */
export function exactParams(
  specs: ParamSpecs,
  p: Readonly<Record<string, unknown>>,
  except: Readonly<Record<string, unknown>> = {},
): Record<string, ExactParam> {
  const exact = (v: unknown): number | string => (v instanceof Fraction ? ratString(v) : (v as number | string));
  const out: Record<string, ExactParam> = {};
  for (const k of Object.keys(specs)) {
    const v = p[k];
    if (v === undefined || k in except) continue;
    out[k] = Array.isArray(v) ? v.map(exact) : exact(v);
  }
  return out;
}
