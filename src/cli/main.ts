/**
 * The `lbcheck` command: the only place that reads argv or prints. Usage errors
 * are one line on stderr with exit code 2, never a stack trace; a command named
 * without what it needs (bare `lbcheck`, `lbcheck solve`) prints its help on
 * stderr and exits 2.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { UsageError } from '../core/errors.ts';
import { builtinRegistry } from '../registry/builtins.ts';
import { loadFiles } from '../registry/load.ts';
import type { Registry } from '../registry/registry.ts';
import { checkCommand } from './check.ts';
import { exploreCommand } from './explore.ts';
import { exportCommand } from './export.ts';
import { figureCommand } from './figure.ts';
import { fileArguments } from './files.ts';
import { isRepeatable } from './repeatable.ts';
import { fluidCommand } from './fluid.ts';
import { listCommand } from './list.ts';
import { productFormCommand } from './productform.ts';
import { proveCommand } from './prove.ts';
import { regressCommand } from './regress.ts';
import { simulateCommand } from './simulate.ts';
import { solveCommand } from './solve.ts';
import { sweepCommand } from './sweep.ts';
import { workerCommand } from './worker.ts';

let exitCode = 0;
const setExit = (code: number): void => {
  exitCode = code;
};

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function fail(message: string): never {
  process.stderr.write(`lbcheck: ${message.replace(/^error: /, '').split('\n')[0]}\n`);
  process.exit(2);
}

/** Built-ins plus the families and claims of the --file modules, before any command is built from them. */
async function startRegistry(): Promise<Registry> {
  try {
    return await loadFiles(builtinRegistry(), fileArguments(process.argv.slice(2)));
  } catch (e) {
    if (e instanceof UsageError) fail(e.message);
    throw e;
  }
}

const registry = await startRegistry();

const program = new Command('lbcheck')
  .description('check the claims of load-balancing theory mechanically')
  .version(version, '--version', 'print the version and exit')
  .showSuggestionAfterError()
  .addCommand(solveCommand(registry, setExit))
  .addCommand(productFormCommand(registry, setExit))
  .addCommand(checkCommand(registry, setExit))
  .addCommand(listCommand(registry))
  .addCommand(proveCommand(setExit))
  .addCommand(fluidCommand(registry, setExit))
  .addCommand(simulateCommand(registry, setExit))
  .addCommand(regressCommand(registry, setExit))
  .addCommand(figureCommand(setExit))
  .addCommand(exportCommand(registry))
  .addCommand(sweepCommand(registry, setExit))
  .addCommand(workerCommand(setExit))
  .addCommand(exploreCommand(registry));

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
