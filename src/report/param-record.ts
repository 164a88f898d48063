/** The parameters of a JSON record, as floats and exactly. */
import type { ModelFamily } from '../core/model.ts';
import { exactParams, type ExactParam, type ParamSpecs } from '../core/params.ts';

/**
 * The parameters of a JSON record: `params` as floats (the family's own view) and
 * `paramsExact` as "p/q" text, so the record replays exactly; ignored ones left out.
 */
export function paramRecord(
  family: ModelFamily<ParamSpecs, unknown>,
  params: unknown,
  ignored: Readonly<Record<string, unknown>> = {},
): { params: Record<string, number | number[] | string>; paramsExact: Record<string, ExactParam> } {
  return {
    params: Object.fromEntries(Object.entries(family.toJSON(params)).filter(([k]) => !(k in ignored))),
    paramsExact: exactParams(family.params, params as Record<string, unknown>, ignored),
  };
}
