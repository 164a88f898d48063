/** A failed global balance equation at one state: the inflow terms q_ij pi(i)/pi(j), the outflow rates, both sums. */
import type { BalanceCounterexample } from '../../../src/check/counterexample.ts';

export function BalanceView({ id, data }: { id: string; data: BalanceCounterexample }) {
  const params = data.params !== null && typeof data.params === 'object' && !Array.isArray(data.params) ? Object.entries(data.params) : [];
  return (
    <section class="balance" data-testid="balance-view">
      <h2>{id}: global balance fails</h2>
      <p class="params-line">{params.map(([k, v]) => `${k} = ${Array.isArray(v) ? v.join(',') : String(v)}`).join(', ')}</p>
      <p>
        At state <code data-testid="balance-state">{data.state}</code>, divided by pi(j): inflow <b data-testid="balance-inflow">{data.inflowOverPi}</b> against
        outflow rate <b data-testid="balance-outflow">{data.outflowRate}</b>: they differ by <b class="bad">{data.difference}</b>.
      </p>
      <div class="columns">
        <table>
          <caption>inflow: sum over i of q_ij · pi(i)/pi(j)</caption>
          <thead>
            <tr>
              <th>from state i</th>
              <th>q_ij</th>
              <th>pi(i)/pi(j)</th>
              <th>term</th>
            </tr>
          </thead>
          <tbody>
            {data.inflow.map((t, k) => (
              <tr key={k}>
                <td>{t.from}</td>
                <td>{t.rate}</td>
                <td>{t.piRatio}</td>
                <td>{t.term}</td>
              </tr>
            ))}
            <tr class="total">
              <td colSpan={3}>sum</td>
              <td>{data.inflowOverPi}</td>
            </tr>
          </tbody>
        </table>
        <table>
          <caption>outflow: q_j = sum over k of q_jk</caption>
          <thead>
            <tr>
              <th>to state k</th>
              <th>q_jk</th>
            </tr>
          </thead>
          <tbody>
            {data.outflow.map((t, k) => (
              <tr key={k}>
                <td>{t.to}</td>
                <td>{t.rate}</td>
              </tr>
            ))}
            <tr class="total">
              <td>sum</td>
              <td>{data.outflowRate}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
