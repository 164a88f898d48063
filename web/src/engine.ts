/**
 * What the page asks of lbcheck, answered by the same modules as the CLI (run
 * in a Web Worker, see worker.ts; importable in Node for tests). Every answer
 * is an Outcome: the value, or the one-line message the CLI would print.
 */
import { exactArith, floatArith } from '../../src/core/arith.ts';
import { UsageError } from '../../src/core/errors.ts';
import { decodeInto } from '../../src/core/mixed-radix.ts';
import { POLICY } from '../../src/core/numerical-policy.ts';
import { parseRational } from '../../src/core/rational.ts';
import { runProperty, type CheckResult } from '../../src/check/runner.ts';
import { claimHeader, type Property } from '../../src/check/property.ts';
import type { TraceCase, TraceCounterexample } from '../../src/check/trace-claim.ts';
import { reachableCodes } from '../../src/ctmc/explore/explore.ts';
import { isMethod, METHODS, SOLVERS, solveModel, type Solved } from '../../src/ctmc/solve.ts';
import { solvedReport, type SolveReport as CliSolveReport } from '../../src/report/solve-report.ts';
import { integrateUntilSettled } from '../../src/fluid/settle.ts';
import { holds } from '../../src/smt/expr.ts';
import { evaluateProp, propText, type EvaluatedProp } from '../../src/smt/evaluate.ts';
import type { SmtClaim } from '../../src/smt/claim.ts';
import { smtClaims } from '../../properties/smt-claims.ts';
import { builtinRegistry } from '../../src/registry/builtins.ts';
import { fileFlag } from './command-line.ts';
import { BUILT_IN, declarationsOf, familyById, register, type AnyFamily, type Registry } from '../../src/registry/registry.ts';

export type Outcome<T> = { ok: true; value: T; ms: number } | { ok: false; error: string };

/** Runs f; a thrown error becomes its message (the CLI's one line for a UsageError). */
async function outcome<T>(f: () => T | Promise<T>): Promise<Outcome<T>> {
  const start = performance.now();
  try {
    const value = await f();
    return { ok: true, value, ms: performance.now() - start };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message.split('\n')[0] : String(e) };
  }
}

export type ClaimKind = 'trace' | 'z3' | 'other';

export interface ClaimInfo {
  id: string;
  claim: string;
  source: string;
  method: string;
  expected: string;
  kind: ClaimKind;
  /** Parameters an edit may change (trace claims). */
  editable: readonly string[];
  /** For Z3 claims: the claim `lbcheck prove` decides, and its sizes. */
  smt?: { id: string; meaning: string; min: number; max: number };
  /** Where the claim came from: built in, or the --file it was loaded from. */
  origin: string;
}

/** Z3 claims' properties are named prove-<claim id>. */
function smtClaimOf(p: Property): SmtClaim | undefined {
  return smtClaims.find((c) => `prove-${c.id}` === p.id);
}

let registry: Registry = builtinRegistry();

/** Adds the families and claims of the --file modules (bundled into the page), as the CLI's --file does. */
export function addUserModules(files: readonly { path: string; module: Record<string, unknown> }[]): void {
  for (const f of files) registry = register(registry, f.path, declarationsOf(f.module));
}

function findProperty(id: string): Property {
  const e = registry.claims.find((q) => q.claim.id === id);
  if (!e) throw new UsageError(`unknown claim "${id}"`);
  return e.claim;
}

export function listClaims(): ClaimInfo[] {
  return registry.claims.map(({ claim: p, origin }) => {
    const smt = smtClaimOf(p);
    return {
      ...claimHeader(p),
      kind: p.trace ? 'trace' : smt ? 'z3' : 'other',
      editable: p.trace?.editable ?? [],
      ...(smt ? { smt: { id: smt.id, ...smt.sizeRange } } : {}),
      origin,
    };
  });
}

/** A check result as plain data (the values `check --json` prints for it). */
export type ClaimRun = CheckResult;

export function runClaim(id: string, seed: number, path?: string, progress?: (what: string) => void): Promise<Outcome<ClaimRun>> {
  return outcome(async () => {
    const p = findProperty(id);
    if (smtClaimOf(p) && !globalThis.crossOriginIsolated)
      throw new UsageError(
        `Z3 needs a cross-origin isolated page (\`lbcheck explore\` serves one): or run \`lbcheck prove ` +
          `${smtClaimOf(p)!.id} --json\` and open its refutation here`,
      );
    const r = await runProperty(p, { seed, ...(path ? { path } : {}), progress: (what) => progress?.(what) });
    return JSON.parse(JSON.stringify(r)) as ClaimRun;
  });
}

function traceOf(id: string) {
  const p = findProperty(id);
  if (!p.trace) throw new UsageError(`claim "${id}" is not checked on coupled traces`);
  return p.trace;
}

export function replayTrace(id: string, c: TraceCase): Promise<Outcome<TraceCounterexample>> {
  return outcome(() => traceOf(id).replay(c));
}

export function shrinkTrace(id: string, c: TraceCase, seed: number): Promise<Outcome<TraceCounterexample | null>> {
  return outcome(() => traceOf(id).shrink(c, seed));
}

export interface RefutationView {
  claim: string;
  statement: string;
  size: number;
  parts: string[];
  part: number;
  variables: string[];
  /** Each hypothesis of the part, exactly at the model. */
  hypotheses: { text: string; holds: boolean }[];
  /** The conclusion, both sides of every comparison exact. */
  conclusion: EvaluatedProp;
  /** A refutation: every hypothesis holds and the conclusion fails. */
  refutes: boolean;
}

/** A Z3 model (from `lbcheck prove --json`, or edited here) against one part of the claim, evaluated exactly. */
export function evaluateRefutation(claimId: string, size: number, part: number, model: Record<string, string>): Promise<Outcome<RefutationView>> {
  return outcome(() => {
    const claim = smtClaims.find((c) => c.id === claimId);
    if (!claim) throw new UsageError(`unknown claim "${claimId}" (known: ${smtClaims.map((c) => c.id).join(', ')})`);
    const { min, max, meaning } = claim.sizeRange;
    if (!Number.isInteger(size) || size < min || size > max) throw new UsageError(`--size (${meaning}) must be an integer in ${min}..${max}, got ${size}`);
    const queries = claim.queries(size);
    if (!Number.isInteger(part) || part < 1 || part > queries.length) throw new UsageError(`part must be 1..${queries.length}, got ${part}`);
    const q = queries[part - 1];
    const env = new Map(Object.entries(model).map(([k, v]) => [k, parseRational(v, k)]));
    const hypotheses = q.hypotheses.map((h) => ({ text: propText(h), holds: holds(h, env) }));
    const conclusion = evaluateProp(q.conclusion, env);
    const variables = [...new Set([...q.hypotheses.flatMap((h) => propText(h).match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])])].filter((v) => model[v] !== undefined);
    return {
      claim: claim.id,
      statement: claim.statement,
      size,
      parts: queries.map((x) => x.name),
      part,
      variables,
      hypotheses,
      conclusion,
      refutes: hypotheses.every((h) => h.holds) && !conclusion.holds,
    };
  });
}

export interface ParamInfo {
  name: string;
  help: string;
  kind: string;
  defaultText?: string;
  optional: boolean;
}

export interface FamilyInfo {
  id: string;
  title: string;
  params: ParamInfo[];
  fluid: boolean;
  /** Parameters the fluid limit does not depend on (`lbcheck fluid` does not take them). */
  fluidIgnores: string[];
  /** Where the family came from: built in, or the --file it was loaded from. */
  origin: string;
}

export function listFamilies(): FamilyInfo[] {
  return registry.families.map(({ family: f, origin }) => ({
    id: f.id,
    title: f.title,
    params: Object.entries(f.params).map(([name, s]) => ({
      name,
      help: s.help,
      kind: s.kind,
      optional: s.optional,
      ...(s.defaultText ? { defaultText: s.defaultText } : {}),
    })),
    fluid: Boolean(f.fluid),
    fluidIgnores: Object.keys(f.fluid?.ignoredParams ?? {}),
    origin,
  }));
}

/** A stationary solver as the page's method control shows it. */
export interface MethodInfo {
  name: string;
  description: string;
}

/** The solvers of the registry, in its order (the CLI's --method choices). */
export function listMethods(): MethodInfo[] {
  return METHODS.map((name) => ({ name, description: SOLVERS[name].description }));
}

function findFamily(id: string): AnyFamily {
  return familyById(registry, id);
}

/** Raw parameters as the CLI reads them (absent ones omitted). */
export type RawParams = Record<string, string>;

function present(raw: RawParams): Record<string, string> {
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

/** `solve --json`'s document, and the stationary marginal of each state coordinate: values[v] = P(digit = v). */
export type SolveReport = CliSolveReport & { marginals: { name: string; values: number[] }[] };

/** Refuses chains beyond POLICY.pageMaxStates before solving, naming the command that solves them. */
function checkPageSize(family: AnyFamily, params: unknown, command: string): void {
  if (family.truncation && family.truncation.fixedK(params) === undefined) return; // K is searched inside the solve
  try {
    reachableCodes(family.ctmc(params, floatArith), POLICY.pageMaxStates.value);
  } catch (e) {
    const cap = POLICY.pageMaxStates.value.toLocaleString('en');
    if (e instanceof UsageError) throw new UsageError(`too large for the page (more than ${cap} states): run \`${command}\``);
    throw e;
  }
}

/** The parameters of the chain a solve solved: with K as the automatic truncation chose it (as `solve` does), or the projection's. */
function solvedParams(family: AnyFamily, params: unknown, solved: Solved): unknown {
  const t = family.truncation;
  if (!t || t.fixedK(params) !== undefined) return params;
  const K = solved.evidence.truncation?.K;
  return K !== undefined ? t.withK(params, K) : (t.projection?.(params) ?? params);
}

export function solveCommand(familyId: string, raw: RawParams, method: string): string {
  const args = Object.entries(present(raw)).map(([k, v]) => `--${k} ${v}`);
  const origin = registry.families.find((e) => e.family.id === familyId)?.origin ?? BUILT_IN;
  return ['lbcheck solve', familyId, ...fileFlag(origin), ...args, ...(method !== 'auto' ? [`--method ${method}`] : []), '--json'].join(' ');
}

export function solve(familyId: string, raw: RawParams, method: string, progress?: (what: string) => void): Promise<Outcome<SolveReport>> {
  return outcome(() => {
    const family = findFamily(familyId);
    if (!isMethod(method)) throw new UsageError(`--method must be one of ${METHODS.join(', ')}, got "${method}"`);
    const params = family.parse(present(raw));
    checkPageSize(family, params, solveCommand(familyId, raw, method));
    const solved = solveModel(family, params, { method, onProgress: (what) => progress?.(what) });
    const digits = new Int32Array(solved.radices.length);
    const def = family.ctmc(solvedParams(family, params, solved), exactArith);
    const marginals = solved.radices.map((r, d) => ({ name: def.digitNames[d], values: new Array<number>(r).fill(0) }));
    for (let i = 0; i < solved.codes.length; i++) {
      decodeInto(solved.codes[i], solved.radices, digits);
      for (let d = 0; d < digits.length; d++) marginals[d].values[digits[d]] += solved.pi[i];
    }
    for (const m of marginals) while (m.values.length > 1 && m.values[m.values.length - 1] === 0) m.values.pop();
    return { ...solvedReport(family, params, solved), marginals };
  });
}

export interface FluidReport {
  names: string[];
  times: number[];
  /** series[i][k]: coordinate names[i] at times[k]. */
  series: number[][];
  fixedPoint: (number | null)[];
  fixedPointMethod: string;
  completed: boolean;
  finalDrift: number;
}

export function fluid(familyId: string, raw: RawParams, t: number): Promise<Outcome<FluidReport>> {
  return outcome(() => {
    const family = findFamily(familyId);
    const view = family.fluid;
    if (!view) throw new UsageError(`${familyId} has no fluid limit`);
    if (!(t > 0 && t <= 1e6)) throw new UsageError(`--t must be a number in (0, 1e6], got ${t}`);
    const params = family.parse({ ...view.ignoredParams, ...present(raw) });
    const sys = view.system(params);
    const tr = integrateUntilSettled(sys, view.start(params), { tMax: t, samples: 201 }); // as `lbcheck fluid`: until settled, at the latest to t
    const fp = view.fixedPoint(params);
    const shown = sys.shown ?? sys.names.map((_, i) => i);
    return {
      names: shown.map((i) => sys.names[i]),
      times: Array.from(tr.times),
      series: shown.map((i) => tr.states.map((x) => x[i])),
      fixedPoint: shown.map((i) => (Number.isNaN(fp.state[i]) ? null : fp.state[i])),
      fixedPointMethod: fp.method,
      completed: tr.evidence.completed,
      finalDrift: tr.evidence.finalDrift,
    };
  });
}
