/**
 * One rate parameter of a model family left free: the chain at each value x,
 * the other parameters fixed as given. Only single rational parameters are
 * rates; integers (N, d, K, servers) set the state space, lists and choices are
 * not one number, and a truncated family must have its K fixed (the automatic
 * truncation picks K from the parameters, which would change the state space).
 */
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import type { Rational } from '../core/rational.ts';
import type { Chain } from '../ctmc/solve-chain.ts';
import { familyChain } from '../ctmc/truncation/truncation-search.ts';
import { OutsideDomain } from './parametric-chain.ts';

/** The family's parameters that --param accepts. */
export function rateParameters(family: ModelFamily<ParamSpecs, unknown>): string[] {
  return Object.entries(family.params)
    .filter(([, spec]) => spec.kind === 'rational')
    .map(([name]) => name);
}

/**
 * chainAt(x) for parameter `name` of `family`, the other parameters from `raw`
 * (option text). UsageError naming the rule for a parameter that is not a rate.
 */
export function familyChainAt(family: ModelFamily<ParamSpecs, unknown>, raw: Record<string, string | undefined>, name: string): (x: Rational) => Chain {
  const rates = rateParameters(family);
  const spec = family.params[name];
  const known = `--param takes one rate of ${family.id} (${rates.join(', ') || 'none'})`;
  if (!spec) throw new UsageError(`--param ${name}: ${family.id} has no parameter ${name}; ${known}`);
  if (spec.kind === 'int' || spec.kind === 'ints') throw new UsageError(`--param ${name}: ${name} is an integer that sets the state space; ${known}`);
  if (spec.kind !== 'rational') throw new UsageError(`--param ${name}: ${name} is ${spec.kind === 'choice' ? 'a choice' : 'a list'}, not one rate; ${known}`);
  if (raw[name] !== undefined) throw new UsageError(`--param ${name} leaves ${name} free: drop --${name}`);
  const t = family.truncation;
  return (x) => {
    let p: unknown;
    try {
      p = family.parse({ ...raw, [name]: x.toFraction() });
    } catch (e) {
      throw e instanceof UsageError ? new OutsideDomain(e.message) : e;
    }
    if (t && t.fixedK(p) === undefined) {
      throw new UsageError(`--param ${name} needs --K: the automatic truncation picks K from the parameters, which would change the state space`);
    }
    return familyChain(family, p);
  };
}
