/** Declares a model family's parameters as command options and reads them back as text. */
import type { Command } from 'commander';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';

/** Declares the family's parameters, but not those the command ignores (an ignored option is not offered). */
export function addParamOptions(cmd: Command, family: { readonly params: ParamSpecs }, ignored: Readonly<Record<string, unknown>> = {}): Command {
  for (const [name, spec] of Object.entries(family.params)) {
    if (name in ignored) continue;
    const flag = spec.kind === 'rationals' || spec.kind === 'ints' ? `--${name} <list>` : `--${name} <value>`;
    const help = spec.help + (spec.defaultText ? ` (default ${spec.defaultText})` : '') + (spec.optional || spec.defaultText ? '' : ' [required]');
    cmd.option(flag, help);
  }
  return cmd;
}

/** The model parameters the user gave, as raw text (undefined when absent). */
export function rawParams(
  family: ModelFamily<ParamSpecs, unknown>,
  opts: Record<string, unknown>,
  ignored: Readonly<Record<string, string | undefined>> = {},
): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const name of Object.keys(family.params)) raw[name] = name in ignored ? ignored[name] : (opts[name] as string | undefined);
  return raw;
}
