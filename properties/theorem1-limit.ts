/**
 * Theorem 1 [P1]: lim_{N->inf} B(N) = max{1 - R alpha_R, 1 - 1/lambda}, and its
 * Enhancement-1 form max{1 - min_r alpha_r/beta_r, 1 - 1/lambda} (derived).
 * B(N) comes from the log-scaled product form for N = 10^2 .. 10^5. The error
 * e(N) = |B(N) - limit| must vanish at the rate theory allows: O(1/N) off the
 * critical curve, O(1/sqrt N) on it. Checked as: (a) the scaled error e(N) N^r
 * never exceeds twice its value at N = 100 (a wrong limit makes it grow like N^r),
 * and (b) the observed order between 10^4 and 10^5 is at least r - 0.1 (or the
 * error is already below 1e-12).
 */
import { type CaseOutcome, forCases, ratString, ratToNumber } from 'lbcheck';
import { jiqBlocking, limitingBlocking, productFormBlocking } from 'lbcheck/models';

const SIZES = [100, 1000, 10_000, 100_000];

const CASES: Record<string, string>[] = [
  { lambda: '9/10', alpha: '3/5,2/5' }, // token-limited: limit 1/5
  { lambda: '3/2', alpha: '3/5,2/5' }, // capacity-limited: limit 1/3
  { lambda: '5/4', alpha: '3/5,2/5' }, // on the critical curve R alpha_R lambda = 1
  { lambda: '9/10', alpha: '1/2,3/10,1/5' }, // R = 3, token-limited: limit 2/5
  { lambda: '9/10', alpha: '3/5,2/5', beta: '7/10,3/10' }, // Enhancement 1: limit 1 - 6/7
  { lambda: '4/5', alpha: '1/2,3/10,1/5', beta: '1/2,3/10,1/5' }, // beta = alpha, lambda < 1: limit 0
];

function checkCase(raw: Record<string, string>): CaseOutcome {
  const params = SIZES.map((N) => jiqBlocking.parse({ ...raw, N: String(N) }));
  const { value, critical } = limitingBlocking(params[0]);
  const limit = ratToNumber(value);
  const rate = critical ? 0.5 : 1;
  const errors = params.map((p) => Math.abs(productFormBlocking(p) - limit));
  const scaled = errors.map((e, i) => e * SIZES[i] ** rate);
  const bounded = scaled.every((s) => s <= 2 * scaled[0] + 1e-12);
  const last = errors.length - 1;
  const order = Math.log10(errors[last - 1] / errors[last]);
  const fastEnough = errors[last] <= 1e-12 || order >= rate - 0.1;
  return {
    ok: bounded && fastEnough,
    record: {
      ...raw,
      limit: ratString(value),
      critical,
      rate: critical ? '1/sqrt(N)' : '1/N',
      errors: errors.map((e) => Number(e.toPrecision(3))),
      observedOrder: Number.isFinite(order) ? Number(order.toFixed(3)) : null,
    },
  };
}

export const theorem1Limit = forCases({
  id: 'theorem1-limit',
  claim:
    'JIQ blocking: B(N) -> max{1 - min_r alpha_r/beta_r, 1 - 1/lambda} ' +
    '(Theorem 1; beta = 1/R gives 1 - R alpha_R), at rate 1/N off the critical curve and 1/sqrt(N) on it',
  source: 'P1 Thm. 1, Sec. IV',
  method: 'log-scaled product form, N = 1e2..1e5',
  expected: 'holds',
  cases: CASES,
  check: checkCase,
  summary: {
    holds: `${CASES.length} parameter points converge to the limit at the stated rate`,
    refuted: (n) => `${n} parameter points do not converge to the limit at the stated rate`,
  },
  evidence: (cases) => ({ sizes: SIZES, cases }),
});
