/** The claims (built in and from --file) with statement, source and last verdict; a claim run in the page; pasted CLI output. */
import { useEffect, useState } from 'preact/hooks';
import { z } from 'zod';
import type { SmtRefutation } from '../../../src/check/counterexample.ts';
import { shownCounterexample } from '../../../src/check/result.ts';
import type { ClaimInfo, ClaimRun } from '../engine.ts';
import { engine, progressProxy } from '../api.ts';
import { fileFlag } from '../command-line.ts';
import { formatRoute, go, type Route } from '../route.ts';
import { BalanceView } from './balance.tsx';
import { Command, Message, Verdict } from './common.tsx';
import { TraceView } from './trace.tsx';

const LAST = 'lbcheck:last-verdict:';

function lastVerdict(id: string): { verdict: string; at: string } | null {
  try {
    return JSON.parse(localStorage.getItem(LAST + id) ?? 'null') as { verdict: string; at: string } | null;
  } catch {
    return null;
  }
}

export function ClaimsView({ claims }: { claims: ClaimInfo[] }) {
  return (
    <section data-testid="claims-view">
      <h2>Claims</h2>
      <p>
        {claims.length} claims. Open one to run it here, in this page, with the same modules as <code>lbcheck check</code>.
      </p>
      <table class="claims">
        <thead>
          <tr>
            <th>id</th>
            <th>claim</th>
            <th>source</th>
            <th>method</th>
            <th>expected</th>
            <th>last verdict here</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((c) => {
            const last = lastVerdict(c.id);
            return (
              <tr key={c.id} data-claim={c.id}>
                <td>
                  <a href={`#/claim/${encodeURIComponent(c.id)}`}>{c.id}</a>
                  {c.origin !== 'built-in' ? <div class="origin">{c.origin}</div> : null}
                </td>
                <td class="statement">{c.claim}</td>
                <td>{c.source}</td>
                <td>
                  {c.method}
                  {c.kind === 'z3' ? <div class="origin">Z3: decided by the CLI</div> : null}
                </td>
                <td>{c.expected}</td>
                <td>
                  {last ? (
                    <>
                      <Verdict verdict={last.verdict} /> <span class="origin">{last.at}</span>
                    </>
                  ) : (
                    '–'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Command text="lbcheck check --list" />
    </section>
  );
}

function SmtHint({ claim }: { claim: ClaimInfo }) {
  return (
    <Message kind="info">
      Z3 does not run in this page. Decide it with{' '}
      <code>
        lbcheck prove {claim.smt!.id} --size {Math.min(3, claim.smt!.max)} --json
      </code>{' '}
      and paste the output on the <a href="#/open">open page</a>: the refutation opens here, evaluated exactly.
    </Message>
  );
}

export function ClaimRunView({ route, claims }: { route: Extract<Route, { view: 'claim' }>; claims: ClaimInfo[] }) {
  const claim = claims.find((c) => c.id === route.id);
  const [progress, setProgress] = useState('');
  const [run, setRun] = useState<{ ok: true; value: ClaimRun } | { ok: false; error: string } | null>(null);

  useEffect(() => {
    if (!claim) return;
    let live = true;
    setRun(null);
    void engine
      .runClaim(
        route.id,
        route.seed,
        route.path,
        progressProxy((w) => live && setProgress(w)),
      )
      .then((r) => {
        if (!live) return;
        setRun(r);
        if (r.ok)
          localStorage.setItem(LAST + route.id, JSON.stringify({ verdict: r.value.verdict, at: new Date().toISOString().slice(0, 16).replace('T', ' ') }));
      });
    return () => {
      live = false;
    };
  }, [route.id, route.seed, route.path]);

  if (!claim)
    return (
      <Message>
        Unknown claim "{route.id}". The <a href="#/">claims page</a> lists the {claims.length} claims this page knows.
      </Message>
    );
  const file = fileFlag(claim.origin)
    .map((f) => ` ${f}`)
    .join('');
  const command = `lbcheck check ${claim.id}${file} --seed ${route.seed}${route.path ? ` --path ${route.path}` : ''} --json`;
  const cx = run?.ok ? shownCounterexample(run.value) : null;
  return (
    <section class="claim" data-testid="claim-view">
      <h2>{claim.id}</h2>
      <p class="statement">{claim.claim}</p>
      <p>
        source: {claim.source} · method: {claim.method} · expected: {claim.expected}
      </p>
      {claim.kind === 'z3' && !crossOriginIsolated ? <SmtHint claim={claim} /> : null}
      {!run ? (
        <Message kind="info">
          running in the page{claim.kind === 'z3' ? ' (Z3 in WebAssembly: its start takes a few seconds)' : ''}… {progress}
        </Message>
      ) : null}
      {run && !run.ok ? <Message>{run.error}</Message> : null}
      {run?.ok ? (
        <div class="result" data-testid="result">
          <p>
            <Verdict verdict={run.value.verdict} expected={run.value.expected} /> {run.value.summary}{' '}
            <span class="origin">({run.value.seconds.toFixed(2)} s in the page)</span>
          </p>
          <details>
            <summary>evidence</summary>
            <pre>{JSON.stringify(run.value.evidence, null, 2)}</pre>
          </details>
        </div>
      ) : null}
      {run?.ok && cx?.kind === 'coupling-trace' ? (
        <TraceView
          id={claim.id}
          initial={cx}
          editable={claim.editable}
          step={route.step}
          origin={{ seed: run.value.seed ?? route.seed, ...(run.value.path ? { path: run.value.path } : {}) }}
        />
      ) : null}
      {cx?.kind === 'smt-refutation' ? <SmtParts cx={cx} /> : null}
      {cx?.kind === 'balance' ? <BalanceView id={claim.id} data={cx} /> : null}
      {cx && cx.kind !== 'coupling-trace' && cx.kind !== 'balance' && cx.kind !== 'smt-refutation' ? (
        <details open>
          <summary>counterexample</summary>
          <pre>{JSON.stringify(cx, null, 2)}</pre>
        </details>
      ) : null}
      {cx?.kind === 'coupling-trace' ? null : (
        <Command text={run?.ok && run.value.path ? `lbcheck check ${claim.id}${file} --seed ${run.value.seed} --path ${run.value.path} --json` : command} />
      )}
    </section>
  );
}

/** The refuted parts of a Z3 claim decided in the page, each opening its refutation view. */
function SmtParts({ cx }: { cx: SmtRefutation }) {
  return (
    <div data-testid="smt-parts">
      <p>
        Z3 refuted {cx.parts.length} part(s) at size {cx.size}; each model, checked exactly:
      </p>
      <ul>
        {cx.parts.map((p) => (
          <li key={p.part}>
            <a
              data-testid="open-refutation"
              href={formatRoute({ view: 'refutation', claim: cx.claim, size: cx.size, part: p.index, model: p.counterexample ?? {} })}
            >
              part {p.index}: {p.part}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the open view reads of `check --json` and of `prove --json` (the rest of each document is left alone). */
const CheckOutput = z.object({ results: z.array(z.object({ id: z.string(), seed: z.number(), path: z.string().nullable(), counterexample: z.unknown() })) });
const ProveOutput = z.object({
  claim: z.string(),
  size: z.number(),
  verdict: z.string(),
  parts: z.array(z.object({ verdict: z.string(), counterexample: z.record(z.string(), z.string()).nullable() })),
});

/** Pasted `check --json` or `prove --json` output, opened in the view that reproduces it. */
export function OpenView() {
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const open = (text: string) => {
    try {
      const j: unknown = JSON.parse(text);
      const check = CheckOutput.safeParse(j);
      if (check.success) {
        const results = check.data.results;
        const r = results.find((x) => x.counterexample) ?? results[0];
        if (!r) throw new Error('the results are empty');
        return go({ view: 'claim', id: r.id, seed: r.seed, ...(r.path ? { path: r.path } : {}) });
      }
      const prove = ProveOutput.safeParse(j);
      if (prove.success) {
        const { claim, size, verdict, parts } = prove.data;
        const i = parts.findIndex((p) => p.verdict === 'refuted' && p.counterexample);
        const model = parts[i]?.counterexample;
        if (!model) throw new Error(`nothing refuted in this prove output (verdict ${verdict})`);
        return go({ view: 'refutation', claim, size, part: i + 1, model });
      }
      throw new Error('not the output of `lbcheck check --json` or `lbcheck prove --json`');
    } catch (e) {
      setError(e instanceof SyntaxError ? `not JSON: ${e.message}` : e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section data-testid="open-view">
      <h2>Open a counterexample from the command line</h2>
      <p>
        Paste the output of <code>lbcheck check &lt;id&gt; --json</code> or <code>lbcheck prove &lt;claim&gt; --json</code>.
      </p>
      <textarea rows={12} cols={100} data-testid="paste" value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
      <p>
        <button type="button" data-testid="open" disabled={text.trim() === ''} onClick={() => open(text)}>
          open
        </button>
      </p>
      {error ? <Message>{error}</Message> : null}
    </section>
  );
}
