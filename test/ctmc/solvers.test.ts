/**
 * The solver registry (src/ctmc/solvers/registry.ts), enumerated: every method
 * has a description and solves the M/M/1/K queue to its closed form
 * (test/support/mm1k.ts); `solve --help` and the explorer's engine list the
 * registry's methods with their descriptions.
 */
import { describe, expect, it } from 'vitest';
import { POLICY } from '../../src/core/numerical-policy.ts';
import { Fraction } from '../../src/core/rational.ts';
import { isMethod, METHODS, SOLVERS, solveChain } from '../../src/ctmc/solve.ts';
import { listMethods } from '../../web/src/engine.ts';
import { lbcheck } from '../support/cli.ts';
import { mm1k, mm1kChain } from '../support/mm1k.ts';

const rho = new Fraction(3, 4);
const K = 6;
const q = mm1k(rho, K);

describe('the solver registry', () => {
  it('names every solver once, and nothing else is a method', () => {
    expect([...METHODS].sort()).toEqual(Object.keys(SOLVERS).sort());
    expect(new Set(METHODS).size).toBe(METHODS.length);
    for (const name of ['float', 'toString', 'constructor', '']) expect(isMethod(name), name).toBe(false);
  });

  it.each(METHODS.map((m) => [m]))('%s has a one-line description of its own', (method) => {
    const d = SOLVERS[method].description;
    expect(d.trim().length).toBeGreaterThan(20);
    expect(d).not.toMatch(/[\n;:]/); // listed as `name: description; ...`
    expect(METHODS.filter((m) => SOLVERS[m].description === d)).toEqual([method]);
  });

  it.each(METHODS.map((m) => [m]))('%s solves M/M/1/6 at rho = 3/4 to its closed form, converged', (method) => {
    const s = solveChain(mm1kChain(rho, K, false), { method });
    expect(s.evidence.converged).toBe(true);
    if (method !== 'auto') expect(s.evidence.method).toBe(method);
    expect(s.metrics.meanJobs).toBeCloseTo(q.meanJobs.valueOf(), 11);
    if (s.evidence.method === 'exact') expect(s.exact!.text.meanJobs).toBe(q.meanJobs.toFraction());
  });

  it("solve --help offers every method with its description, and the policy's defaults with their help; the explorer lists the same methods", () => {
    const help = lbcheck('solve', 'jiq-blocking', '--help').stdout.replace(/\s+/g, ' ');
    for (const m of METHODS) expect(help).toContain(`${m}: ${SOLVERS[m].description}`);
    expect(help).toContain(`choices: ${METHODS.map((m) => `"${m}"`).join(', ')}`);
    for (const s of [POLICY.solverTolerance, POLICY.boundaryTolerance]) expect(help).toContain(`${s.help} (default: "${s.value}")`);
    expect(help).toContain(`${POLICY.searchSeconds.help} (default ${POLICY.searchSeconds.value})`);
    expect(listMethods()).toEqual(METHODS.map((name) => ({ name, description: SOLVERS[name].description })));
  });
});
