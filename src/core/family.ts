/**
 * defineFamily: the one way a model family is declared, built-in or a user's.
 * Parameters are read from option text by their specs (core/params.ts: each
 * spec's own bounds, its default as `defaultText`); `defaults` fills values that
 * depend on other parameters (beta = 1/R ...); `check` does the cross-field
 * checks (d <= N, stability ...), throwing UsageError with one line. JSON
 * parameters come from the specs unless the family says otherwise.
 */
import type { MetricSchema } from './metric-schema.ts';
import type { ModelFamily } from './model.ts';
import { readParams, type ParamSpecs, type ParamsOf } from './params.ts';
import { isRational, ratToNumber } from './rational.ts';

export type ParamsJson = Record<string, number | number[] | string>;

export interface FamilySpec<S extends ParamSpecs, P, M extends MetricSchema = MetricSchema> extends Omit<ModelFamily<S, P, M>, 'parse' | 'toJSON'> {
  /** Values that depend on other parameters, filled in after reading (default: none). */
  defaults?(v: ParamsOf<S>): P;
  /** Cross-field checks of read parameters: throw UsageError naming the option. */
  check?(p: P): void;
  toJSON?(p: P): ParamsJson;
}

/** Parameters as JSON numbers in the order declared; absent optional ones are left out. */
export function paramsJson(specs: ParamSpecs, p: object): ParamsJson {
  const out: ParamsJson = {};
  const values = p as Record<string, unknown>;
  for (const name of Object.keys(specs)) {
    const v = values[name];
    if (v === undefined) continue;
    if (isRational(v)) out[name] = ratToNumber(v);
    else if (Array.isArray(v)) out[name] = v.map((x) => (isRational(x) ? ratToNumber(x) : (x as number)));
    else out[name] = v as number | string;
  }
  return out;
}

export function defineFamily<S extends ParamSpecs, P = ParamsOf<S>, M extends MetricSchema = MetricSchema>(spec: FamilySpec<S, P, M>): ModelFamily<S, P, M> {
  const { defaults, check, toJSON, ...views } = spec;
  return {
    ...views,
    parse(raw) {
      const read = readParams(spec.params, raw);
      const p = defaults ? defaults(read) : (read as unknown as P);
      check?.(p);
      return p;
    },
    toJSON: toJSON ?? ((p) => paramsJson(spec.params, p as object)),
  };
}
