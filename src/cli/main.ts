/**
 * The `lbcheck` command: the only place that reads argv or prints. Usage errors
 * are one line on stderr with exit code 2, never a stack trace.
 */
import { Command, CommanderError } from 'commander';
import { UsageError } from '../core/errors.ts';
import { checkCommand } from './check.ts';
import { exportCommand } from './export.ts';
import { figureCommand } from './figure.ts';
import { fluidCommand } from './fluid.ts';
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

const program = new Command('lbcheck')
  .description('check the claims of load-balancing theory mechanically')
  .showSuggestionAfterError()
  .addCommand(solveCommand(setExit))
  .addCommand(productFormCommand(setExit))
  .addCommand(checkCommand(setExit))
  .addCommand(proveCommand(setExit))
  .addCommand(fluidCommand(setExit))
  .addCommand(simulateCommand())
  .addCommand(regressCommand(setExit))
  .addCommand(figureCommand(setExit))
  .addCommand(exportCommand())
  .addCommand(sweepCommand(setExit))
  .addCommand(workerCommand(setExit));

/** Every (sub)command fails through our handler, in one line. */
function configure(cmd: Command): void {
  cmd.exitOverride().configureOutput({ writeErr: () => {}, outputError: () => {} });
  cmd.commands.forEach(configure);
}
configure(program);

function fail(message: string): never {
  process.stderr.write(`lbcheck: ${message.replace(/^error: /, '').split('\n')[0]}\n`);
  process.exit(2);
}

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') process.exit(0);
    fail(e.message);
  }
  if (e instanceof UsageError) fail(e.message);
  throw e;
}
// z3-solver keeps worker threads alive; exit explicitly once everything is printed.
process.exitCode = exitCode;
process.stdout.write('', () => process.exit(exitCode));
