/**
 * `--file PATH` on every command that takes families or claims: the one function
 * each command uses. The files are read from argv before the commands are
 * built (the registry decides which subcommands exist); the option is also
 * declared on each command, for --help and so commander accepts it.
 *
 * A command added later: build it from the registry it is given
 * (`xCommand(registry, setExit)`) and call `addFileOption(cmd)` on it and on
 * each of its per-family subcommands.
 */
import type { Command } from 'commander';
import { collect } from './repeatable.ts';

export const FILE_HELP = 'load families and claims from a module: .ts, .mts, .js or .mjs (repeatable; globs allowed, quote them)';

export function addFileOption(cmd: Command): Command {
  return cmd.option('--file <path>', FILE_HELP, collect);
}

/** The --file arguments in argv (`--file a.ts`, `--file=a.ts`), in order; they stop at a bare `--`. */
export function fileArguments(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a === '--file' && i + 1 < argv.length) out.push(argv[++i]);
    else if (a.startsWith('--file=')) out.push(a.slice('--file='.length));
  }
  return out;
}
