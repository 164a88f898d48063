/**
 * The `lbcheck` command: the only place that reads argv or prints. Usage errors
 * are one line on stderr with exit code 2, never a stack trace; a command named
 * without what it needs (bare `lbcheck`, `lbcheck solve`) prints its help on
 * stderr and exits 2.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { UsageError } from '../core/errors.ts';
import { packageFile } from '../core/package-files.ts';
import { loadFiles } from '../registry/load.ts';
import { EMPTY, type Registry } from '../registry/registry.ts';
import { COMMANDS, commandsFor, needsOf, type Needs } from './commands.ts';
import { fileArguments } from './files.ts';
import { refuseOptionClashes } from './option-clash.ts';
import { isRepeatable } from './repeatable.ts';

let exitCode = 0;
const setExit = (code: number): void => {
  exitCode = code;
};

const { version } = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string };

// `lbcheck --version` alone answers before any command is loaded.
if (process.argv.length === 3 && process.argv[2] === '--version') {
  process.stdout.write(`${version}\n`);
  process.exit(0);
}

/** One line: commander's "(Did you mean --lambda?)" joins the line it follows; anything below it (a stack) is dropped. */
function fail(message: string): never {
  const line = message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean /, ' (Did you mean ')
    .split('\n')[0];
  process.stderr.write(`lbcheck: ${line}\n`);
  process.exit(2);
}

/** The built-ins the commands need (claims are loaded only for commands that run them). */
async function builtins(needs: Needs): Promise<Registry> {
  if (needs === 'claims') return (await import('../registry/builtins.ts')).builtinRegistry();
  if (needs === 'families') return (await import('../registry/builtin-families.ts')).builtinFamilies();
  return EMPTY;
}

/**
 * Built-ins plus the families and claims of the --file modules, before any
 * command is built from them. A command that needs no registry takes no
 * --file (commander then rejects the option), so none is loaded for it.
 */
async function startRegistry(needs: Needs): Promise<Registry> {
  try {
    const files = needs === 'nothing' ? [] : fileArguments(process.argv.slice(2));
    const registry = await loadFiles(await builtins(needs), files);
    refuseOptionClashes(registry);
    return registry;
  } catch (e) {
    if (e instanceof UsageError) fail(e.message);
    throw e;
  }
}

const names = commandsFor(process.argv.slice(2));
const registry = await startRegistry(needsOf(names));

const program = new Command('lbcheck')
  .description('check the claims of load-balancing theory mechanically')
  .version(version, '--version', 'print the version and exit')
  .showSuggestionAfterError();
for (const name of names) program.addCommand(await COMMANDS[name].build(registry, setExit));

/**
 * Every (sub)command fails through our handler, in one line; help shown for a
 * missing subcommand goes to stderr. An option given twice is an error, not
 * "last wins", unless it collects its values (repeatable.ts).
 */
function configure(cmd: Command): void {
  cmd.exitOverride().configureOutput({ writeErr: (text) => process.stderr.write(text), outputError: () => {} });
  for (const option of cmd.options) {
    if (isRepeatable(option)) continue;
    let seen = false;
    cmd.on(`option:${option.name()}`, () => {
      if (seen) throw new UsageError(`${option.long ?? option.short} given twice: give it once`);
      seen = true;
    });
  }
  cmd.commands.forEach(configure);
}
configure(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') process.exit(0);
    // Help shown because a subcommand is missing: nothing was done.
    if (e.code === 'commander.help') process.exit(2);
    fail(e.message);
  }
  if (e instanceof UsageError) fail(e.message);
  throw e;
}
// z3-solver keeps worker threads alive; exit explicitly once everything is printed.
process.exitCode = exitCode;
process.stdout.write('', () => process.exit(exitCode));
