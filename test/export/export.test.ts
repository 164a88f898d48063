/**
 * Every export format, read back by an independent reader (test/export/readers.ts:
 * its own parser and a dense mathjs solve), gives the stationary law and the
 * metrics of `solve`.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelFamily } from '../../src/core/model.ts';
import type { ParamSpecs } from '../../src/core/params.ts';
import { solveModel, type Solved } from '../../src/ctmc/solve.ts';
import { searchCap } from '../../src/ctmc/truncation/truncation-search.ts';
import { exportChain, exportFiles, writeExport, type ExportChain } from '../../src/export/index.ts';
import { families } from '../../models/index.ts';
import { lbcheck, expectUsageError } from '../support/cli.ts';
import { denseStationary, readDrn, readPrismExplicit, readPrismLanguage, type ReadChain } from './readers.ts';

const dir = mkdtempSync(join(tmpdir(), 'lbcheck-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CASES: [string, Record<string, string>][] = [
  ['jiq-blocking', { N: '3', lambda: '7/10', alpha: '3/5,2/5', nu: '1/2' }],
  ['jsq-d', { N: '2', d: '2', lambda: '1/10' }], // automatic K; digits L(1), L(2) renamed
  ['hetero-ps', { servers: '1,1', rates: '2,1', lambda: '1/2', K: '6' }], // ratio metric meanSojourn
  ['jiq-queueing', { N: '2', lambda: '1/2', alpha: '1/2,1/2', K: '4' }],
];

function family(id: string): ModelFamily<ParamSpecs, unknown> {
  return families.find((f) => f.id === id)!;
}

/** Packed code of a valuation "d1,d2,..." in the solve's radices. */
function code(valuation: string, radices: readonly number[]): number {
  let c = 0,
    w = 1;
  valuation.split(',').forEach((d, v) => {
    c += Number(d) * w;
    w *= radices[v];
  });
  return c;
}

/** lbcheck's metrics flattened to the export's reward names ("tokenFraction_2"). */
function flatMetrics(s: Solved): Record<string, number> {
  return Object.fromEntries(Object.entries(s.metrics).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x, i) => [`${k}_${i + 1}`, x]) : [[k, v]])));
}

function checkAgainstSolve(read: ReadChain, pi: number[], solved: Solved, chain: ExportChain, byValuation: boolean): void {
  expect(read.states).toHaveLength(solved.pi.length);
  const index = new Map(Array.from(solved.codes, (c, i) => [c, i]));
  read.states.forEach((s, k) => {
    const i = byValuation ? index.get(code(s, solved.radices))! : Number(s);
    expect(Math.abs(pi[k] - solved.pi[i])).toBeLessThan(1e-13);
  });
  expect(read.labels.init).toEqual(new Set([read.initial]));
  const mean = (v: number[]): number => v.reduce((a, x, k) => a + x * pi[k], 0);
  const want = flatMetrics(solved);
  for (const m of chain.metrics) {
    const value = m.per ? mean(read.rewards[m.name]) / mean(read.rewards[`${m.name}_per`]) : mean(read.rewards[m.name]);
    expect(value).toBeCloseTo(want[m.name], 12);
    if (m.indicator) expect([...read.labels[m.name]].reduce((a, k) => a + pi[k], 0)).toBeCloseTo(want[m.name], 12);
  }
}

describe.each(CASES)('export %s %j', (id, raw) => {
  const fam = family(id);
  const p = fam.parse(raw);
  // A family that solve truncates by projection is exported at the K search's cut.
  const t = fam.truncation;
  const solved = t && t.fixedK(p) === undefined && t.projection ? searchCap(fam, t, p, { method: 'auto' }) : solveModel(fam, p, { method: 'auto' });
  const chain = exportChain(fam, p);
  const exactChain = exportChain(fam, p, { exact: true });
  const text = (prefix: string, suffix: string): string => readFileSync(prefix + suffix, 'utf8');

  it('cuts a truncated family where solve does, and says so', () => {
    expect(chain.states).toBe(solved.pi.length);
    expect(chain.truncation?.K).toBe(solved.evidence.truncation?.K);
    if (chain.truncation) {
      expect(chain.truncation.frontier).toBeGreaterThan(0);
      expect(text(writeFormat('drn'), '.drn')).toContain(`truncated at K = ${chain.truncation.K}: ${chain.truncation.frontier} states on the frontier`);
    }
  });

  function writeFormat(format: 'prism-explicit' | 'drn' | 'prism'): string {
    const prefix = join(dir, `${id}-${format}`);
    writeExport(prefix, exportFiles(format, format === 'prism' ? exactChain : chain));
    return prefix;
  }

  it('prism-explicit: .tra/.sta/.lab/.srew read back to the law of solve', () => {
    const prefix = writeFormat('prism-explicit');
    const srew = readdirSync(dir)
      .filter((f) => f.startsWith(`${id}-prism-explicit.`) && f.endsWith('.srew'))
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    const read = readPrismExplicit(text(prefix, '.tra'), text(prefix, '.sta'), text(prefix, '.lab'), srew);
    expect(text(prefix, '.sta').split('\n')[0]).toBe(`(${chain.variables.map((v) => v.name).join(',')})`);
    checkAgainstSolve(read, denseStationary(read), solved, chain, true);
  });

  it("drn: Storm's format reads back to the law of solve", () => {
    const read = readDrn(text(writeFormat('drn'), '.drn'));
    checkAgainstSolve(read, denseStationary(read), solved, chain, false);
  });

  it('prism: the PRISM-language model, with exact rational rates, reads back to the law of solve', () => {
    const sm = text(writeFormat('prism'), '.sm');
    // From n1 = 2 tokens: an arrival at dispatcher 1 takes one at rate alpha_1 lambda N = 3/5 * 7/10 * 3 = 63/50, exactly.
    if (id === 'jiq-blocking') expect(sm).toContain("[] n1=2 & n2=0 -> 63/50:(n1'=1) + ");
    const read = readPrismLanguage(sm);
    checkAgainstSolve(read, denseStationary(read), solved, chain, true);
  });
});

describe('lbcheck export (CLI)', () => {
  it('writes the files, reports them in JSON and asks for every metric in the properties file', () => {
    const prefix = join(dir, 'cli');
    const r = lbcheck('export', 'jiq-blocking', '--N', '2', '--lambda', '1', '--alpha', '1/2,1/2', '--format', 'prism-explicit', '--out', prefix, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.states).toBe(6);
    expect(j.files).toContain(`${prefix}.tra`);
    expect(readFileSync(`${prefix}.tra`, 'utf8').split('\n')[0]).toBe('6 12');
    const props = readFileSync(`${prefix}.props`, 'utf8');
    expect(props).toContain('R{"blocking"}=? [ S ]');
    expect(props).toContain('S=? [ "noTokenProbability_1" ]');
  });

  it.each([
    [['--format', 'prism-explicit'], "required option '--out <prefix>' not specified"],
    [['--format', 'dot', '--out', 'x'], "argument 'dot' is invalid"],
    [['--format', 'drn', '--out', '/no/such/dir/x'], '--out /no/such/dir/x: cannot write'],
  ])('rejects bad input in one line, exit 2, nothing written: %j', (args, message) => {
    expectUsageError(['export', 'jiq-blocking', '--N', '2', '--lambda', '1', '--alpha', '1', ...args], message);
  });
});
