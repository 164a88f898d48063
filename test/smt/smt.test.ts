import { describe, expect, it } from 'vitest';
import { Fraction } from '../../src/core/rational.ts';
import { claimSmtlib2, decideClaim } from '../../src/smt/claim.ts';
import { evalTerm, freeVariables, holds, max, min, num, pos, variable } from '../../src/smt/expr.ts';
import { checkSat, z3Context } from '../../src/smt/z3.ts';
import { queueingWaitLimit } from '../../models/jiq-queueing.ts';
import { nuThresholdBlockingClaim } from '../../properties/prove-nu-threshold-blocking.ts';
import { smtClaims } from '../../properties/smt-claims.ts';
import { theorem1FixedPointClaim } from '../../properties/prove-theorem1-fixed-point.ts';
import { theorem2MinOnlyClaim } from '../../properties/prove-theorem2-min-only.ts';
import { lbcheck, expectUsageError } from '../support/cli.ts';

const f = (text: string): Fraction => new Fraction(text);

describe('expression layer', () => {
  it('evaluates terms and propositions exactly', () => {
    const x = variable('x');
    const y = variable('y');
    const env = new Map([
      ['x', f('1/3')],
      ['y', f('-1/2')],
    ]);
    expect(evalTerm(x.mul(3).add(y.pow(2)), env).toFraction()).toBe('5/4'); // 1 + 1/4
    expect(evalTerm(min(x, y), env).toFraction()).toBe('-1/2');
    expect(evalTerm(max(x, y).div(2), env).toFraction()).toBe('1/6');
    expect(evalTerm(pos(y), env).toFraction()).toBe('0');
    expect(holds(x.gt(y).and(y.lt(0)), env)).toBe(true);
    expect(holds(x.eq(num(1).div(3)).iff(y.ge(0)), env)).toBe(false);
    expect(holds(y.ge(0).implies(x.lt(0)), env)).toBe(true);
    expect(freeVariables([x.le(y.add(variable('z')))])).toEqual(['x', 'y', 'z']);
  });
});

describe('Z3 claims', () => {
  it('lists the six claims in order', () => {
    expect(smtClaims.map((c) => c.id)).toEqual([
      'nu-threshold-blocking',
      'nu-threshold-queueing',
      'theorem1-fixed-point',
      'theorem2-min-only',
      'power-of-d-fixed-point',
      'hetero-sq2-stability',
    ]);
  });

  it('reads an exact rational model from Z3', async () => {
    const x = variable('x');
    const out = await checkSat([x.mul(3).eq(1)], 5000);
    expect(out.status).toBe('sat');
    if (out.status === 'sat') expect(out.values.get('x')!.toFraction()).toBe('1/3');
  });

  it('theorem2-min-only holds for R = 2 and is refuted for R = 3 with a counterexample the root equation confirms', async () => {
    const two = await decideClaim(theorem2MinOnlyClaim, 2, 10_000);
    expect(two.verdict).toBe('proved');
    const three = await decideClaim(theorem2MinOnlyClaim, 3, 10_000);
    expect(three.verdict).toBe('refuted');
    const ce = three.counterexample!;
    for (const v of Object.values(ce)) expect(v).toMatch(/^-?\d+(\/\d+)?$/);
    // Independent of Z3: the exact root of the fixed-point equation at the counterexample's
    // parameters equals Z3's l, and differs from the closed form lambda (1 - R alpha_R)/(R (1 - lambda) + lambda).
    const lambda = f(ce.lambda);
    const alpha = [ce.alpha1, ce.alpha2, ce.alpha3].map(f);
    const beta = [1, 2, 3].map(() => new Fraction(1, 3));
    const l = queueingWaitLimit({ N: 1, lambda, alpha, beta, nu: new Fraction(0) }).waitProbability;
    const refutedPart = three.parts.find((p) => p.verdict === 'refuted')!;
    expect(refutedPart.confirmation).not.toBeNull();
    if (refutedPart.part.startsWith('l = ')) {
      expect(l.equals(f(ce.l))).toBe(true);
      const closed = lambda.mul(new Fraction(1).sub(alpha[2].mul(3))).div(new Fraction(3).mul(new Fraction(1).sub(lambda)).add(lambda));
      expect(l.equals(closed)).toBe(false);
      // Both sides of the refuted conclusion, evaluated exactly: Z3's l against the closed form.
      expect(refutedPart.conclusion).toMatchObject({
        kind: 'comparison',
        relation: '=',
        holds: false,
        left: { expression: 'l', value: ce.l },
        right: { value: closed.toFraction() },
      });
    }
    // The "min only" part: two systems, same lambda and alpha_3, different exact l.
    const minOnly = three.parts.find((p) => p.part.startsWith('same'))!;
    expect(minOnly.verdict).toBe('refuted');
    const c = minOnly.counterexample!;
    expect(c.lambda).toBe(c.lambda_b);
    expect(c.alpha3).toBe(c.alpha3_b);
    const lOf = (tag: string): Fraction =>
      queueingWaitLimit({ N: 1, lambda: f(c[`lambda${tag}`]), alpha: [1, 2, 3].map((r) => f(c[`alpha${r}${tag}`])), beta, nu: new Fraction(0) })
        .waitProbability;
    expect(lOf('').equals(lOf('_b'))).toBe(false);
    expect(lOf('').equals(f(c.l))).toBe(true);
    expect(minOnly.conclusion).toMatchObject({
      kind: 'comparison',
      holds: false,
      left: { expression: 'l_b', value: c.l_b },
      right: { expression: 'l', value: c.l },
    });
  });

  it('dumps SMT-LIB2 that Z3 reads back and still finds unsatisfiable (proved parts)', async () => {
    const text = await claimSmtlib2(theorem1FixedPointClaim, 2);
    expect(text).toContain('(declare-fun lambda () Real)');
    expect(text).toContain('(check-sat)');
    const blocks = text.split('(reset)\n');
    expect(blocks).toHaveLength(theorem1FixedPointClaim.queries(2).length);
    const ctx = await z3Context();
    for (const block of blocks) {
      const solver = new ctx.Solver();
      solver.set('timeout', 20_000);
      solver.fromString(block);
      expect(await solver.check()).toBe('unsat');
    }
  });

  it('a Z3 timeout is unknown, with the reason and the time spent', async () => {
    const r = await decideClaim(nuThresholdBlockingClaim, 4, 1);
    expect(r.verdict).toBe('unknown');
    expect(r.reason).toMatch(/Z3 returned unknown \((timeout|canceled)\) after \d+\.\d\d s/);
  });
});

describe('lbcheck prove', () => {
  it('prints the fixed JSON shape and exits by itself', () => {
    const r = lbcheck('prove', 'theorem2-min-only', '--R', '3', '--json');
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j).slice(0, 7)).toEqual(['claim', 'size', 'sizeMeaning', 'verdict', 'counterexample', 'reason', 'seconds']);
    expect(j).toMatchObject({ claim: 'theorem2-min-only', size: 3, sizeMeaning: 'dispatchers R', verdict: 'refuted' });
    expect(j.counterexample.lambda).toMatch(/^\d+\/\d+$/);
  });

  it('prints every refuted part with its model and both sides of the claim, no line over 120 characters', () => {
    const r = lbcheck('prove', 'theorem2-min-only', '--R', '3');
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(120);
    // Part 2: the model's l against the closed form lambda (1 - 3 alpha_3)/(3 (1 - lambda) + lambda), computed here from the printed model.
    const block = r.stdout.slice(r.stdout.indexOf('part 2 refuted: l = '), r.stdout.indexOf('part 3 refuted: same'));
    expect(block.length).toBeGreaterThan(0);
    const value = (name: string) => f(block.match(new RegExp(`[ ,]${name} = (-?\\d+(?:/\\d+)?)`))![1]);
    const lambda = value('lambda');
    const closed = lambda.mul(new Fraction(1).sub(value('alpha3').mul(3))).div(new Fraction(3).mul(new Fraction(1).sub(lambda)).add(lambda));
    expect(block).toContain(`left  l = ${value('l').toFraction()}`);
    expect(block).toMatch(new RegExp(`right .* = ${closed.toFraction()}\n`));
    expect(r.stdout).toMatch(/part 3 refuted: same lambda and alpha_R give the same l\n\s+model: .*l_b = /s);
    expect(r.stdout).toMatch(/>> l_b = l: FAILS\n\s+left {2}l_b = \S+\n\s+right l = \S+/);
  });

  it('exits 0 on a proof and writes the SMT-LIB2 dump', async () => {
    const file = `${process.env.TMPDIR ?? '/tmp'}/lbcheck-smt-${process.pid}.smt2`;
    const r = lbcheck('prove', 'power-of-d-fixed-point', '--R', '2', '--smt2', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('PROVED');
    const { readFileSync, rmSync } = await import('node:fs');
    expect(readFileSync(file, 'utf8')).toContain('(assert');
    rmSync(file);
  });

  it.each([
    [
      ['no-such-claim'],
      'unknown claim "no-such-claim" (known: nu-threshold-blocking, nu-threshold-queueing, theorem1-fixed-point, theorem2-min-only, ' +
        'power-of-d-fixed-point, hetero-sq2-stability)',
    ],
    [['theorem1-fixed-point', '--R', '1'], '--R must be >= 2, got 1'],
    [['theorem1-fixed-point', '--R', 'x'], '--R must be an integer, got "x"'],
    [['theorem1-fixed-point', '--size', '7'], '--size must be <= 6, got 7'],
    [['theorem1-fixed-point', '--size', '3', '--R', '3'], '--size and --R are the same option: give one'],
    [['theorem1-fixed-point', '--timeout-ms', '0'], '--timeout-ms must be >= 1, got 0'],
  ])('rejects bad input in one line with exit code 2: %j', (args, message) => {
    expectUsageError(['prove', ...args], message);
  });
});
