/**
 * THEORY section 2 at N = 1000, R = 2 (501,501 states), far beyond any exact
 * solve: the product form is certified to satisfy pi Q = 0 exactly, state by
 * state, in rationals, without solving.
 */
import { certify, defineClaim, exactArith, ratString } from 'lbcheck';
import { jiqBlocking } from 'lbcheck/models';

const RAW = { N: '1000', lambda: '9/10', alpha: '3/5,2/5', beta: '7/10,3/10' };

export const productFormCertificate = defineClaim({
  id: 'product-form-certificate',
  claim:
    'JIQ blocking, N = 1000, R = 2, lambda = 9/10, alpha = (3/5, 2/5), beta = (7/10, 3/10), nu = 0: ' +
    'the product form satisfies global balance exactly in every state',
  source: 'P1 Sec. III',
  method: 'exact certificate (pi Q = 0 in rationals)',
  expected: 'exact',
  run: (ctx) => {
    ctx.progress('certifying 501,501 states');
    const p = jiqBlocking.parse(RAW);
    const r = certify(jiqBlocking.ctmc(p, exactArith), jiqBlocking.productForm!.law(p));
    const evidence = { N: p.N, lambda: ratString(p.lambda), states: r.states, transitions: r.transitions, seconds: Number(r.seconds.toFixed(2)) };
    return r.holds
      ? { verdict: 'exact', summary: `global balance holds exactly at all ${r.states} states`, evidence }
      : { verdict: 'refuted', summary: `global balance fails at ${r.counterexample!.state}`, evidence, counterexample: r.counterexample! };
  },
});
