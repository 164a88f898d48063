/**
 * The commands a sweep runs, and the job runner the pool threads and queue
 * workers load: a job names one of these commands, a family and option values;
 * the runner checks the names against what the command declares, reads the
 * values with the command's own parsers and returns the command's JSON report
 * (the same function `lbcheck <command>` prints). Nothing here prints.
 */
import type { Option } from 'commander';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { resolvePanel } from '../sim/panel.ts';
import type { JobData, JobOutcome, RunnerEnv } from '../sweep/job.ts';
import { builtinRegistry } from '../registry/builtins.ts';
import { loadFiles } from '../registry/load.ts';
import { familyById, type Registry } from '../registry/registry.ts';
import { fluidOptions, fluidRun, parseFluid } from './fluid.ts';
import { parseRegress, regressOptions, regressReport } from './regress.ts';
import { parseSimulate, simulateOptions, simulateReport } from './simulate.ts';
import { parseSolve, solveOptions, solveReport } from './solve.ts';

type Family = ModelFamily<ParamSpecs, unknown>;
type Opts = Record<string, string>;

export interface SweepCommand {
  readonly name: string;
  /** The view a family needs for this command. */
  readonly view?: 'fluid' | 'simulator';
  /** Takes --seed: a sweep gives point k the seed (base + k * seedsPerRun) mod 2^32. */
  readonly seeded: boolean;
  /** Seeds one run uses (seed, seed + 1, ...), so that points never share a stream. */
  seedsPerRun?(family: Family, opts: Opts): number;
  /** The command's own options (those of `lbcheck <command>`), minus what only the runner's machine decides. */
  options(family: Family): Option[];
  /** Reads a point's options (UsageError on bad input) and returns the run. */
  prepare(family: Family, opts: Opts, env: RunnerEnv): () => Promise<{ result: unknown; ok: boolean }>;
}

/** Options that never come from a sweep point: they run programs or are the runner's machine's business. */
const LOCAL_ONLY = new Set(['sim']);

const withoutLocal = (os: Option[]): Option[] => os.filter((o) => !LOCAL_ONLY.has(o.attributeName()));

export const SWEEP_COMMANDS: readonly SweepCommand[] = [
  {
    name: 'solve',
    seeded: false,
    options: () => solveOptions(),
    prepare(family, opts) {
      const req = parseSolve(family, opts as never);
      return async () => {
        const result = solveReport(family, req);
        return { result, ok: result.trusted };
      };
    },
  },
  {
    name: 'fluid',
    view: 'fluid',
    seeded: false,
    options: (family) => fluidOptions(family),
    prepare(family, opts) {
      const req = parseFluid(family, opts as never);
      return async () => {
        const r = fluidRun(family, req);
        return { result: r.report, ok: r.sound };
      };
    },
  },
  {
    name: 'simulate',
    view: 'simulator',
    seeded: true,
    options: () => simulateOptions(),
    prepare(family, opts) {
      const req = parseSimulate(family, opts as never);
      return async () => {
        const result = simulateReport(family, req);
        return { result, ok: result.status === 'estimated' };
      };
    },
  },
  {
    name: 'regress',
    view: 'simulator',
    seeded: true,
    options: (family) => withoutLocal(regressOptions(family)),
    // Case i of a regression runs with seed S + i.
    seedsPerRun: (family, opts) => resolvePanel(family.simulator!, opts.cases ?? 'small').length,
    prepare(family, opts, env) {
      const cases = opts.cases ?? 'small';
      if (env.fromQueue && !Object.hasOwn(family.simulator!.panels, cases)) {
        throw new UsageError(`--cases from the queue must name a built-in panel (${Object.keys(family.simulator!.panels).join(', ')}), got "${cases}"`);
      }
      const req = parseRegress(family, { ...opts, sim: env.sim } as never);
      return async () => {
        const result = await regressReport(family, req);
        return { result, ok: result.verdict === 'pass' };
      };
    },
  },
];

export function findSweepCommand(name: string): SweepCommand {
  const c = SWEEP_COMMANDS.find((s) => s.name === name);
  if (!c) throw new UsageError(`a sweep runs ${SWEEP_COMMANDS.map((s) => s.name).join(', ')}; got "${name}"`);
  return c;
}

/** Family parameters and command options a point may set, by attribute name. */
/** Parameters the command ignores for this family (the fluid limit's N, K): not offered, not accepted. */
export function ignoredParams(command: SweepCommand, family: Family): Readonly<Record<string, string | undefined>> {
  return command.view === 'fluid' ? family.fluid?.ignoredParams ?? {} : {};
}

export function optionNames(command: SweepCommand, family: Family): string[] {
  const ignored = ignoredParams(command, family);
  return [...Object.keys(family.params).filter((k) => !(k in ignored)), ...command.options(family).map((o) => o.attributeName())];
}

/**
 * Checks a point against its command and family: known names only, the family
 * offers the command's view, every value reads. Returns the run.
 */
export function preparePoint(d: Pick<JobData, 'command' | 'family' | 'options'>, family: Family, env: RunnerEnv): () => Promise<{ result: unknown; ok: boolean }> {
  const command = findSweepCommand(d.command);
  if (command.view && !family[command.view]) throw new UsageError(`${family.id} has no ${command.view} view, so it cannot be swept with ${command.name}`);
  const allowed = new Set(optionNames(command, family));
  for (const k of Object.keys(d.options)) if (!allowed.has(k)) throw new UsageError(`${command.name} ${family.id} has no option --${k}`);
  const opts: Opts = { ...d.options };
  for (const o of command.options(family)) {
    const k = o.attributeName();
    if (opts[k] === undefined && o.defaultValue !== undefined) opts[k] = String(o.defaultValue);
    if (opts[k] === undefined && o.mandatory) throw new UsageError(`${o.long} is required`);
    // Choices commander checks on the command line are checked here for values from a grid or a job.
    if (opts[k] !== undefined && o.argChoices && !o.argChoices.includes(opts[k])) throw new UsageError(`${o.long} must be one of ${o.argChoices.join(', ')}, got "${opts[k]}"`);
  }
  return command.prepare(family, opts, env);
}

/** Registries by --file list, loaded once per thread. */
const registries = new Map<string, Promise<Registry>>();

/** The family a job names, among the built-ins and the runner's own --file modules (a job never names a file). */
async function familyFor(id: string, env: RunnerEnv): Promise<Family> {
  const key = JSON.stringify(env.files);
  if (!registries.has(key)) registries.set(key, loadFiles(builtinRegistry(), env.files));
  return familyById(await registries.get(key)!, id);
}

/** Runs one job; every failure becomes an outcome (ok false, with the one-line reason), never a crash. */
export async function runJob(d: JobData, env: RunnerEnv): Promise<JobOutcome> {
  try {
    const run = preparePoint(d, await familyFor(d.family, env), env);
    return await run();
  } catch (e) {
    if (e instanceof UsageError) return { ok: false, error: e.message };
    return { ok: false, error: `internal error: ${e instanceof Error ? e.message : String(e)}`.split('\n')[0] };
  }
}
