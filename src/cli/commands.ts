/**
 * The table of lbcheck's commands, each loaded only when it runs: a command's
 * module and what it needs of the registry are imported on demand, so
 * `lbcheck solve` does not load the claims, the sweep queue or the explorer's
 * server (start-up was 1.7 s with everything loaded).
 */
import type { Command } from 'commander';
import type { Registry } from '../registry/registry.ts';

type SetExit = (code: number) => void;

/** What a command reads from the registry: nothing, the families, or the families and the claims. */
export type Needs = 'nothing' | 'families' | 'claims';

interface CommandEntry {
  readonly needs: Needs;
  build(registry: Registry, setExit: SetExit): Promise<Command>;
}

/** In the order `lbcheck --help` lists them. */
export const COMMANDS = {
  solve: { needs: 'families', build: async (r, s) => (await import('./solve.ts')).solveCommand(r, s) },
  transient: { needs: 'families', build: async (r, s) => (await import('./transient.ts')).transientCommand(r, s) },
  productform: { needs: 'families', build: async (r, s) => (await import('./productform.ts')).productFormCommand(r, s) },
  check: { needs: 'claims', build: async (r, s) => (await import('./check.ts')).checkCommand(r, s) },
  list: { needs: 'claims', build: async (r) => (await import('./list.ts')).listCommand(r) },
  prove: { needs: 'nothing', build: async (_, s) => (await import('./prove.ts')).proveCommand(s) },
  fluid: { needs: 'families', build: async (r, s) => (await import('./fluid.ts')).fluidCommand(r, s) },
  refined: { needs: 'families', build: async (r, s) => (await import('./refined.ts')).refinedCommand(r, s) },
  simulate: { needs: 'families', build: async (r, s) => (await import('./simulate.ts')).simulateCommand(r, s) },
  regress: { needs: 'families', build: async (r, s) => (await import('./regress.ts')).regressCommand(r, s) },
  figure: { needs: 'nothing', build: async (_, s) => (await import('./figure.ts')).figureCommand(s) },
  export: { needs: 'families', build: async (r) => (await import('./export.ts')).exportCommand(r) },
  sweep: { needs: 'claims', build: async (r, s) => (await import('./sweep.ts')).sweepCommand(r, s) },
  // The worker's jobs load its --file modules themselves; main loads them first so a bad file fails at start.
  worker: { needs: 'families', build: async (_, s) => (await import('./worker.ts')).workerCommand(s) },
  explore: { needs: 'claims', build: async (r) => (await import('./explore.ts')).exploreCommand(r) },
} satisfies Record<string, CommandEntry>;

export type CommandName = keyof typeof COMMANDS;

const NAMES = Object.keys(COMMANDS) as CommandName[];
const isName = (s: string | undefined): s is CommandName => s !== undefined && Object.hasOwn(COMMANDS, s);

/**
 * The commands to build for these arguments (argv without node and the
 * script): the one they name (`solve ...`, `help solve`), or every command
 * when they name none (top-level help, --version, a misspelt name that
 * commander then suggests the right one for).
 */
export function commandsFor(args: readonly string[]): CommandName[] {
  const named = args[0] === 'help' ? args[1] : args[0];
  return isName(named) ? [named] : NAMES;
}

const RANK: Record<Needs, number> = { nothing: 0, families: 1, claims: 2 };

/** What these commands together need of the registry. */
export function needsOf(names: readonly CommandName[]): Needs {
  return names.map((n): Needs => COMMANDS[n].needs).reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'nothing');
}
