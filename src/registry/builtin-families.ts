/**
 * The registry of lbcheck's own families (models/) without its claims: what a
 * command that never runs a claim needs. properties/ is a third of the CLI's
 * modules, so such a command does not load it.
 */
import { families } from '../../models/index.ts';
import { BUILT_IN, EMPTY, register, type Registry } from './registry.ts';

export function builtinFamilies(): Registry {
  return register(EMPTY, BUILT_IN, { families, claims: [] });
}
