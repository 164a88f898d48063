/**
 * What every format states about a chain besides its transitions: the reward
 * structures (one per metric, and "<name>_per" for a ratio metric's
 * denominator), the labels (init, and one per 0/1 metric), the header comment,
 * and the queries that give back each metric.
 */
import type { ExportChain } from './chain.ts';
import { num } from './files.ts';

export interface RewardStructure {
  readonly name: string;
  readonly values: Float64Array;
  /** State i's reward as text: exact "p/q" where the chain carries rationals, else the float. */
  text(i: number): string;
}

export function rewardStructures(c: ExportChain): RewardStructure[] {
  const structure = (name: string, values: Float64Array, exact: readonly string[] | undefined): RewardStructure => ({
    name,
    values,
    text: (i) => (exact ? exact[i] : num(values[i])),
  });
  return c.metrics.flatMap((m, k) => [
    structure(m.name, m.reward, c.exact?.rewards[k].reward),
    ...(m.per ? [structure(`${m.name}_per`, m.per, c.exact?.rewards[k].per)] : []),
  ]);
}

/** Labels beyond "init": each 0/1 metric labels the states where it is 1. */
export function indicatorLabels(c: ExportChain): { name: string; holds: Float64Array }[] {
  return c.metrics.filter((m) => m.indicator).map((m) => ({ name: m.name, holds: m.reward }));
}

/** The header comment: what was exported, its size, its truncation and the names used. */
export function headerLines(c: ExportChain): string[] {
  const params = Object.entries(c.params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : v}`)
    .join(' ');
  const lines = [
    `lbcheck export of ${c.family}: ${c.title}`,
    `parameters: ${params}`,
    `${c.states} states, ${c.rowPtr[c.states]} transitions (parallel transitions merged, no self-loops); initial state ${c.initial}`,
  ];
  const t = c.truncation;
  if (t) {
    lines.push(
      `truncated at K = ${t.K}: ${t.frontier} states on the frontier (a queue at K; arrivals there are lost); ` +
        `lbcheck's solve puts stationary mass ${t.boundaryMass.toExponential(3)} there (tolerance ` +
        `${t.tolerance.toExponential(0)}${t.withinTolerance ? '' : ', EXCEEDED: the cut chain is not a trustworthy stand-in'})`,
    );
  }
  const renamed = c.variables.filter((v) => v.name !== v.original);
  if (renamed.length > 0) lines.push(`variables renamed to identifiers: ${renamed.map((v) => `${v.original} -> ${v.name}`).join(', ')}`);
  for (const m of c.metrics) {
    const how = m.per
      ? `ratio R{"${m.name}"}[S] / R{"${m.name}_per"}[S]`
      : m.indicator
        ? `R{"${m.name}"}[S] = S["${m.name}"] (0/1 reward)`
        : `R{"${m.name}"}[S]`;
    lines.push(`metric ${m.original}: ${how}`);
  }
  return lines;
}

/** One query per metric, in PRISM's property language (Storm reads the same). */
export function propertyLines(c: ExportChain): string[] {
  const lines = headerLines(c).map((l) => `// ${l}`);
  for (const m of c.metrics) {
    lines.push('', `// ${m.original}`);
    if (m.per) lines.push(`R{"${m.name}"}=? [ S ] / R{"${m.name}_per"}=? [ S ]`);
    else {
      if (m.indicator) lines.push(`S=? [ "${m.name}" ]`);
      lines.push(`R{"${m.name}"}=? [ S ]`);
    }
  }
  return lines;
}
