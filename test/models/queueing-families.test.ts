/**
 * jsq-d and jiq-queueing against values computed independently: M/M/1/K closed
 * forms (d = 1 is N independent queues; N = 1 is one queue), a JSQ case with
 * N = 2 solved by hand, identities between metrics computed by different
 * formulas (Little's law, PASTA, work conservation), and the closed forms of
 * the limits.
 */
import { describe, expect, it } from 'vitest';
import { Fraction, ratString, type Rational } from '../../src/core/rational.ts';
import { DEFAULT_BOUNDARY_TOLERANCE } from '../../src/core/numerical-policy.ts';
import { solveModel } from '../../src/ctmc/solve.ts';
import { searchCap } from '../../src/ctmc/truncation/truncation-search.ts';
import { jiqQueueing, queueingWaitLimit } from '../../models/jiq-queueing.ts';
import { jsqD, meanFieldSojourn } from '../../models/jsq-d.ts';
import { mm1k } from '../support/mm1k.ts';

const rat = (t: string): Rational => new Fraction(t);

/** M/M/1/K with load rho (arrivals to a full queue lost), pi_i proportional to rho^i. */
function queue(rho: Rational, K: number) {
  const { meanJobs, full } = mm1k(rho, K);
  const one = new Fraction(1);
  const admitted = one.sub(full);
  /** P(L >= i) = (rho^i - rho^{K+1}) / (1 - rho^{K+1}) */
  const tail = (i: number): Rational =>
    rho
      .pow(i)
      .sub(rho.pow(K + 1))
      .div(one.sub(rho.pow(K + 1)));
  return { meanJobs, full, admitted, tail, empty: one.sub(tail(1)), meanSojourn: meanJobs.div(rho.mul(admitted)) };
}

function exactSolve<P>(family: Parameters<typeof solveModel<P>>[0], p: P) {
  const s = solveModel(family, p, { method: 'exact' });
  return s.exact!.values as Record<string, Rational & Rational[]>;
}

describe('jsq-d', () => {
  it('with d = 1 is N independent M/M/1/K queues, exactly', () => {
    const p = jsqD.parse({ N: '3', lambda: '2/3', d: '1', K: '4' });
    const m = exactSolve(jsqD, p);
    const q = queue(rat('2/3'), 4);
    expect(ratString(m.meanJobs)).toBe(ratString(q.meanJobs));
    expect(ratString(m.meanSojourn)).toBe(ratString(q.meanSojourn));
    expect(m.s.map(ratString)).toEqual([1, 2, 3, 4].map((i) => ratString(q.tail(i))));
    // some queue full: 1 - (1 - pi_K)^N
    const s = solveModel(jsqD, p, { method: 'exact' });
    expect(s.evidence.truncation!.boundaryMass).toBeCloseTo(1 - (1 - q.full.valueOf()) ** 3, 15);
  });

  it('with d = 1 and automatic K matches the untruncated M/M/1 (mean jobs rho/(1 - rho))', () => {
    const s = solveModel(jsqD, jsqD.parse({ N: '2', lambda: '1/2', d: '1' }), { method: 'gth' });
    expect(s.evidence.truncation!.withinTolerance).toBe(true);
    expect(s.evidence.truncation!.boundaryMass).toBeLessThanOrEqual(1e-12);
    expect(s.metrics.meanJobs).toBeCloseTo(1, 10);
    expect(s.metrics.meanSojourn).toBeCloseTo(2, 10);
    expect((s.metrics.s as number[]).slice(0, 3)).toEqual([0.5, 0.25, 0.125].map((x) => expect.closeTo(x, 12)));
  });

  it('the cap search steps K up one level at a time, so it stops at the smallest K within tolerance', () => {
    const p = jsqD.parse({ N: '3', lambda: '1/2', d: '2' });
    const auto = searchCap(jsqD, jsqD.truncation!, p, { method: 'gth' }).evidence.truncation!;
    expect(auto.kind).toBe('cap');
    expect(jsqD.truncation!.initialK(p)).toBeLessThan(auto.K! - 1); // the mean-field start is too optimistic here
    expect(auto.withinTolerance).toBe(true);
    const below = solveModel(jsqD, { ...p, K: auto.K! - 1 }, { method: 'gth' }).evidence.truncation!;
    expect(below.boundaryMass).toBeGreaterThan(DEFAULT_BOUNDARY_TOLERANCE);
  });

  it('the cap search never builds a cut past its state budget: it stops untrusted with its last answer', () => {
    const p = jsqD.parse({ N: '3', lambda: '1/2', d: '2' });
    const full = searchCap(jsqD, jsqD.truncation!, p, { method: 'gth' }).evidence.truncation!;
    // C(N + K, N) states at K: a budget one below the answer's cut leaves the search one K short.
    const budget = full.rounds![full.rounds!.length - 1].states - 1;
    expect(budget).toBe(968); // K = 16: C(19, 3) = 969 states
    const cut = searchCap(jsqD, jsqD.truncation!, p, { method: 'gth', maxStates: budget });
    const t = cut.evidence.truncation!;
    expect(cut.evidence.states).toBeLessThanOrEqual(budget);
    expect(t.K).toBe(full.K! - 1);
    expect(t.withinTolerance).toBe(false);
    expect(t.stopped).toBe(`the next K, ${full.K}, needs ${(budget + 1).toExponential(2)} states, more than the search's budget of 968`);
  });

  it('with N = 1 is an M/M/1/K queue', () => {
    const m = exactSolve(jsqD, jsqD.parse({ N: '1', lambda: '3/4', d: '1', K: '5' }));
    const q = queue(rat('3/4'), 5);
    expect(ratString(m.meanJobs)).toBe(ratString(q.meanJobs));
    expect(ratString(m.meanSojourn)).toBe(ratString(q.meanSojourn));
  });

  it('JSQ with N = 2, lambda = 1/2, K = 2 matches the hand-solved chain', () => {
    // Unordered queue pairs, arrivals at 2 lambda = 1 to the shorter queue (lost at (2,2)):
    // (0,0)->(1,0) 1; (1,0)->(1,1) 1, ->(0,0) 1; (1,1)->(2,1) 1, ->(1,0) 2;
    // (2,0)->(2,1) 1, ->(1,0) 1; (2,1)->(2,2) 1, ->(1,1) 1, ->(2,0) 1; (2,2)->(2,1) 2.
    // Balance gives pi = (7, 7, 3, 1, 2, 1)/21 in that order, so E[jobs] = 25/21,
    // E[busy] = 20/21, E[servers with 2] = 5/21, loss = pi(2,2) = 1/21.
    const p = jsqD.parse({ N: '2', lambda: '1/2', d: '2', K: '2' });
    const m = exactSolve(jsqD, p);
    expect(ratString(m.meanJobs)).toBe('25/42');
    expect(m.s.map(ratString)).toEqual(['10/21', '5/42']);
    expect(ratString(m.meanSojourn)).toBe('5/4'); // (25/21) / (1 * 20/21)
    expect(solveModel(jsqD, p, { method: 'exact' }).evidence.truncation!.boundaryMass).toBeCloseTo(4 / 21, 15);
  });

  it('sampling with replacement, N = 2, d = 2, lambda = 1/2, K = 2, matches the hand-solved chain', () => {
    // States (S1, S2); arrivals at 2 lambda = 1 join length i at rate (S_i/2)^2 - (S_{i+1}/2)^2:
    // (0,0)->(1,0) 1; (1,0)->(2,0) 3/4, ->(1,1) 1/4 (both samples hit the busy server), ->(0,0) 1;
    // (2,0)->(2,1) 1, ->(1,0) 2; (1,1)->(2,1) 3/4, ->(1,0) 1 (lost 1/4);
    // (2,1)->(2,2) 3/4, ->(1,1) 1, ->(2,0) 1 (lost 1/4); (2,2)->(2,1) 2 (lost 1).
    // Balance gives pi = (416, 416, 144, 128, 120, 45)/1269 in that order, so E[jobs] = 500/423,
    // E[busy] = 1162/1269 = the admitted rate, E[S2] = 338/1269, boundary {S2 > 0} = 293/1269.
    const p = jsqD.parse({ N: '2', lambda: '1/2', d: '2', K: '2', sampling: 'with' });
    const s = solveModel(jsqD, p, { method: 'exact' });
    const m = s.exact!.values as Record<string, Rational & Rational[]>;
    expect(s.evidence.states).toBe(6);
    expect(ratString(m.meanJobs)).toBe('250/423');
    expect(m.s.map(ratString)).toEqual(['581/1269', '169/1269']);
    expect(ratString(m.meanSojourn)).toBe('750/581'); // (500/423) / (1162/1269)
    expect(s.evidence.truncation!.boundaryMass).toBeCloseTo(293 / 1269, 15);
    // Without replacement d = N = 2 is JSQ (the case above): mean sojourn 5/4 < 750/581.
    expect(ratString(exactSolve(jsqD, { ...p, sampling: 'without' }).meanSojourn)).toBe('5/4');
  });

  it.each([
    ['3', '2/3', '4'],
    ['4', '7/10', '3'],
  ])('with d = 1 sampling with replacement is the same chain as without, exactly (N=%s lambda=%s K=%s)', (N, lambda, K) => {
    const without = solveModel(jsqD, jsqD.parse({ N, lambda, d: '1', K }), { method: 'exact' });
    const withReplacement = solveModel(jsqD, jsqD.parse({ N, lambda, d: '1', K, sampling: 'with' }), { method: 'exact' });
    expect(withReplacement.evidence.states).toBe(without.evidence.states);
    expect(withReplacement.exact!.text).toEqual(without.exact!.text);
    expect(Array.from(withReplacement.exact!.solution.numerators)).toEqual(Array.from(without.exact!.solution.numerators));
  });

  it('sampling with replacement allows d > N: N = 2, d = 3 by hand', () => {
    // As above with (S_i/2)^3: the arrival misses the shorter queue when all three samples hit the
    // longer one, 1/8. Balance gives pi = (1152, 1152, 448, 256, 336, 147)/3491.
    const m = exactSolve(jsqD, jsqD.parse({ N: '2', lambda: '1/2', d: '3', K: '2', sampling: 'with' }));
    expect(ratString(m.meanJobs)).toBe('2078/3491');
    expect(m.s.map(ratString)).toEqual(['1635/3491', '443/3491']);
    expect(ratString(m.meanSojourn)).toBe('2078/1635');
    expect(() => jsqD.parse({ N: '2', lambda: '1/2', d: '3', K: '2' })).toThrow(
      'd must be <= N (d distinct servers are sampled among N; --sampling with allows more), got d = 3 > N = 2',
    );
  });

  it.each([
    ['4', '2/3', '2', '3'],
    ['5', '1/2', '3', '3'],
  ])('busy fraction s_1 equals the admitted rate per server meanJobs / meanSojourn, exactly (N=%s lambda=%s d=%s K=%s)', (N, lambda, d, K) => {
    const m = exactSolve(jsqD, jsqD.parse({ N, lambda, d, K }));
    expect(ratString(m.s[0])).toBe(ratString(m.meanJobs.div(m.meanSojourn)));
  });

  it('mean-field sojourn: M/M/1 for d = 1, 1 + lambda^2 + lambda^6 + lambda^14 + ... for d = 2', () => {
    expect(meanFieldSojourn(0.6, 1)).toBeCloseTo(1 / 0.4, 12);
    expect(meanFieldSojourn(0.5, 2)).toBeCloseTo(1 + 0.5 ** 2 + 0.5 ** 6 + 0.5 ** 14 + 0.5 ** 30 + 0.5 ** 62, 15);
  });
});

describe('jiq-queueing', () => {
  it('with N = 1 is an M/M/1/K queue whose token follows the exchange chain while idle', () => {
    const lambda = rat('1/2');
    const nu = rat('2');
    const p = jiqQueueing.parse({ N: '1', lambda: '1/2', alpha: '1/2,1/3,1/6', beta: '1/10,3/10,3/5', nu: '2', K: '4' });
    const m = exactSolve(jiqQueueing, p);
    const q = queue(lambda, 4);
    expect(ratString(m.meanJobs)).toBe(ratString(q.meanJobs));
    expect(ratString(m.meanSojourn)).toBe(ratString(q.meanSojourn));
    // a job waits iff it finds the server busy: P(1 <= L < K) / P(L < K); it waits for the jobs it finds
    expect(ratString(m.waitProbability)).toBe(ratString(q.tail(1).sub(q.full).div(q.admitted)));
    expect(ratString(m.meanWait)).toBe(ratString(q.meanJobs.sub(q.full.mul(4)).div(q.admitted)));
    // An idle period lasts Exp(lambda); the token starts at beta and relaxes to uniform at rate nu:
    // time-average P(token at r | idle) = 1/R + (beta_r - 1/R) lambda / (lambda + nu).
    const third = new Fraction(1, 3);
    const expected = p.beta.map((b) => q.empty.mul(third.add(b.sub(third).mul(lambda).div(lambda.add(nu)))));
    expect(m.tokenFraction.map(ratString)).toEqual(expected.map(ratString));
  });

  it.each([
    [{ N: '3', lambda: '1/2', alpha: '3/5,2/5', K: '3', nu: '1/3' }],
    [{ N: '3', lambda: '2/3', alpha: '1/2,1/3,1/6', beta: '1/6,1/3,1/2', K: '2' }],
    [{ N: '4', lambda: '3/4', alpha: '4/5,1/5', K: '2' }],
  ])('Little (meanSojourn) equals PASTA (meanWait + 1) and busy fraction = admitted rate, exactly: %j', (raw) => {
    const m = exactSolve(jiqQueueing, jiqQueueing.parse(raw));
    expect(ratString(m.meanSojourn)).toBe(ratString(m.meanWait.add(1)));
    const busy = m.tokenFraction.reduce((a, x) => a.sub(x), new Fraction(1));
    expect(ratString(busy)).toBe(ratString(m.meanJobs.div(m.meanSojourn)));
  });

  it('fluid wait limit: THEORY closed form lambda (1 - R alpha_R)/(R(1 - lambda) + lambda) for basic JIQ', () => {
    const limit = (raw: Record<string, string>) => ratString(queueingWaitLimit(jiqQueueing.parse({ N: '1', ...raw })).waitProbability);
    const closed = (lambda: string, R: number, alphaR: string) => {
      const l = rat(lambda);
      return ratString(l.mul(rat(alphaR).mul(R).neg().add(1)).div(l.neg().add(1).mul(R).add(l)));
    };
    expect(limit({ lambda: '1/2', alpha: '4/5,1/5' })).toBe('1/5');
    expect(limit({ lambda: '9/10', alpha: '3/5,2/5' })).toBe(closed('9/10', 2, '2/5'));
    // R = 3 with tokens only at dispatcher 3: alpha_1, alpha_2 large enough
    expect(limit({ lambda: '1/2', alpha: '2/5,2/5,1/5' })).toBe(closed('1/2', 3, '1/5'));
  });

  it('fluid wait limit vanishes for beta = alpha, and with exchange exactly from nu_min = lambda (R alpha_1 - 1)/(1 - lambda)', () => {
    const wait = (raw: Record<string, string>) => queueingWaitLimit(jiqQueueing.parse({ N: '1', ...raw })).waitProbability;
    expect(wait({ lambda: '9/10', alpha: '1/2,3/10,1/5', beta: '1/2,3/10,1/5' }).equals(0)).toBe(true);
    // lambda = 1/2, alpha_1 = 3/5: nu_min = (1/2)(6/5 - 1)/(1/2) = 1/5
    expect(wait({ lambda: '1/2', alpha: '3/5,2/5', nu: '1/5' }).equals(0)).toBe(true);
    expect(wait({ lambda: '1/2', alpha: '3/5,2/5', nu: '19/100' }).compare(0)).toBe(1);
  });
});
