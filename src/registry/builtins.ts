/** The registry of lbcheck's own families and claims (models/ and properties/). */
import { families } from '../../models/index.ts';
import { properties } from '../../properties/index.ts';
import { BUILT_IN, EMPTY, register, type Registry } from './registry.ts';

export function builtinRegistry(): Registry {
  return register(EMPTY, BUILT_IN, { families, claims: properties });
}
