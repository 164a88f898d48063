/** The registry of lbcheck's own families and claims (models/ and properties/). */
import { properties } from '../../properties/index.ts';
import { builtinFamilies } from './builtin-families.ts';
import { BUILT_IN, register, type Registry } from './registry.ts';

export function builtinRegistry(): Registry {
  return register(builtinFamilies(), BUILT_IN, { families: [], claims: properties });
}
