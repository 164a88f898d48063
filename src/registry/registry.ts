/**
 * The registry: every model family and claim lbcheck knows in this run, each
 * with where it was declared ('built-in' or the user file). It is data: the CLI
 * (and the explorer) build their commands and lists from it, so a family from a
 * user's file is in every command once its file is named. This layer sits
 * above properties/ and models/ (it is given them; it imports neither).
 */
import type { Property } from '../check/property.ts';
import { UsageError } from '../core/errors.ts';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';

export type AnyFamily = ModelFamily<ParamSpecs, unknown>;

/** 'built-in', or the path of the user file that declared it. */
export type Origin = string;
export const BUILT_IN: Origin = 'built-in';

export interface FamilyEntry {
  readonly family: AnyFamily;
  readonly origin: Origin;
}

export interface ClaimEntry {
  readonly claim: Property;
  readonly origin: Origin;
}

export interface Registry {
  readonly families: readonly FamilyEntry[];
  readonly claims: readonly ClaimEntry[];
}

/** What a module offers: every exported family and claim (arrays of them too). */
export interface Declarations {
  readonly families: readonly AnyFamily[];
  readonly claims: readonly Property[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A model family by shape: an id, declared parameters, a parser and a chain. */
export function isFamily(v: unknown): v is AnyFamily {
  return isObject(v) && typeof v.id === 'string' && isObject(v.params) && typeof v.parse === 'function' && typeof v.ctmc === 'function';
}

/** A claim (Property) by shape: an id, a statement, an expected verdict and a run. */
export function isClaim(v: unknown): v is Property {
  return isObject(v) && typeof v.id === 'string' && typeof v.claim === 'string' && typeof v.expected === 'string' && typeof v.run === 'function';
}

/** The families and claims among a module's exports (default and named; arrays are searched one level deep). */
export function declarationsOf(moduleExports: Record<string, unknown>): Declarations {
  const families: AnyFamily[] = [];
  const claims: Property[] = [];
  const take = (v: unknown): void => {
    if (isFamily(v)) families.push(v);
    else if (isClaim(v)) claims.push(v);
  };
  for (const v of Object.values(moduleExports)) {
    if (Array.isArray(v)) v.forEach(take);
    else take(v);
  }
  // The same object exported twice (named and default) counts once.
  return { families: [...new Set(families)], claims: [...new Set(claims)] };
}

function describeOrigin(o: Origin): string {
  return o === BUILT_IN ? 'a built-in' : `already declared in ${o}`;
}

/**
 * Adds a module's declarations under `origin`. A module that declares nothing
 * lbcheck knows, or reuses an id already registered by another declaration, is
 * a UsageError naming it (one object exported by two files is registered once).
 */
export function register(reg: Registry, origin: Origin, d: Declarations): Registry {
  if (d.families.length === 0 && d.claims.length === 0) {
    throw new UsageError(`${origin}: exports no family or claim lbcheck knows (export the value of defineFamily, populationFamily or defineClaim)`);
  }
  const families = [...reg.families];
  for (const family of d.families) {
    const clash = families.find((e) => e.family.id === family.id);
    if (clash?.family === family) continue; // the same family, imported by another file too
    if (clash) throw new UsageError(`${origin}: family id "${family.id}" is ${describeOrigin(clash.origin)} family; choose another id`);
    families.push({ family, origin });
  }
  const claims = [...reg.claims];
  for (const claim of d.claims) {
    const clash = claims.find((e) => e.claim.id === claim.id);
    if (clash?.claim === claim) continue;
    if (clash) throw new UsageError(`${origin}: claim id "${claim.id}" is ${describeOrigin(clash.origin)} claim; choose another id`);
    claims.push({ claim, origin });
  }
  return { families, claims };
}

export const EMPTY: Registry = { families: [], claims: [] };

/** The family with this id (UsageError listing the known ones otherwise). */
export function familyById(reg: Registry, id: string): AnyFamily {
  const e = reg.families.find((f) => f.family.id === id);
  if (!e) throw new UsageError(`unknown family "${id}" (known: ${reg.families.map((f) => f.family.id).join(', ')})`);
  return e.family;
}

/** The registered families, or those offering a view (e.g. 'fluid'). */
export function familiesOf(reg: Registry, view?: 'productForm' | 'fluid' | 'simulator'): AnyFamily[] {
  return reg.families.map((e) => e.family).filter((f) => view === undefined || f[view] !== undefined);
}
