/** fast-check generators of jiq-blocking parameters, exact rationals throughout. */
import fc from 'fast-check';
import { type EvidenceValue, Fraction, ratString } from 'lbcheck';
import { type JiqBlockingParams, uniform } from 'lbcheck/models';

export interface JiqRanges {
  R: [number, number];
  N: [number, number];
  /** lambda = k/100 with k in this range (default 10..300: 0.1 to 3). */
  lambdaPercent?: [number, number];
  /** Token exchange: 'none' (nu = 0, the default), 'some' (nu = 0 or k/4), 'always' (nu = k/4), k in 1..8. */
  exchange?: 'none' | 'some' | 'always';
}

/** R positive integer weights, normalised to a distribution. */
function distribution(R: number): fc.Arbitrary<Fraction[]> {
  return fc.array(fc.integer({ min: 1, max: 9 }), { minLength: R, maxLength: R }).map((w) => {
    const total = w.reduce((a, b) => a + b, 0);
    return w.map((x) => new Fraction(x, total));
  });
}

function exchangeRate(mode: 'none' | 'some' | 'always'): fc.Arbitrary<Fraction> {
  const positive = fc.integer({ min: 1, max: 8 }).map((k) => new Fraction(k, 4));
  const zero = fc.constant(new Fraction(0));
  return mode === 'none' ? zero : mode === 'always' ? positive : fc.oneof(zero, positive);
}

export function jiqBlockingParams(r: JiqRanges): fc.Arbitrary<JiqBlockingParams> {
  const [lo, hi] = r.lambdaPercent ?? [10, 300];
  return fc.integer({ min: r.R[0], max: r.R[1] }).chain((R) =>
    fc.record({
      N: fc.integer({ min: r.N[0], max: r.N[1] }),
      lambda: fc.integer({ min: lo, max: hi }).map((k) => new Fraction(k, 100)),
      alpha: distribution(R),
      beta: fc.option(distribution(R), { nil: undefined }).map((b) => b ?? uniform(R)),
      nu: exchangeRate(r.exchange ?? 'none'),
    }),
  );
}

export function describeJiq(p: JiqBlockingParams): EvidenceValue {
  return { N: p.N, lambda: ratString(p.lambda), alpha: p.alpha.map(ratString), beta: p.beta.map(ratString), nu: ratString(p.nu) };
}

/** The parameters as the command line spells them (--N 1 --lambda 1/10 --alpha 1/2,1/2 ...). */
export function jiqParamText(p: JiqBlockingParams): Record<string, string> {
  return { N: String(p.N), lambda: ratString(p.lambda), alpha: p.alpha.map(ratString).join(','), beta: p.beta.map(ratString).join(','), nu: ratString(p.nu) };
}
