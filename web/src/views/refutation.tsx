/**
 * A Z3 refutation: the model (editable, exact "p/q"), every hypothesis of the
 * part checked at it, and the conclusion with both sides of each comparison
 * evaluated exactly in the worker (no Z3 in the page: the model comes from
 * `lbcheck prove --json`).
 */
import { useEffect, useState } from 'preact/hooks';
import type { EvaluatedProp } from '../../../src/smt/evaluate.ts';
import type { RefutationView as Data } from '../engine.ts';
import { engine } from '../api.ts';
import { go } from '../route.ts';
import { Command, Field, Message } from './common.tsx';

function Conclusion({ e }: { e: EvaluatedProp }) {
  if (e.kind === 'comparison') {
    return (
      <div class={`comparison ${e.holds ? 'holds' : 'fails'}`} data-testid="comparison">
        <div>
          {e.holds ? '✓' : '✗'}{' '}
          <code>
            {e.left.expression} {e.relation} {e.right.expression}
          </code>
        </div>
        <div class="side">
          left <code>{e.left.expression}</code> = <b data-testid="left-value">{e.left.value}</b>
        </div>
        <div class="side">
          right <code>{e.right.expression}</code> = <b data-testid="right-value">{e.right.value}</b>
        </div>
      </div>
    );
  }
  if (e.kind === 'constant') return <div>{String(e.holds)}</div>;
  return (
    <div class={`connective ${e.holds ? 'holds' : 'fails'}`}>
      <div>
        {e.holds ? '✓' : '✗'} {e.kind}
      </div>
      <div class="parts">
        {e.parts.map((p, i) => (
          <Conclusion key={i} e={p} />
        ))}
      </div>
    </div>
  );
}

export function RefutationView(r: { claim: string; size: number; part: number; model: Record<string, string> }) {
  const [model, setModel] = useState(r.model);
  const [view, setView] = useState<Data | null>(null);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    void engine.evaluateRefutation(r.claim, r.size, r.part, model).then((o) => {
      if (!live) return;
      if (o.ok) {
        setView(o.value);
        setError(null);
      } else setError({ field: Object.keys(model).find((k) => o.error.startsWith(k)) ?? '', message: o.error });
    });
    return () => {
      live = false;
    };
  }, [r.claim, r.size, r.part, model]);

  const edit = (k: string, v: string) => {
    const next = { ...model, [k]: v };
    setModel(next);
    go({ view: 'refutation', claim: r.claim, size: r.size, part: r.part, model: next }, false);
  };

  return (
    <section class="refutation" data-testid="refutation-view">
      <h2>
        {r.claim}: Z3 refutation, size {r.size}
      </h2>
      {view ? (
        <>
          <p class="statement">{view.statement}</p>
          <p>
            part:{' '}
            <select
              value={r.part}
              onChange={(e) => go({ view: 'refutation', claim: r.claim, size: r.size, part: Number((e.target as HTMLSelectElement).value), model })}
            >
              {view.parts.map((p, i) => (
                <option key={i} value={i + 1}>
                  {i + 1}. {p}
                </option>
              ))}
            </select>
          </p>
          <p class={`trace-verdict ${view.refutes ? 'fails' : 'holds'}`} data-testid="refutation-verdict">
            {view.refutes
              ? 'every hypothesis holds and the conclusion fails: a refutation, checked exactly'
              : view.hypotheses.every((h) => h.holds)
                ? 'the conclusion holds at this point'
                : 'some hypothesis fails at this point: not a counterexample'}
          </p>
          <h3>the conclusion at this point</h3>
          <Conclusion e={view.conclusion} />
        </>
      ) : null}
      {error && !error.field ? <Message>{error.message}</Message> : null}
      <h3>the model</h3>
      <div class="params">
        {Object.entries(model).map(([k, v]) => (
          <Field key={k} name={k} value={v} error={error?.field === k ? error.message : null} onInput={(x) => edit(k, x)} />
        ))}
      </div>
      {view ? (
        <details>
          <summary>
            hypotheses ({view.hypotheses.filter((h) => h.holds).length} of {view.hypotheses.length} hold)
          </summary>
          <ul class="hypotheses">
            {view.hypotheses.map((h, i) => (
              <li key={i} class={h.holds ? 'holds' : 'fails'}>
                {h.holds ? '✓' : '✗'} <code>{h.text}</code>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <Command text={`lbcheck prove ${r.claim} --size ${r.size} --json`} />
    </section>
  );
}
