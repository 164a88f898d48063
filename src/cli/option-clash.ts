/**
 * A family's parameters become options of its subcommands (`solve <family>`,
 * `simulate <family>`, `sweep solve <family>` ...), beside the options those
 * commands declare themselves. A parameter named like one of them would make
 * commander refuse to build every command (or, under another spelling of the
 * same attribute, silently read the wrong value), so it is refused when the
 * family is registered, in one line.
 */
import { Option } from 'commander';
import { UsageError } from '../core/errors.ts';
import type { Registry } from '../registry/registry.ts';

/**
 * Every option a command gives a family's subcommand besides its parameters
 * (commander's --help included). test/models/contract.test.ts builds every
 * command for every family and checks this list covers them.
 */
export const FAMILY_COMMAND_OPTIONS: readonly string[] = [
  '--T',
  '--boundary-tolerance',
  '--cases',
  '--csv',
  '--detect',
  '--exact',
  '--file',
  '--format',
  '--from',
  '--grid',
  '--help',
  '--horizon',
  '--jobs',
  '--json',
  '--max-seconds',
  '--max-states',
  '--method',
  '--metrics',
  '--order',
  '--out',
  '--param',
  '--queue',
  '--queue-file',
  '--resume',
  '--samples',
  '--seed',
  '--sim',
  '--svg',
  '--t',
  '--timeout',
  '--tolerance',
  '--x0',
];

/** The option a parameter named `name` would collide with: the same flag, or the same attribute (`--max-states` and `maxStates`). */
export function clashingOption(name: string): string | undefined {
  const attribute = new Option(`--${name}`).attributeName();
  return FAMILY_COMMAND_OPTIONS.find((flag) => flag === `--${name}` || new Option(flag).attributeName() === attribute);
}

/** UsageError naming the first family parameter that collides with a command option, its family and where it was declared. */
export function refuseOptionClashes(reg: Registry): void {
  for (const { family, origin } of reg.families) {
    for (const name of Object.keys(family.params)) {
      const option = clashingOption(name);
      if (option) {
        throw new UsageError(`${origin}: family "${family.id}" has a parameter "${name}", the name of the command option ${option}: rename the parameter`);
      }
    }
  }
}
