/**
 * The family contract (models/README.md), over every registered family and the
 * worked example: parameters read and rejected in one line, a metric schema
 * that the chain's rewards, the simulator's slots and the fluid view's metrics
 * all follow, a chain that explores and solves from its example, a truncation
 * view that takes K, regression panels whose cases parse.
 */
import { describe, expect, it } from 'vitest';
import { floatArith } from '../../src/core/arith.ts';
import { UsageError } from '../../src/core/errors.ts';
import { flattenMetrics, vectorNames } from '../../src/core/metric-names.ts';
import { metricsOf, schemaMismatches, type MetricSchema } from '../../src/core/metric-schema.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { builtinRegistry } from '../../src/registry/builtins.ts';
import type { AnyFamily } from '../../src/registry/registry.ts';
import { jiqSqd } from '../../examples/jiq-sqd.ts';
import type { Command } from 'commander';
import { COMMANDS, type CommandName } from '../../src/cli/commands.ts';
import { clashingOption, FAMILY_COMMAND_OPTIONS } from '../../src/cli/option-clash.ts';
import { register } from '../../src/registry/registry.ts';

const families: AnyFamily[] = [...builtinRegistry().families.map((e) => e.family), jiqSqd as unknown as AnyFamily];

/** The flat names a schema allows: scalars, and name[i] for vectors. */
function allows(schema: MetricSchema, flat: string): boolean {
  const m = /^(.*)\[(\d+)\]$/.exec(flat);
  return m ? schema[m[1]] === 'vector' : schema[flat] === 'scalar';
}

describe.each(families.map((f) => [f.id, f] as const))('family %s', (_, f) => {
  const schema = f.metrics!;
  const p = f.parse({ ...f.example! });

  it('declares an id, a title, help for every parameter, a metric schema and an example', () => {
    expect(f.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(f.title.length).toBeGreaterThan(10);
    for (const spec of Object.values(f.params)) expect(spec.help.length).toBeGreaterThan(3);
    expect(Object.keys(schema).length).toBeGreaterThan(0);
    expect(f.example).toBeDefined();
  });

  it('rejects an unknown parameter and a missing required one in one line', () => {
    expect(() => f.parse({ ...f.example!, bogus: '1' })).toThrow(UsageError);
    const required = Object.entries(f.params).find(([, s]) => !s.optional && s.defaultText === undefined)![0];
    const { [required]: _dropped, ...rest } = f.example!;
    expect(() => f.parse(rest)).toThrow(`--${required} is required`);
  });

  it('gives JSON parameters: numbers, lists of numbers, names', () => {
    for (const v of Object.values(f.toJSON(p)))
      expect(['number', 'string'].includes(typeof v) || (Array.isArray(v) && v.every((x) => typeof x === 'number'))).toBe(true);
  });

  it("defines exactly the schema's metrics in its chain, and solves to them", () => {
    expect(schemaMismatches(schema, f.ctmc(p, floatArith).metrics)).toEqual([]);
    const s = solveModel(f, p, { method: 'auto' });
    expect(s.evidence.converged).toBe(true);
    for (const name of Object.keys(flattenMetrics(s.metrics))) expect(allows(schema, name), name).toBe(true);
  });

  it('names as probabilities only schema metrics, which solve to values in [0, 1]', () => {
    const values = flattenMetrics(solveModel(f, p, { method: 'auto' }).metrics);
    for (const name of f.probabilities ?? []) {
      expect(schema[name], name).toBeDefined();
      for (const [flat, v] of Object.entries(values))
        if (flat === name || flat.startsWith(`${name}[`)) expect(Math.abs(v - Math.min(1, Math.max(0, v))), flat).toBeLessThan(1e-12);
    }
  });

  it('takes K through its truncation view when it has one', () => {
    if (!f.truncation) return;
    expect(f.truncation.fixedK(f.truncation.withK(p, 3))).toBe(3);
    expect(f.truncation.initialK(p)).toBeGreaterThanOrEqual(1);
  });

  it("reports simulator slots under the schema's names, and has a small panel whose cases parse", () => {
    const sim = f.simulator;
    if (!sim) return;
    expect(sim.panels.small.length).toBeGreaterThan(0);
    for (const c of Object.values(sim.panels).flat()) expect(() => f.parse({ ...c.params })).not.toThrow();
    const r = sim.simulate(p, { seed: 1, horizon: 50, batches: 10 });
    for (const name of r.names) expect(allows(schema, name), name).toBe(true);
  });

  it("reports fluid metrics under the schema's names, from a field that is finite at the start", () => {
    const view = f.fluid;
    if (!view) return;
    const q = f.parse({ ...f.example!, ...view.ignoredParams });
    const sys = view.system(q);
    const x0 = view.start(q);
    const dx = new Float64Array(x0.length);
    sys.derivative(x0, dx);
    expect(Array.from(dx).every(Number.isFinite)).toBe(true);
    const m = view.metrics(q, x0);
    expect(Object.keys(m).sort()).toEqual(Object.keys(schema).sort());
    expect(() => metricsOf(f, m)).not.toThrow();
  });

  it("gives product-form metrics under the schema's names", () => {
    const pf = f.productForm;
    if (!pf || pf.inapplicable(p) !== null) return;
    for (const name of Object.keys(flattenMetrics(pf.metrics(p)))) expect(allows(schema, name), name).toBe(true);
  });

  it('reads metrics by the schema, and a missing one is a one-line usage error', () => {
    const [name, kind] = Object.entries(schema)[0];
    expect(() => metricsOf(f, {})).toThrow(`${f.id}: no ${kind} metric "${name}" among the values (none)`);
  });
});

describe('every command, built for every family', () => {
  const registry = register(builtinRegistry(), 'examples/jiq-sqd.ts', { families: [jiqSqd as unknown as AnyFamily], claims: [] });
  const ids = new Set(families.map((f) => f.id));

  /** Every subcommand (at any depth) named after a family, with that family. */
  function familySubcommands(cmd: Command): [Command, AnyFamily][] {
    const own: [Command, AnyFamily][] = ids.has(cmd.name()) ? [[cmd, families.find((f) => f.id === cmd.name())!]] : [];
    return [...own, ...cmd.commands.flatMap(familySubcommands)];
  }

  it.each(Object.keys(COMMANDS) as CommandName[])(
    '%s builds, and its family subcommands declare only parameters and the options no parameter may take',
    async (name) => {
      const cmd = await COMMANDS[name].build(registry, () => {});
      for (const [sub, family] of familySubcommands(cmd)) {
        for (const option of sub.options) {
          if (option.attributeName() in family.params) continue;
          expect(FAMILY_COMMAND_OPTIONS, `${name} ${sub.name()} ${option.long}`).toContain(option.long);
        }
      }
    },
  );

  it('names the option a parameter would collide with, by flag or by attribute', () => {
    expect(['T', 't', 'seed', 'json', 'method', 'maxStates', 'x0', 'help', 'queueFile'].map(clashingOption)).toEqual([
      '--T',
      '--t',
      '--seed',
      '--json',
      '--method',
      '--max-states',
      '--x0',
      '--help',
      '--queue-file',
    ]);
    for (const name of ['N', 'lambda', 'alpha', 'd', 'x', 'K']) expect(clashingOption(name)).toBeUndefined();
  });
});

it('vector slots are name[1..n]', () => {
  expect(vectorNames('tokenFraction', 2)).toEqual(['tokenFraction[1]', 'tokenFraction[2]']);
});
