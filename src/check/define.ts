/**
 * defineClaim and the combinators for the patterns the built-in claims repeat.
 * Each returns a Property that `lbcheck check` runs like any other, with the
 * same verdicts, evidence and seed/path replay (generated cases go through
 * fast-check in check/generated.ts). A case that cannot be decided throws
 * Inconclusive (verdict unknown, never holds).
 */
import type fc from 'fast-check';
import { UsageError } from '../core/errors.ts';
import type { MetricValues, ModelFamily } from '../core/model.ts';
import { readParams, type ParamSpecs, type ParamsOf } from '../core/params.ts';
import { flattenMetrics } from '../core/metric-names.ts';
import { isRational, ratString, ratToNumber, type Rational } from '../core/rational.ts';
import { VERDICTS, type EvidenceRecord, type EvidenceValue } from '../core/verdict.ts';
import { pointCounterexample, type Counterexample } from './counterexample.ts';
import type { PropertyResult } from './result.ts';
import type { TraceCounterexample, TraceReplay } from './trace-claim.ts';
import { runCoupled, traceSteps, type CoupledOutcome, type Coupling } from '../coupling/coupled-run.ts';
import { Inconclusive, runGenerated } from './generated.ts';
import { observedOrder, round } from './solving.ts';
import type { ClaimParameters, Property, RunContext } from './property.ts';
import { Tally, type Folds } from './tally.ts';

/** What every claim states about itself. */
export type ClaimInfo = Pick<Property, 'id' | 'claim' | 'source' | 'method' | 'expected'>;

const ID = /^[a-z0-9][a-z0-9-]*$/;

/** A claim with its own run; its fields are checked (UsageError naming the claim). */
export function defineClaim(spec: Property): Property {
  const what = `claim "${String(spec.id)}"`;
  if (typeof spec.id !== 'string' || !ID.test(spec.id))
    throw new UsageError(`${what}: the id must be lower-case words joined by "-", e.g. "my-policy-beats-jsq"`);
  for (const field of ['claim', 'source', 'method'] as const) {
    if (typeof spec[field] !== 'string' || spec[field].trim() === '') throw new UsageError(`${what}: "${field}" must be a non-empty string`);
  }
  if (!(VERDICTS as readonly string[]).includes(spec.expected))
    throw new UsageError(`${what}: "expected" must be one of ${VERDICTS.join(', ')}, got "${spec.expected}"`);
  if (typeof spec.run !== 'function') throw new UsageError(`${what}: "run" must be a function`);
  const q = spec.parameters;
  if (
    q !== undefined &&
    (typeof q !== 'object' ||
      q === null ||
      typeof q.specs !== 'object' ||
      typeof q.parse !== 'function' ||
      typeof q.at !== 'function' ||
      typeof q.domain !== 'string')
  ) {
    throw new UsageError(`${what}: "parameters" must come from familyParameters or claimParameters (specs, domain, parse, at)`);
  }
  return spec;
}

export interface PointClaim<P> {
  /** The points the claim is decided at, in words ("nu = 0, at most 2,000 states"). */
  domain: string;
  /** Why a point is outside the domain (the rule it breaks), or null. */
  outside?(p: P): string | null;
  /** Decides the claim at p (throw Inconclusive when it cannot be decided). */
  at(p: P, ctx: RunContext): PropertyResult | Promise<PropertyResult>;
}

function pointParameters<P>(specs: ParamSpecs, read: (raw: Record<string, string | undefined>) => P, c: PointClaim<P>): ClaimParameters {
  return {
    specs,
    domain: c.domain,
    parse(raw) {
      const p = read({ ...raw });
      const why = c.outside?.(p) ?? null;
      if (why !== null) throw new UsageError(why);
      return p;
    },
    at: (p, ctx) => c.at(p as P, ctx),
  };
}

/** A claim's parameters are a family's: its options, defaults and rules (the family's parser), plus the claim's own domain. */
export function familyParameters<S extends ParamSpecs, P>(family: ModelFamily<S, P>, c: PointClaim<P>): ClaimParameters {
  return pointParameters(family.params, (raw) => family.parse(raw), c);
}

/** A claim's own parameters, declared like a family's (intParam, rationalParam, ...). */
export function claimParameters<S extends ParamSpecs>(specs: S, c: PointClaim<ParamsOf<S>>): ClaimParameters {
  return pointParameters(specs, (raw) => readParams(specs, raw), c);
}

export interface PointCheck {
  holds: boolean;
  /** What was compared, for the evidence. */
  evidence: EvidenceRecord;
  /** What fails, when the claim does (default: the evidence). */
  counterexample?: EvidenceRecord;
}

/**
 * The verdict at one point: `exact` when decided in rationals (`holds` when
 * within a tolerance), refuted with the point and what fails as the
 * counterexample, `unknown` when the check throws Inconclusive.
 */
export async function decidePoint(point: EvidenceValue, how: 'exact' | 'holds', check: () => PointCheck | Promise<PointCheck>): Promise<PropertyResult> {
  let r: PointCheck;
  try {
    r = await check();
  } catch (e) {
    if (e instanceof Inconclusive) return { verdict: 'unknown', summary: `undecided at this point: ${e.message}`, evidence: { point } };
    throw e;
  }
  if (r.holds)
    return { verdict: how, summary: how === 'exact' ? 'holds at this point, exactly (rationals)' : 'holds at this point', evidence: { point, ...r.evidence } };
  const counterexample = pointCounterexample(point, r.counterexample ?? r.evidence);
  return { verdict: 'refuted', summary: 'fails at this point', evidence: { point, ...r.evidence }, counterexample };
}

/** A generated case as evidence: rationals as "p/q", typed arrays as lists. */
export function evidenceOf(v: unknown): EvidenceValue {
  if (isRational(v)) return ratString(v);
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (v === undefined) return null;
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return Array.from(v as ArrayLike<unknown>, evidenceOf);
  if (typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, evidenceOf(x)]),
    );
  return String(v);
}

export interface ForAllSpec<C, K extends string = never> extends Omit<ClaimInfo, 'method'> {
  method?: string;
  /** The generated cases (fast-check); failures shrink to a smallest case. */
  cases: fc.Arbitrary<C>;
  /** Default 20. */
  numRuns?: number;
  /**
   * Evidence gathered over the run's cases, by name and how it folds ('max', 'sum'):
   * check notes values in a Tally made fresh for every run (no module-level state).
   */
  tally?: Folds<K>;
  /** true when the case satisfies the claim; throw Inconclusive when it cannot be decided. */
  check(c: C, ctx: RunContext, tally: Tally<K>): boolean | Promise<boolean>;
  /**
   * How each case is decided (e.g. "exactly, in rationals"), for the evidence. The
   * verdict of generated cases is `holds` however exactly each is decided: they
   * sample the claim's domain.
   */
  eachCase?: string;
  /** A case as evidence (default: its values, rationals as "p/q"); see GeneratedOptions.describe. */
  describe?(c: C): EvidenceValue;
  /** A failing case as a counterexample (default: the described case, as it is when it has a known kind, else of kind "case"). */
  counterexample?(c: C): Counterexample;
  /** The run's evidence from its tally (default: the tally's values, in their declared order). */
  evidence?(tally: Tally<K>): EvidenceRecord;
  /** For a claim stated at every point: its parameters (familyParameters, claimParameters). */
  parameters?: ClaimParameters;
  /** For a claim on coupled traces: the replay of an edited counterexample (traceReplay). */
  trace?: TraceReplay;
}

/** For all generated cases, a predicate: holds on every case, refuted with a shrunk counterexample and its replay. */
export function forAll<C, K extends string = never>(spec: ForAllSpec<C, K>): Property {
  const numRuns = spec.numRuns ?? 20;
  return defineClaim({
    id: spec.id,
    claim: spec.claim,
    source: spec.source,
    method: spec.method ?? `${numRuns} generated cases (fast-check)`,
    expected: spec.expected,
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    ...(spec.trace ? { trace: spec.trace } : {}),
    run: (ctx) => {
      const tally = new Tally<K>(spec.tally);
      return runGenerated(ctx, {
        arbitrary: spec.cases,
        numRuns,
        ...(spec.eachCase ? { eachCase: spec.eachCase } : {}),
        describe: spec.describe ?? evidenceOf,
        counterexample: spec.counterexample,
        evidence: () => (spec.evidence ? spec.evidence(tally) : tally.record()),
        predicate: (c) => spec.check(c, ctx, tally),
      });
    },
  });
}

type View<C, V> = (c: C, ctx: RunContext) => MetricValues<V> | Promise<MetricValues<V>>;

export interface ViewsAgreeSpec<C> extends Omit<ForAllSpec<C>, 'check' | 'eachCase' | 'evidence' | 'tally'> {
  /** Two named views of each case, e.g. ['CTMC', c => exactMetrics(...)], ['closed form', ...]. */
  views: readonly [[string, View<C, Rational | number>], [string, View<C, Rational | number>]];
  /** The metrics compared (default: every metric of the first view). */
  metrics?: readonly string[];
  /** Absent: equal exactly, as rationals. Given: |a - b| <= tolerance in float. (Verdict holds either way: the cases are samples.) */
  tolerance?: number;
}

/**
 * Two views of a model agree on every generated case: exactly (rationals) or
 * within a tolerance. A metric one view lacks is a usage error naming it.
 */
export function viewsAgree<C>(spec: ViewsAgreeSpec<C>): Property {
  const [[leftName, left], [rightName, right]] = spec.views;
  const exact = spec.tolerance === undefined;
  return forAll({
    ...spec,
    method: spec.method ?? `${leftName} vs ${rightName}, ${exact ? 'exactly (rationals)' : `within ${spec.tolerance}`}, ${spec.numRuns ?? 20} generated cases`,
    eachCase: exact ? 'decided exactly, in rationals' : `within ${spec.tolerance}`,
    tally: { metricsCompared: 'sum', worstDifference: 'max' },
    evidence: (t) => ({
      metricsCompared: t.get('metricsCompared'),
      ...(exact ? {} : { tolerance: spec.tolerance!, worstDifference: t.get('worstDifference') }),
    }),
    async check(c, ctx, tally) {
      const a = flattenMetrics(await left(c, ctx));
      const b = flattenMetrics(await right(c, ctx));
      const wanted = spec.metrics ?? Object.keys(a);
      const names = Object.keys(a).filter((k) => wanted.some((m) => k === m || k.startsWith(`${m}[`)));
      for (const m of wanted) {
        for (const [view, values] of [
          [leftName, a],
          [rightName, b],
        ] as const) {
          if (!Object.keys(values).some((k) => k === m || k.startsWith(`${m}[`)) || names.some((k) => !Object.hasOwn(values, k))) {
            throw new UsageError(`claim "${spec.id}": the ${view} view has no metric "${m}" (it has: ${Object.keys(values).join(', ')})`);
          }
        }
      }
      let ok = true;
      for (const name of names) {
        const x = a[name];
        const y = b[name];
        tally.note('metricsCompared');
        if (exact) {
          if (!isRational(x) || !isRational(y))
            throw new UsageError(`claim "${spec.id}": an exact comparison needs rationals, but ${name} is not one in both views (give a tolerance)`);
          ok &&= x.equals(y);
        } else {
          const d = Math.abs(toNumber(x) - toNumber(y));
          if (Number.isNaN(d)) throw new Inconclusive(`${name} is NaN in one view`);
          tally.note('worstDifference', d);
          ok &&= d <= spec.tolerance!;
        }
      }
      return ok;
    },
  });
}

const toNumber = (v: Rational | number): number => (typeof v === 'number' ? v : ratToNumber(v));

export interface ConvergesSpec extends Omit<ClaimInfo, 'method'> {
  method?: string;
  /** Increasing sizes N. */
  sizes: readonly number[];
  /** The error at N (e.g. |finite-N metric - limit|); throw Inconclusive when it cannot be trusted. */
  error(N: number, ctx: RunContext): number | Promise<number>;
  /** The claimed order: error(N) ~ C N^-order. */
  order: number;
  /** Allowed shortfall of each observed order (default 0.1). */
  slack?: number;
}

/** An error that falls like N^-order: the observed order between consecutive sizes is at least order - slack. */
export function convergesInN(spec: ConvergesSpec): Property {
  const slack = spec.slack ?? 0.1;
  return defineClaim({
    id: spec.id,
    claim: spec.claim,
    source: spec.source,
    method: spec.method ?? `errors at N = ${spec.sizes.join(', ')}, observed order >= ${spec.order} - ${slack}`,
    expected: spec.expected,
    async run(ctx): Promise<PropertyResult> {
      const errors: number[] = [];
      for (const N of spec.sizes) {
        ctx.progress(`N = ${N}`);
        try {
          errors.push(await spec.error(N, ctx));
        } catch (e) {
          if (e instanceof Inconclusive) return { verdict: 'unknown', summary: `at N = ${N}: ${e.message}`, evidence: { sizes: [...spec.sizes], errors } };
          throw e;
        }
      }
      const orders = spec.sizes.slice(1).map((N, i) => observedOrder(spec.sizes[i], errors[i], N, errors[i + 1]));
      const evidence = {
        sizes: [...spec.sizes],
        errors: errors.map((e) => round(e)),
        observedOrders: orders.map((o) => round(o, 4)),
        claimedOrder: spec.order,
        slack,
      };
      if (errors.some((e) => !(e >= 0))) return { verdict: 'unknown', summary: 'some error is negative or NaN', evidence };
      const low = orders.findIndex((o) => !(o >= spec.order - slack));
      if (low < 0) return { verdict: 'holds', summary: `the error falls at order >= ${round(Math.min(...orders), 3)} between every pair of sizes`, evidence };
      return {
        verdict: 'refuted',
        summary: `from N = ${spec.sizes[low]} to ${spec.sizes[low + 1]} the error falls at order ${round(orders[low], 3)} < ${spec.order} - ${slack}`,
        evidence,
        counterexample: {
          kind: 'convergence-order',
          N1: spec.sizes[low],
          N2: spec.sizes[low + 1],
          error1: errors[low],
          error2: errors[low + 1],
          observedOrder: orders[low],
        },
      };
    },
  });
}

export interface CouplingOrderSpec<C, E, S, J, K extends string = never> extends Omit<ForAllSpec<C, K>, 'check' | 'eachCase' | 'evidence'> {
  /** The coupled systems, their orders and joint counters for a case. */
  coupling(c: C): Coupling<E, S, J>;
  /** The common trace the systems are driven by. */
  events(c: C): readonly E[];
  /** Sees each run's outcome (final states, joint counters) and notes evidence in the run's tally. */
  observe?(c: C, outcome: CoupledOutcome<S, J>, tally: Tally<K | 'eventsChecked'>): void;
  /** The run's evidence (default: eventsChecked, then the declared tally). */
  evidence?(tally: Tally<K | 'eventsChecked'>): EvidenceRecord;
}

/** The coupling's orders hold after every event of every generated trace; a violation is recorded step by step (a coupling-trace counterexample). */
export function couplingOrder<C, E, S, J, K extends string = never>(spec: CouplingOrderSpec<C, E, S, J, K>): Property {
  const { observe, evidence, tally, ...rest } = spec;
  const events: Folds<'eventsChecked'> = { eventsChecked: 'sum' };
  const trace = (c: C): TraceCounterexample => {
    const run = traceSteps(spec.coupling(c), spec.events(c));
    return { kind: 'coupling-trace', params: evidenceOf(c), shared: {}, events: run.events, steps: run.steps, violation: run.violation };
  };
  return forAll<C, K | 'eventsChecked'>({
    ...rest,
    method: spec.method ?? `coupled runs on ${spec.numRuns ?? 20} fast-check traces`,
    describe: spec.describe ?? trace,
    tally: { ...events, ...tally },
    ...(evidence ? { evidence } : {}),
    check(c, _ctx, t) {
      const trace = spec.events(c);
      t.note('eventsChecked', trace.length);
      const outcome = runCoupled(spec.coupling(c), trace);
      observe?.(c, outcome, t);
      return outcome.violation === null;
    },
  });
}
