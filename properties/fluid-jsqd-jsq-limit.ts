/**
 * [P2]: as d -> infinity the fluid limit of JSQ(d) becomes JSQ's, whose fixed
 * point is s_1 = lambda, s_i = 0 for i >= 2 (every job finds an idle server, mean
 * sojourn 1). For d = 2, 4, ..., 64 the JSQ(d) ODE is run until it settles; its
 * distance to JSQ's fixed point must be s_2 = lambda^{d+1} (the closed form, which
 * shrinks to 0 as d grows) and its mean sojourn the closed form
 * sum_i lambda^{(d^i - d)/(d - 1)}, which decreases to 1 (within 1e-8 each).
 */
import { distance, forCases, Fraction, metricsOf, settle } from 'lbcheck';
import { jsqD, meanFieldParams, meanFieldSojourn } from 'lbcheck/models';

const DS = [2, 4, 8, 16, 32, 64];
const LAMBDAS = [new Fraction(1, 2), new Fraction(9, 10)];
const TOLERANCE = 1e-8;

const view = jsqD.fluid!;

export const fluidJsqdJsqLimit = forCases({
  id: 'fluid-jsqd-jsq-limit',
  claim:
    'JSQ(d) fluid, lambda in {1/2, 9/10}, d = 2..64: the settled ODE state is at distance lambda^{d+1} -> 0 ' +
    "from JSQ's fixed point (s_1 = lambda, s_i = 0 for i >= 2), and its mean sojourn is sum_i lambda^{(d^i-d)/(d-1)} -> 1",
  source: 'P2 Thm. (d(N) -> infinity: fluid limit of JSQ); docs/THEORY.md §4',
  method: 'adaptive ODE (dopri5) for d = 2..64 vs JSQ fixed point',
  expected: 'holds',
  cases: LAMBDAS,
  label: (lambda) => `lambda = ${lambda.toFraction()}`,
  check(lambda, ctx) {
    const l = lambda.valueOf();
    const distances: number[] = [];
    const sojourns: number[] = [];
    let ok = true;
    for (const d of DS) {
      ctx.progress(`lambda = ${l}, d = ${d}`);
      const p = meanFieldParams(lambda, d);
      const s = settle(view.system(p), view.start(p)).final;
      const jsq = new Float64Array(s.length);
      jsq[0] = l;
      const dist = distance(s, jsq);
      const sojourn = metricsOf(jsqD, view.metrics(p, s)).meanSojourn;
      ok &&= Math.abs(dist - l ** (d + 1)) <= TOLERANCE && Math.abs(sojourn - meanFieldSojourn(l, d)) <= TOLERANCE;
      distances.push(dist);
      sojourns.push(sojourn);
    }
    const record = {
      lambda: l,
      d: DS,
      distanceToJsq: distances.map((x) => Number(x.toPrecision(6))),
      meanSojourn: sojourns.map((x) => Number(x.toPrecision(8))),
    };
    return { ok, record };
  },
  summary: {
    holds: "the JSQ(d) fluid fixed point approaches JSQ's as lambda^{d+1}",
    refuted: (n) => `at ${n} of ${LAMBDAS.length} loads the JSQ(d) fluid does not approach JSQ's at the closed-form rate`,
  },
  evidence: (cases) => ({ tolerance: TOLERANCE, cases }),
});
