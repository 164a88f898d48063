/**
 * The commands a sweep runs, and the job runner the pool threads and queue
 * workers load: a job names one of these commands, its subject (a family, or
 * for `check` a claim that takes parameters) and option values; the runner
 * checks the names against what the registry and the command declare, reads
 * the values with the command's own parsers and returns the command's JSON
 * report (the same function `lbcheck <command>` prints). Nothing here prints.
 */
import { Option } from 'commander';
import { DEFAULT_SEED, runProperty } from '../check/runner.ts';
import { checkResultJson } from '../report/result-json.ts';
import type { ClaimParameters, Property } from '../check/property.ts';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { JobData, JobOutcome, RunnerEnv } from '../sweep/job.ts';
import { builtinRegistry } from '../registry/builtins.ts';
import { loadFiles } from '../registry/load.ts';
import { familiesOf, familyById, type Registry } from '../registry/registry.ts';
import { parseSeed } from '../sim/random.ts';
import { fluidOptions, fluidRun, parseFluid } from './fluid.ts';
import { parseRegress, regressOptions, regressPanel, regressReport } from './regress.ts';
import { parseSimulate, simulateOptions, simulateReport } from './simulate.ts';
import { parseSolve, solveOptions, solveReport } from './solve.ts';

type Family = ModelFamily<ParamSpecs, unknown>;
type Opts = Record<string, string>;
type Run = () => Promise<{ result: unknown; ok: boolean }>;

/** What a sweep runs over: a family (solve, fluid, simulate, regress) or a claim that takes parameters (check). */
export interface SweepSubject {
  readonly id: string;
  readonly title: string;
  /** Its parameters: options of the sweep subcommand, and grid axes. */
  readonly params: ParamSpecs;
}

/** A claim that takes parameters, as a sweep's subject. */
export interface ClaimSubject extends SweepSubject {
  readonly claim: Property;
  readonly parameters: ClaimParameters;
}

// Methods, not function properties: a SweepCommand<Family> is then a SweepCommand (parameters are compared bivariantly).
export interface SweepCommand<S extends SweepSubject = SweepSubject> {
  readonly name: string;
  /** "family" or "claim", for messages. */
  readonly subjectKind: string;
  /** The subjects this command can sweep. */
  subjects(registry: Registry): S[];
  /** The subject a job names; UsageError when the registry has none this command can sweep. */
  lookup(registry: Registry, id: string): S;
  /** Takes --seed: a sweep gives point k the seed (base + k * seedsPerRun) mod 2^32. */
  readonly seeded: boolean;
  /** Seeds one run uses (seed, seed + 1, ...), so that points never share a stream. */
  seedsPerRun?(subject: S, opts: Opts): number;
  /** The command's own options (those of `lbcheck <command>`), minus what only the runner's machine decides. */
  options(subject: S): Option[];
  /** Parameters the command ignores for this subject (the fluid limit's N, K): not offered, not accepted. */
  ignoredParams?(subject: S): Readonly<Record<string, string | undefined>>;
  /** Reads a point's options (UsageError on bad input) and returns the run. */
  prepare(subject: S, opts: Opts, env: RunnerEnv): Run;
}

type FamilyCommand = Omit<SweepCommand<Family>, 'subjectKind' | 'subjects' | 'lookup'> & { readonly view?: 'fluid' | 'simulator' };

/** A command over families, those offering `view` when it needs one. */
function overFamilies(c: FamilyCommand): SweepCommand<Family> {
  return {
    ...c,
    subjectKind: 'family',
    subjects: (registry) => familiesOf(registry, c.view),
    lookup(registry, id) {
      const family = familyById(registry, id);
      if (c.view && !family[c.view]) throw new UsageError(`${family.id} has no ${c.view} view, so it cannot be swept with ${c.name}`);
      return family;
    },
  };
}

const claimSubject = (claim: Property & { parameters: ClaimParameters }): ClaimSubject => ({
  id: claim.id,
  title: `${claim.claim} [points: ${claim.parameters.domain}]`,
  params: claim.parameters.specs,
  claim,
  parameters: claim.parameters,
});
const withParameters = (registry: Registry): ClaimSubject[] =>
  registry.claims.flatMap((e) => (e.claim.parameters ? [claimSubject(e.claim as Property & { parameters: ClaimParameters })] : []));

/** `check`: a claim decided at each point; ok when the verdict is the one the claim expects. */
const checkCommand: SweepCommand<ClaimSubject> = {
  name: 'check',
  subjectKind: 'claim',
  subjects: withParameters,
  lookup(registry, id) {
    const c = withParameters(registry).find((s) => s.id === id);
    if (!c) {
      const known = withParameters(registry)
        .map((s) => s.id)
        .join(', ');
      throw new UsageError(
        `${registry.claims.some((e) => e.claim.id === id) ? `claim "${id}" takes no parameters` : `unknown claim "${id}"`}; ` +
          `claims that take parameters: ${known}`,
      );
    }
    return c;
  },
  seeded: true,
  options: () => [new Option('--seed <S>', 'seed handed to the claim (claims with generated cases or simulations use it)').default(String(DEFAULT_SEED))],
  prepare(subject, opts) {
    const raw = Object.fromEntries(Object.keys(subject.params).map((k) => [k, opts[k]]));
    const point = subject.parameters.parse(raw);
    const seed = parseSeed(opts.seed);
    const atPoint: Property = { ...subject.claim, method: `at one point: ${subject.parameters.domain}`, run: (ctx) => subject.parameters.at(point, ctx) };
    return async () => {
      const r = await runProperty(atPoint, { seed, progress: () => {} });
      return { result: checkResultJson(r, seed), ok: r.asExpected };
    };
  },
};

/** Options that never come from a sweep point: they run programs or are the runner's machine's business. */
const LOCAL_ONLY = new Set(['sim']);

const withoutLocal = (os: Option[]): Option[] => os.filter((o) => !LOCAL_ONLY.has(o.attributeName()));

export const SWEEP_COMMANDS: readonly SweepCommand[] = [
  overFamilies({
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
  }),
  overFamilies({
    name: 'fluid',
    view: 'fluid',
    seeded: false,
    options: (family) => fluidOptions(family),
    ignoredParams: (family) => family.fluid?.ignoredParams ?? {},
    prepare(family, opts) {
      const req = parseFluid(family, opts as never);
      return async () => {
        const r = fluidRun(family, req);
        return { result: r.report, ok: r.sound };
      };
    },
  }),
  overFamilies({
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
  }),
  overFamilies({
    name: 'regress',
    view: 'simulator',
    seeded: true,
    options: (family) => withoutLocal(regressOptions(family)),
    // Case i of a regression runs with seed S + i.
    seedsPerRun: (family, opts) => regressPanel(family, opts).length,
    prepare(family, opts, env) {
      const cases = opts.cases;
      if (env.fromQueue && cases !== undefined && !Object.hasOwn(family.simulator!.panels, cases)) {
        throw new UsageError(`--cases from the queue must name a built-in panel (${Object.keys(family.simulator!.panels).join(', ')}), got "${cases}"`);
      }
      const req = parseRegress(family, { ...opts, sim: env.sim } as never);
      return async () => {
        const result = await regressReport(family, req);
        return { result, ok: result.verdict === 'pass' };
      };
    },
  }),
  checkCommand,
];

export function findSweepCommand(name: string): SweepCommand {
  const c = SWEEP_COMMANDS.find((s) => s.name === name);
  if (!c) throw new UsageError(`a sweep runs ${SWEEP_COMMANDS.map((s) => s.name).join(', ')}; got "${name}"`);
  return c;
}

export function ignoredParams(command: SweepCommand, subject: SweepSubject): Readonly<Record<string, string | undefined>> {
  return command.ignoredParams?.(subject) ?? {};
}

/** The subject's parameters and the command's options a point may set, by attribute name. */
export function optionNames(command: SweepCommand, subject: SweepSubject): string[] {
  const ignored = ignoredParams(command, subject);
  return [...Object.keys(subject.params).filter((k) => !(k in ignored)), ...command.options(subject).map((o) => o.attributeName())];
}

/** Checks a point against its command and subject: known names only, every value reads. Returns the run. */
export function preparePoint(d: Pick<JobData, 'command' | 'options'>, subject: SweepSubject, env: RunnerEnv): Run {
  const command = findSweepCommand(d.command);
  const allowed = new Set(optionNames(command, subject));
  for (const k of Object.keys(d.options)) if (!allowed.has(k)) throw new UsageError(`${command.name} ${subject.id} has no option --${k}`);
  const opts: Opts = { ...d.options };
  for (const o of command.options(subject)) {
    const k = o.attributeName();
    if (opts[k] === undefined && o.defaultValue !== undefined) opts[k] = String(o.defaultValue);
    if (opts[k] === undefined && o.mandatory) throw new UsageError(`${o.long} is required`);
    // Choices commander checks on the command line are checked here for values from a grid or a job.
    if (opts[k] !== undefined && o.argChoices && !o.argChoices.includes(opts[k]))
      throw new UsageError(`${o.long} must be one of ${o.argChoices.join(', ')}, got "${opts[k]}"`);
  }
  return command.prepare(subject, opts, env);
}

/** Registries by --file list, loaded once per thread. */
const registries = new Map<string, Promise<Registry>>();

/** The subject a job names, among the built-ins and the runner's own --file modules (a job never names a file). */
async function subjectFor(command: SweepCommand, id: string, env: RunnerEnv): Promise<SweepSubject> {
  const key = JSON.stringify(env.files);
  if (!registries.has(key)) registries.set(key, loadFiles(builtinRegistry(), env.files));
  return command.lookup(await registries.get(key)!, id);
}

/** Runs one job; every failure becomes an outcome (ok false, with the one-line reason), never a crash. */
export async function runJob(d: JobData, env: RunnerEnv): Promise<JobOutcome> {
  try {
    const command = findSweepCommand(d.command);
    const run = preparePoint(d, await subjectFor(command, d.subject, env), env);
    return await run();
  } catch (e) {
    if (e instanceof UsageError) return { ok: false, error: e.message };
    return { ok: false, error: `internal error: ${e instanceof Error ? e.message : String(e)}`.split('\n')[0] };
  }
}
