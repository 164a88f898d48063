/**
 * monotoneAlong: a metric moves one way along a sequence of parameter points
 * (s_2 falls as d grows; the mean sojourn falls as N grows). The values are
 * computed point by point, in order. A step that goes the wrong way refutes
 * the claim, naming the step and both values (later points are not computed);
 * a value that cannot be trusted (the check throws Inconclusive) or is not a
 * number leaves the claim `unknown`, naming the point. The verdict is `holds`:
 * floats compared at finitely many points.
 */
import { UsageError } from '../core/errors.ts';
import type { EvidenceRecord } from '../core/verdict.ts';
import { pointCounterexample } from './counterexample.ts';
import { defineClaim, type ClaimInfo } from './define.ts';
import { Inconclusive } from './generated.ts';
import { claimHeader, type Property, type RunContext } from './property.ts';
import type { PropertyResult } from './result.ts';
import { round } from './solving.ts';

/** A point's value, with how it was obtained (e.g. solveEvidence) for its row of the evidence. */
export type MonotoneValue = number | { value: number; evidence?: EvidenceRecord };

export interface MonotoneSpec<X> extends ClaimInfo {
  /** The points, in the order the claim is stated along (at least two). */
  points: readonly X[];
  /** A point as people read it ("d = 3"), in the summary and the evidence. */
  label(x: X): string;
  /** What is compared, for the summary ("s_2", "the mean sojourn"). */
  metric: string;
  /** The metric at x; throw Inconclusive when it cannot be trusted (e.g. solveTrusted). */
  value(x: X, ctx: RunContext): MonotoneValue | Promise<MonotoneValue>;
  direction: 'increasing' | 'decreasing';
  /** Default true: every step must move (a tie refutes); false allows ties. */
  strict?: boolean;
  /** The claim's fixed setting, shown before the sequence in the evidence (N, lambda ...). */
  setting?: EvidenceRecord;
  /** Significant digits of the values in the summary and the evidence (default 6; the counterexample keeps full precision). */
  digits?: number;
}

/** The metric is monotone along the points: refuted at the first step that is not, with both values; unknown where a value cannot be trusted. */
export function monotoneAlong<X>(spec: MonotoneSpec<X>): Property {
  if (spec.points.length < 2) throw new UsageError(`claim "${spec.id}": monotoneAlong needs at least two points, got ${spec.points.length}`);
  const strict = spec.strict ?? true;
  const digits = spec.digits ?? 6;
  const down = spec.direction === 'decreasing';
  /** What every step does when the claim holds, and what the first wrong step did. */
  const moves = down ? (strict ? 'falls strictly' : 'does not rise') : strict ? 'rises strictly' : 'does not fall';
  const fails = down ? (strict ? 'does not fall strictly' : 'rises') : strict ? 'does not rise strictly' : 'falls';
  const inOrder = (a: number, b: number): boolean => {
    const step = down ? a - b : b - a;
    return strict ? step > 0 : step >= 0;
  };
  return defineClaim({
    ...claimHeader(spec),
    async run(ctx): Promise<PropertyResult> {
      const rows: EvidenceRecord[] = [];
      const values: number[] = [];
      const evidence = (): EvidenceRecord => ({ ...spec.setting, direction: spec.direction, strict, sequence: rows });
      for (const [i, x] of spec.points.entries()) {
        const at = spec.label(x);
        ctx.progress(at);
        let v: MonotoneValue;
        try {
          v = await spec.value(x, ctx);
        } catch (e) {
          if (e instanceof Inconclusive) return { verdict: 'unknown', summary: `at ${at}: ${e.message}`, evidence: evidence() };
          throw e;
        }
        const value = typeof v === 'number' ? v : v.value;
        rows.push({ point: at, [spec.metric]: Number.isFinite(value) ? round(value, digits) : String(value), ...(typeof v === 'number' ? {} : v.evidence) });
        if (!Number.isFinite(value)) return { verdict: 'unknown', summary: `at ${at}: ${spec.metric} is ${value}`, evidence: evidence() };
        values.push(value);
        if (i > 0 && !inOrder(values[i - 1], value)) {
          const from = spec.label(spec.points[i - 1]);
          return {
            verdict: 'refuted',
            summary: `${spec.metric} ${fails} from ${from} to ${at}: ${round(values[i - 1], digits)} then ${round(value, digits)}`,
            evidence: evidence(),
            // The step that goes the wrong way, with the metric at both ends.
            counterexample: pointCounterexample({ from, to: at }, { [spec.metric]: [values[i - 1], value] }),
          };
        }
      }
      const first = spec.label(spec.points[0]);
      const last = spec.label(spec.points[spec.points.length - 1]);
      return {
        verdict: 'holds',
        summary:
          `${spec.metric} ${moves} at each of the ${values.length - 1} steps, from ${round(values[0], digits)} (${first}) ` +
          `to ${round(values[values.length - 1], digits)} (${last})`,
        evidence: evidence(),
      };
    },
  });
}
