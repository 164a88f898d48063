/**
 * Counterexamples for people, from the same data `--json` prints, by kind
 * (check/counterexample.ts): a coupled trace (a block per step, see
 * trace-text.ts), a balance failure (both sides of pi Q = 0 at the state, term
 * by term), a Z3 refutation (the model and both sides of the claim, exact), the
 * other kinds as an outline of their values. Lines stay within MAX_WIDTH.
 */
import type { BalanceFailure } from '../ctmc/certificate.ts';
import type { EvaluatedProp } from '../smt/evaluate.ts';
import type { EvidenceValue } from '../core/verdict.ts';
import type { RefutedPart } from '../check/claim-property.ts';
import { isCounterexample, type Counterexample } from '../check/counterexample.ts';
import type { TraceCounterexample } from '../check/trace-claim.ts';
import { MAX_WIDTH, traceText } from './trace-text.ts';

export { wrapWords } from './wrap.ts';

/** Text cut into pieces of at most `room` characters, each ending after a space or a comma where one is near. */
function pieces(text: string, room: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > room) {
    const at = Math.max(rest.lastIndexOf(' ', room - 1), rest.lastIndexOf(',', room - 1)) + 1;
    const cut = at > room / 2 ? at : room;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return [...out, rest];
}

/** "k = v, k = v, ..." broken into lines of at most MAX_WIDTH, between pairs where possible (a longer pair is broken too). */
export function wrapPairs(indent: string, pairs: readonly string[]): string[] {
  const more = ' '.repeat(indent.length);
  const lines: string[] = [];
  let line = indent;
  for (const piece of pairs.flatMap((p, i) => pieces(i < pairs.length - 1 ? `${p}, ` : p, MAX_WIDTH - more.length))) {
    if (line.trim().length > 0 && line.length + piece.trimEnd().length > MAX_WIDTH) {
      lines.push(line.trimEnd());
      line = more;
    }
    line += piece;
  }
  lines.push(line.trimEnd());
  return lines;
}

function paramsLine(params: EvidenceValue): string[] {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return [];
  return wrapPairs(
    '  params: ',
    Object.entries(params).map(([k, v]) => `${k} = ${Array.isArray(v) ? v.join(',') : String(v)}`),
  );
}

export function balanceText(b: BalanceFailure): string[] {
  return [
    `  global balance fails at ${b.state}: inflow/pi = ${b.inflowOverPi}, outflow rate = ${b.outflowRate} (difference ${b.difference})`,
    '  inflow, sum_i q_ij pi(i)/pi(j):',
    ...b.inflow.map((t) => `    from ${t.from}: q = ${t.rate} x pi(i)/pi(j) = ${t.piRatio} -> ${t.term}`),
    '  outflow, q_j = sum_k q_jk:',
    ...b.outflow.map((t) => `    to ${t.to}: q = ${t.rate}`),
  ];
}

/** A conclusion evaluated exactly, failing comparisons marked with >>. */
export function conclusionText(e: EvaluatedProp, indent = '    '): string[] {
  const mark = e.holds ? '' : '>> ';
  if (e.kind === 'comparison') {
    const verdict = e.holds ? 'holds' : 'FAILS';
    return [
      `${indent}${mark}${e.left.expression} ${e.relation} ${e.right.expression}: ${verdict}`,
      `${indent}   left  ${e.left.expression} = ${e.left.value}`,
      `${indent}   right ${e.right.expression} = ${e.right.value}`,
    ];
  }
  if (e.kind === 'constant') return [`${indent}${String(e.holds)}`];
  return [`${indent}${mark}${e.kind}: ${e.holds ? 'true' : 'false'}`, ...e.parts.flatMap((p) => conclusionText(p, `${indent}  `))];
}

export function modelText(values: Record<string, string>): string[] {
  return wrapPairs(
    '  model: ',
    Object.entries(values).map(([k, v]) => `${k} = ${v}`),
  );
}

/** One refuted Z3 part: its name, the model, both sides of the conclusion, the numeric re-check. */
export function refutationText(r: Omit<RefutedPart, 'index'>): string[] {
  return [
    `refuted: ${r.part}`,
    ...modelText(r.counterexample ?? {}),
    '  the claim at this point:',
    ...(r.conclusion ? conclusionText(r.conclusion) : []),
    ...(isRecord(r.confirmation)
      ? wrapPairs(
          '  re-checked: ',
          Object.entries(r.confirmation).map(([k, v]) => `${k} = ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`),
        )
      : []),
  ];
}

function isRecord(v: EvidenceValue | undefined): v is { [k: string]: EvidenceValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One shared draw: a record as "key value ..." (a job's service and destination), anything else as it is. */
const drawText = (e: EvidenceValue): string =>
  isRecord(e)
    ? Object.entries(e)
        .map(([a, b]) => `${a} ${String(b)}`)
        .join(' ')
    : String(e);

function traceCounterexampleText(t: TraceCounterexample): string[] {
  return [
    ...paramsLine(t.params),
    ...Object.entries(t.shared).flatMap(([k, x]) => wrapPairs(`  ${k}: `, Array.isArray(x) ? x.map(drawText) : [String(x)])),
    ...traceText(t.steps, t.events, MAX_WIDTH - 2).map((l) => `  ${l}`),
  ];
}

/** Any counterexample, by its kind. */
export function counterexampleText(c: Counterexample): string[] {
  try {
    return kindText(c);
  } catch {
    // A user's .js claim can tag a value with a kind its fields do not match: show it as it is.
    return outline(c, '  ');
  }
}

function kindText(c: Counterexample): string[] {
  switch (c.kind) {
    case 'coupling-trace':
      return traceCounterexampleText(c);
    case 'balance':
      return [...paramsLine(c.params ?? null), ...balanceText(c)];
    case 'smt-refutation':
      return [`  ${c.claim} at size ${c.size}`, ...c.parts.flatMap((p) => refutationText(p).map((l) => `  ${l}`))];
    case 'case':
      return caseText(c.case);
    case 'regression':
      return c.flagged.length > 0 ? caseText(c.flagged) : ['  no comparison flagged'];
    case 'point':
    case 'convergence-order': {
      const { kind: _kind, ...values } = c;
      return caseText(values);
    }
  }
}

/**
 * A case as the claim describes it: a description tagged with a counterexample
 * kind as that kind (trace claims describe their cases as traces, passing ones
 * too), anything else as an outline.
 */
export function caseText(v: EvidenceValue): string[] {
  return isCounterexample(v) ? counterexampleText(v) : outline(v, '  ');
}

/** A counterexample for people: strings as they are, lists as lines, records as "key: value". */
function outline(v: EvidenceValue, indent: string): string[] {
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'object' && x !== null ? outline(x, indent) : [`${indent}${String(x)}`]));
  if (isRecord(v)) {
    return Object.entries(v).flatMap(([k, x]) => {
      if (Array.isArray(x) && x.every((e) => typeof e !== 'object' || e === null)) return wrapPairs(`${indent}${k}: `, x.map(String));
      return typeof x === 'object' && x !== null ? [`${indent}${k}:`, ...outline(x, `${indent}  `)] : [`${indent}${k}: ${String(x)}`];
    });
  }
  return [`${indent}${String(v)}`];
}
