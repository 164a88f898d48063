/** `lbcheck regress`'s report for people: one table (flagged first), failed cases once, a verdict line. */
import { detectText, lengthFactor, roundUp } from '../sim/detectable.ts';
import { componentRuns, specText } from '../sim/metric-spec.ts';
import type { Comparison, RegressReport } from '../sim/regress.ts';
import { short, zText } from './sim-output.ts';

/** Rows shown before the rest are summarised in one line (--json has every comparison). */
const MAX_ROWS = 40;
const WIDTH = 100;

const ORDER: Record<Comparison['status'], number> = { flagged: 0, undecided: 1, imprecise: 2, 'not estimable': 3, ok: 4 };

function note(c: Comparison): string {
  switch (c.status) {
    case 'flagged':
      return 'FLAGGED';
    case 'undecided':
      return 'undecided';
    case 'imprecise':
      return `imprecise x${roundUp(lengthFactor(c.stderr, c.requiredStderr))}`;
    case 'not estimable':
      return 'not estimable';
    case 'ok':
      return '';
  }
}

const clip = (s: string, n: number): string => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** A plain table: columns padded to their widest cell (case and metric clipped), numbers right-aligned. */
function table(head: string[], rows: string[][], right: boolean[]): string {
  const widths = head.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j].length)));
  const line = (r: string[]): string =>
    r
      .map((cell, j) => (right[j] ? cell.padStart(widths[j]) : cell.padEnd(widths[j])))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** Items joined by ", " and wrapped at WIDTH columns after a label. */
function wrapped(label: string, items: string[]): string {
  const lines = [label];
  for (const it of items) {
    const last = lines[lines.length - 1];
    if (last.length + it.length + 2 > WIDTH) lines.push(`  ${it}`);
    else lines[lines.length - 1] = last === label ? `${last} ${it}` : `${last}, ${it}`;
  }
  return lines.join('\n');
}

/** The rule: the two tests and their shares of the family-wise level, then the power asked. */
function ruleLines(r: RegressReport): string {
  const pct = (x: number): string => `${Number((x * 100).toPrecision(3))}%`;
  return (
    `rule: family-wise ${pct(r.rule.familyWiseLevel)} = ${pct(r.rule.omnibusLevel)} Šidák (${r.rule.counted} ` +
    `counted) + ${pct(r.rule.omnibusLevel)} omnibus chi-square\n` +
    `power: each comparison must show ${detectText(r.rule.detect)} with probability ${Math.round(r.rule.power * 100)}%`
  );
}

function verdictLine(r: RegressReport): string {
  const c = r.comparisons;
  const n = (s: Comparison['status']): number => c.filter((x) => x.status === s).length;
  const critical = [...new Set(c.map((x) => x.critical.toFixed(2)))].join('/') || '-';
  const o = r.omnibus;
  const omnibus = o ? `omnibus ${short(o.statistic)} ${o.flagged ? '>' : '<='} ${short(o.critical)} on ${o.df} df` : 'no omnibus';
  const head =
    r.verdict === 'fail'
      ? `verdict fail (flagged by ${r.decidedBy === 'both' ? 'both tests' : `the ${r.decidedBy} test`})`
      : r.verdict === 'unknown'
        ? `verdict unknown (${[
            r.errors.length ? `${r.errors.length} case(s) failed` : '',
            n('imprecise') ? `${n('imprecise')} imprecise` : '',
            n('undecided') ? `${n('undecided')} undecided` : '',
            r.rule.comparisons < r.rule.expectedComparisons || r.rule.comparisons === 0 ? 'comparisons missing' : '',
          ]
            .filter(Boolean)
            .join(', ')})`
        : 'verdict pass';
  return `${head}: ${r.rule.comparisons} of ${r.rule.expectedComparisons} comparisons, ${n('flagged')} flagged (|z| <= ${critical}; ${omnibus})`;
}

export function printRegress(r: RegressReport): void {
  console.log(
    `${r.family}: simulator ${r.simulator === 'internal' ? 'internal' : JSON.stringify(r.simulator)}, seed ` +
      `${r.seed}, ${r.cases.length} case(s); compared: ${r.compared.metrics || '-'} (${r.compared.from})`,
  );
  const order = new Map(r.cases.map((c, i) => [c.id, i]));
  const sorted = [...r.comparisons].sort(
    (a, b) => ORDER[a.status] - ORDER[b.status] || (a.status === 'flagged' ? Math.abs(b.z!) - Math.abs(a.z!) : order.get(a.id)! - order.get(b.id)!),
  );
  const shown = sorted.filter((c, i) => c.status !== 'ok' || i < MAX_ROWS);
  const rows = shown.map((c) => [clip(c.id, 18), clip(c.metric, 22), short(c.exact), `${short(c.estimate)} ± ${short(c.stderr)}`, zText(c.z), note(c)]);
  if (rows.length) console.log(table(['case', 'metric', 'exact', 'estimate ± stderr', 'z', ''], rows, [false, false, true, true, true, false]));
  if (shown.length < sorted.length) console.log(`... and ${sorted.length - shown.length} more comparisons within their bounds (--json has every one)`);
  const time = (s: number | null): string => (s === null ? '-' : s.toFixed(2));
  console.log(
    wrapped(
      'seconds (exact solve / simulator):',
      r.cases.map((c) => `${c.id} ${time(c.exactSeconds)}/${time(c.simSeconds)}`),
    ),
  );
  for (const e of r.errors) console.log(`case ${e.id}: ERROR ${e.error}`);
  for (const n of r.notCompared) console.log(wrapped(`not compared (${n.why}):`, specText(componentRuns(n.metrics, true)).split(', ')));
  if (r.advice && r.verdict === 'unknown') {
    const longest = Math.max(...r.advice.cases.map((c) => c.suggestedHorizon));
    const f = roundUp(r.advice.lengthFactor);
    console.log(`too imprecise: runs ${f} times longer make every comparison precise (stderr ~ 1/sqrt(run length)):`);
    console.log(`  --horizon ${longest}, or ${f} times a simulator's own run length`);
  }
  console.log(ruleLines(r));
  console.log(verdictLine(r));
}
