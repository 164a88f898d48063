/**
 * The verdict of a simulator regression from its comparisons (pure: no
 * simulator, no solve). Two tests share the family-wise level q (1%), q/2 each
 * (Bonferroni over the two): Šidák's rule over the m counted comparisons, each
 * |z| against the t (or normal) quantile at level 1 - (1 - q/2)^(1/m), and the
 * omnibus chi-square over cases (multiple-testing.ts). A correct simulator
 * (unbiased estimates, honest stderr, jointly normal) then fails with
 * probability at most q. Each comparison must also have power: a bias of the
 * detectable difference D in it alone is flagged with probability >= 95%
 * (detectable.ts); one that cannot is `imprecise`, and the verdict is then
 * `unknown` unless a test flags.
 */
import { detectableDifference, lengthFactor, requiredStderr, type Detect } from './detectable.ts';
import { criticalValue, FAMILY_WISE_LEVEL, normalScore, omnibusTest, sidakLevel, zScore, type Omnibus } from './multiple-testing.ts';

export interface Measurement {
  id: string;
  metric: string;
  estimate: number;
  stderr: number;
  df?: number;
  exact: number;
  /** Name of the compared metric this one is a fixed function of (not counted again in Šidák's m). */
  functionOf?: string;
}

export type Status = 'flagged' | 'imprecise' | 'undecided' | 'not estimable' | 'ok';

export interface Comparison extends Omit<Measurement, 'df'> {
  /** Degrees of freedom of the stderr; null: a normal approximation. */
  df: number | null;
  /** null when the estimate differs from the exact value with stderr 0. */
  z: number | null;
  critical: number;
  /** The difference this comparison must be able to show, and the stderr that shows it with 95% power. */
  detectable: number;
  requiredStderr: number;
  status: Status;
}

export interface VerdictRule {
  familyWiseLevel: number;
  /** Comparisons counted in Šidák's m (not estimable ones and fixed functions of another excluded). */
  counted: number;
  perComparisonLevel: number;
  omnibusLevel: number;
  detect: Detect;
}

export interface Verdict {
  verdict: 'pass' | 'fail' | 'unknown';
  /** Which test flagged, when the verdict is fail. */
  decidedBy: 'per-comparison' | 'omnibus' | 'both' | null;
  rule: VerdictRule;
  comparisons: Comparison[];
  omnibus: Omnibus | null;
  /** The run must be this many times longer for every comparison to be precise (1 when it is). */
  lengthFactor: number;
}

/**
 * A component the run never visited (estimate 0, stderr 0) whose exact value
 * is within the detectable difference: the run could not have resolved it.
 */
function notEstimable(m: Measurement, detectable: number): boolean {
  return m.estimate === 0 && m.stderr === 0 && m.exact !== 0 && Math.abs(m.exact) <= detectable;
}

export function decide(measured: readonly Measurement[], o: { detect: Detect; complete: boolean; familyWiseLevel?: number }): Verdict {
  const q = o.familyWiseLevel ?? FAMILY_WISE_LEVEL;
  const compared = new Set(measured.map((m) => `${m.id}\u0000${m.metric}`));
  const detectables = measured.map((m) => detectableDifference(m.exact, o.detect));
  const skip = measured.map((m, i) => notEstimable(m, detectables[i]));
  const counted = measured.filter((m, i) => !skip[i] && !(m.functionOf && compared.has(`${m.id}\u0000${m.functionOf}`))).length;
  const perComparisonLevel = sidakLevel(Math.max(1, counted), q / 2);
  const comparisons = measured.map((m, i): Comparison => {
    const z = zScore(m.estimate, m.stderr, m.exact);
    const critical = criticalValue(perComparisonLevel, m.df);
    const detectable = detectables[i];
    const required = requiredStderr(critical, detectable);
    const status: Status = skip[i]
      ? 'not estimable'
      : z === null
        ? 'undecided'
        : !(Math.abs(z) <= critical)
          ? 'flagged'
          : m.stderr > required
            ? 'imprecise'
            : 'ok';
    return { ...m, df: m.df ?? null, z, critical, detectable, requiredStderr: required, status };
  });
  const byCase = new Map<string, number[]>();
  for (const c of comparisons) {
    if (c.z === null || c.status === 'not estimable') continue;
    if (!byCase.has(c.id)) byCase.set(c.id, []);
    byCase.get(c.id)!.push(normalScore(c.z, c.df ?? undefined));
  }
  const omnibus = omnibusTest([...byCase.values()], q / 2);
  const perComparison = comparisons.some((c) => c.status === 'flagged');
  const decidedBy = perComparison && omnibus?.flagged ? 'both' : perComparison ? 'per-comparison' : omnibus?.flagged ? 'omnibus' : null;
  const undecided = !o.complete || comparisons.length === 0 || comparisons.some((c) => c.status === 'imprecise' || c.status === 'undecided');
  const factor = comparisons.reduce((f, c) => (c.status === 'imprecise' ? Math.max(f, lengthFactor(c.stderr, c.requiredStderr)) : f), 1);
  return {
    verdict: decidedBy ? 'fail' : undecided ? 'unknown' : 'pass',
    decidedBy,
    rule: { familyWiseLevel: q, counted, perComparisonLevel, omnibusLevel: q / 2, detect: o.detect },
    comparisons,
    omnibus,
    lengthFactor: factor,
  };
}
