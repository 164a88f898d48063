import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Fraction, type Rational } from '../../src/core/rational.ts';
import { integrate } from '../../src/fluid/integrate.ts';
import { positivePartRoot } from '../../src/fluid/piecewise-linear.ts';
import type { FluidSystem } from '../../src/core/fluid-view.ts';
import { holds } from '../../src/smt/expr.ts';
import { jiqBlocking } from '../../models/jiq-blocking.ts';
import { blockingFixedPoint, blockingFixedPointExact, blockingSymbols } from '../../models/jiq-blocking/fixed-point.ts';
import { jiqQueueing } from '../../models/jiq-queueing.ts';
import { queueingFixedPoint, queueingSymbols } from '../../models/jiq-queueing/fixed-point.ts';
import { lbcheck, expectUsageError } from '../support/cli.ts';

const f = (text: string): Fraction => new Fraction(text);

/** Root of a decreasing function on [lo, hi] (test reference only). */
function bisect(g: (t: number) => number, lo: number, hi: number): number {
  for (let k = 0; k < 200; k++) {
    const mid = (lo + hi) / 2;
    if (g(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// JIQ blocking, lambda = 9/10, alpha = (3/5, 2/5), beta = 1/2, nu = 0, from x = (0, 1/2, 1/2).
// Until x_1 hits 0: z_r = alpha_r lambda, x_0 = lambda (1 - e^-t), x_1 = 1/20 + (9/20) e^-t - (9/100) t.
// Then x_1 slides on its face: z_1 = x_0/2 < alpha_1 lambda, x_0' = 9/25 - x_0/2, so
// x_0 = 18/25 + (x_0(tau) - 18/25) e^{-(t - tau)/2}.
const slide = jiqBlocking.parse({ N: '1', lambda: '9/10', alpha: '3/5,2/5' });
const x1 = (t: number): number => 0.05 + 0.45 * Math.exp(-t) - 0.09 * t;
const tau = bisect(x1, 0, 10);
const x0 = (t: number): number => (t <= tau ? 0.9 * (1 - Math.exp(-t)) : 0.72 + (0.9 * (1 - Math.exp(-tau)) - 0.72) * Math.exp(-(t - tau) / 2));

describe('piecewise-smooth integrator', () => {
  it("matches a smooth closed-form solution (x' = -x, y' = x - y)", () => {
    const sys: FluidSystem = {
      names: ['x', 'y'],
      faces: [],
      invariants: [],
      derivative: (x, dx) => {
        dx[0] = -x[0];
        dx[1] = x[0] - x[1];
      },
    };
    const tr = integrate(sys, Float64Array.from([1, 0]), { t: 5, samples: 11 });
    tr.times.forEach((t, k) => {
      expect(Math.abs(tr.states[k][0] - Math.exp(-t))).toBeLessThan(1e-9);
      expect(Math.abs(tr.states[k][1] - t * Math.exp(-t))).toBeLessThan(1e-9);
    });
  });

  it('lands on the face x_1 = 0 once, slides along it exactly, and matches the closed form', () => {
    const view = jiqBlocking.fluid!;
    const tr = integrate(view.system(slide), view.start(slide), { t: 20, samples: 201 });
    expect(tr.evidence.faceHits).toBe(1); // no chattering
    expect(tr.evidence.minFaceValue).toBe(0); // no overshoot below the face
    expect(tr.evidence.conservationDefect).toBeLessThanOrEqual(1e-12);
    tr.times.forEach((t, k) => {
      const s = tr.states[k];
      expect(Math.abs(s[0] - x0(t))).toBeLessThan(1e-8);
      if (t <= tau) expect(Math.abs(s[1] - x1(t))).toBeLessThan(1e-8);
      else expect(s[1]).toBe(0); // exactly on the face, never below
      expect(Math.abs(s[0] + s[1] + s[2] - 1)).toBeLessThanOrEqual(1e-12);
    });
  });

  it('adaptive steps at the default tolerance agree with a much tighter reference run', () => {
    const p = jiqQueueing.parse({ N: '1', lambda: '4/5', alpha: '1/2,3/10,1/5', nu: '1/3' });
    const view = jiqQueueing.fluid!;
    const loose = integrate(view.system(p), view.start(p), { t: 30, samples: 31 });
    const tight = integrate(view.system(p), view.start(p), { t: 30, samples: 31, rtol: 1e-13, atol: 1e-15 });
    expect(tight.evidence.steps).toBeGreaterThan(loose.evidence.steps);
    let worst = 0;
    loose.states.forEach((s, k) => s.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - tight.states[k][i])))));
    expect(worst).toBeLessThan(1e-8);
    expect(loose.evidence.conservationDefect).toBeLessThanOrEqual(1e-12);
    expect(loose.evidence.minFaceValue).toBeGreaterThanOrEqual(0);
  });
});

describe('fixed points', () => {
  it('solves sum_r [a_r + b_r t]^+ = c + d t exactly', () => {
    // [1 - t]^+ + [t - 1/2]^+ = 2t on [0, 1]: below t = 1/2 the left side is 1 - t, so t = 1/3.
    const t = positivePartRoot(
      {
        terms: [
          { a: f('1'), b: f('-1') },
          { a: f('-1/2'), b: f('1') },
        ],
        c: f('0'),
        d: f('2'),
      },
      f('0'),
      f('1'),
    );
    expect(t!.toFraction()).toBe('1/3');
  });

  it('jiq-blocking: Theorem 1 without exchange, the root equation with it (hand-solved)', () => {
    expect(blockingFixedPointExact(slide).x0.toFraction()).toBe('18/25'); // min{1, R alpha_R lambda} = 2 (2/5)(9/10)
    // nu = 1/2: only dispatcher 2 keeps tokens; theta/4 - 11/100 = (1 - theta)/2 gives theta = 61/75, x_2 = 14/75.
    const p = jiqBlocking.parse({ N: '1', lambda: '9/10', alpha: '3/5,2/5', nu: '1/2' });
    const fp = blockingFixedPointExact(p);
    expect(fp.x0.toFraction()).toBe('61/75');
    expect(fp.x.map((x) => x!.toFraction())).toEqual(['0', '14/75']);
    // The same point satisfies the equations Z3 is given, exactly.
    const s = blockingSymbols(2);
    const env = new Map<string, Rational>([
      ['lambda', p.lambda],
      ['nu', p.nu],
      ['alpha1', p.alpha[0]],
      ['alpha2', p.alpha[1]],
      ['beta1', p.beta[0]],
      ['beta2', p.beta[1]],
      ['x0', fp.x0],
      ['x1', fp.x[0]!],
      ['x2', fp.x[1]!],
    ]);
    expect(blockingFixedPoint(s).every((e) => holds(e, env))).toBe(true);
    // ... and the ODE from the empty system settles there.
    const view = jiqBlocking.fluid!;
    const tr = integrate(view.system(p), view.start(p), { t: 80, samples: 2 });
    expect(Math.abs(tr.final[0] - 61 / 75)).toBeLessThan(1e-9);
    expect(view.metrics(p, tr.final).blocking).toBeCloseTo(1 - 61 / 75 / 0.9, 9);
  });

  it('jiq-queueing: P(W > 0) = l and E[W] = l/(1 - l) at the fixed point, from the ODE too', () => {
    // lambda = 1/2, alpha = (3/4, 3/16, 1/16), beta = 1/3, nu = 0: dispatchers 2 and 3 run dry,
    // (1/2)(2(1 - l)/3 - 1/4) = l/2, so l = 1/4 (the Theorem 2 closed form would give 13/64).
    const p = jiqQueueing.parse({ N: '1', lambda: '1/2', alpha: '3/4,3/16,1/16' });
    const view = jiqQueueing.fluid!;
    const fp = view.fixedPoint(p);
    expect(fp.exact).toEqual({ l: '1/4' });
    const m = view.metrics(p, fp.state);
    expect(m.waitProbability).toBeCloseTo(0.25, 14);
    expect(m.meanWait).toBeCloseTo(1 / 3, 13);
    expect(m.meanSojourn).toBeCloseTo(4 / 3, 13);
    const tr = integrate(view.system(p), view.start(p), { t: 100, samples: 2 });
    const end = view.metrics(p, tr.final);
    expect(Math.abs((end.waitProbability as number) - 0.25)).toBeLessThan(1e-9);
    expect(tr.evidence.conservationDefect).toBeLessThanOrEqual(1e-12);
    // The reduced equations Z3 is given hold exactly there: y0 = 1/2, y1 = lambda (1 - l) = 3/8,
    // x_r = [beta_r y_1 - alpha_r lambda]^+ / l = (0, 1/8, 3/8).
    const s = queueingSymbols(3);
    const env = new Map<string, Rational>([
      ['lambda', f('1/2')],
      ['nu', f('0')],
      ['alpha1', f('3/4')],
      ['alpha2', f('3/16')],
      ['alpha3', f('1/16')],
      ['beta1', f('1/3')],
      ['beta2', f('1/3')],
      ['beta3', f('1/3')],
      ['y0', f('1/2')],
      ['y1', f('3/8')],
      ['l', f('1/4')],
      ['x1', f('0')],
      ['x2', f('1/8')],
      ['x3', f('3/8')],
    ]);
    expect(queueingFixedPoint(s).every((e) => holds(e, env))).toBe(true);
    const tokens = Array.from(tr.final.subarray(tr.final.length - 3));
    [0, 1 / 8, 3 / 8].forEach((x, r) => expect(Math.abs(tokens[r] - x)).toBeLessThan(1e-9));
  });
});

describe('lbcheck fluid', () => {
  it('prints the fixed JSON shape with the CTMC metric names and draws an SVG', () => {
    const file = `${process.env.TMPDIR ?? '/tmp'}/lbcheck-fluid-${process.pid}.svg`;
    const r = lbcheck('fluid', 'jiq-blocking', '--lambda', '9/10', '--alpha', '3/5,2/5', '--samples', '5', '--json', '--svg', file);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual([
      'model',
      'params',
      'paramsExact',
      'fixedPoint',
      'fixedPointExact',
      'fixedPointMethod',
      'metrics',
      'trajectory',
      'final',
      'evidence',
      'seconds',
    ]);
    expect(j.params).toEqual({ lambda: 0.9, alpha: [0.6, 0.4], beta: [0.5, 0.5], nu: 0 });
    expect(j.fixedPointExact).toEqual({ x0: '18/25', x1: '0', x2: '7/25' });
    expect(j.metrics.blocking).toBeCloseTo(0.2, 14); // Theorem 1: 1 - R alpha_R
    expect(j.trajectory).toHaveLength(5);
    expect(Object.keys(j.trajectory[0])).toEqual(['t', 'x0', 'x1', 'x2']);
    const svg = readFileSync(file, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    // One legend entry per coordinate; the fixed-point dots are explained once.
    expect(svg).toContain('>x1</text>');
    expect(svg).not.toContain('x1 fixed point');
    expect(svg).toContain('dots at the end: fixed point');
    rmSync(file);
  });

  it.each([
    [['--x0', '0.5,0.5,0.5'], '--x0 values must sum to 1'],
    [['--x0', '0.5,0.5'], '--x0 needs 3 values'],
    [['--t', '0'], '--t must be a number in (0, 1e6], got "0"'],
    [['--samples', '1'], '--samples must be an integer in 2..100000, got "1"'],
  ])('rejects bad input in one line with exit code 2: %j', (args, message) => {
    expectUsageError(['fluid', 'jiq-blocking', '--lambda', '9/10', '--alpha', '3/5,2/5', ...args], message);
  });
});

describe('lbcheck fluid: probabilities in [0, 1]', () => {
  it('jiq-blocking with 60 equal dispatchers: blocking is 0, not -1.33e-15, and the evidence names the clamp as rounding', () => {
    const alpha = Array.from({ length: 60 }, () => '1/60').join(',');
    const r = lbcheck('fluid', 'jiq-blocking', '--lambda', '1/2', '--alpha', alpha, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.metrics.blocking).toBe(0); // lambda = 1/2 <= every alpha_r / beta_r = 1: nothing is lost in the limit
    expect(j.final.metrics.blocking).toBe(0);
    expect(j.evidence.clamped.map((c: { metric: string; at: string; beyondTolerance: boolean }) => [c.metric, c.at, c.beyondTolerance])).toEqual([
      ['blocking', 'fixedPoint', false],
      ['blocking', 'final', false],
    ]);
    expect(j.evidence.clamped[0].value).toBeLessThan(0);
    expect(j.evidence.clampTolerance).toBeCloseTo(1.01e-10, 20);
  });
});
