/**
 * The model page: a family and its parameters (the CLI's rules, one line next
 * to the field), a stationary solve in the worker with progress (exact for
 * small chains, float beyond, as `solve --method auto` picks), the metrics, the
 * stationary marginals plotted, and the fluid trajectories.
 */
import { useEffect, useState } from 'preact/hooks';
import type { FamilyInfo, FluidReport, MethodInfo, SolveReport } from '../engine.ts';
import { engine, progressProxy } from '../api.ts';
import { fileFlag } from '../command-line.ts';
import { go, type Route } from '../route.ts';
import { Plot } from '../plot.tsx';
import { Command, Field, Message } from './common.tsx';

type ModelRoute = Extract<Route, { view: 'model' }>;

/** Which field a CLI message is about: "--lambda must ...", "alpha must sum ...". */
function fieldOf(message: string, names: readonly string[]): string | null {
  const m = message.match(/^(?:--)?([A-Za-z0-9]+)/);
  return m && names.includes(m[1]) ? m[1] : null;
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toPrecision(12).replace(/\.?0+$/, '');
}

export function ModelView({ route: initial, families, methods }: { route: ModelRoute; families: FamilyInfo[]; methods: MethodInfo[] }) {
  const [route, setRoute] = useState(initial);
  const family = families.find((f) => f.id === (route.family ?? 'jiq-blocking'));
  const [progress, setProgress] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: true; value: SolveReport; ms: number } | { ok: false; error: string } | null>(null);
  const [fluid, setFluid] = useState<{ ok: true; value: FluidReport } | { ok: false; error: string } | null>(null);
  const [roundTrip, setRoundTrip] = useState<number | null>(null);

  const names = family?.params.map((p) => p.name) ?? [];
  const solve = async () => {
    if (!family) return;
    setResult(null);
    setProgress('starting');
    const t0 = performance.now();
    const r = await engine.solve(
      family.id,
      route.params,
      route.method,
      progressProxy((w) => setProgress(w)),
    );
    setRoundTrip(performance.now() - t0);
    setProgress(null);
    setResult(r);
  };
  const runFluid = async () => {
    if (!family) return;
    setFluid(await engine.fluid(family.id, route.params, route.t));
  };
  useEffect(() => {
    if (route.solve) void solve();
    if (route.fluid) void runFluid();
  }, []);

  if (!family)
    return (
      <Message>
        Unknown model family "{route.family}" (known: {families.map((f) => f.id).join(', ')}).
      </Message>
    );
  const set = (patch: Partial<ModelRoute>) => {
    const next = { ...route, solve: false, fluid: false, ...patch };
    setRoute(next);
    go(next, false);
  };
  const error = result && !result.ok ? result.error : null;
  const errorField = error ? fieldOf(error, names) : null;
  const file = fileFlag(family.origin)
    .map((f) => `${f} `)
    .join('');
  const fluidCommand = `lbcheck fluid ${family.id} ${file}${Object.entries(route.params)
    .filter(([k, v]) => v && !family.fluidIgnores.includes(k))
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ')} --t ${route.t} --json`;
  const command = `lbcheck solve ${family.id} ${file}${Object.entries(route.params)
    .filter(([, v]) => v)
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ')}${route.method !== 'auto' ? ` --method ${route.method}` : ''} --json`;
  return (
    <section class="model" data-testid="model-view">
      <h2>Model</h2>
      <p>
        family:{' '}
        <select
          value={family.id}
          data-testid="family"
          onChange={(e) =>
            go({ view: 'model', family: (e.target as HTMLSelectElement).value, params: {}, method: 'auto', solve: false, fluid: false, t: route.t })
          }
        >
          {families.map((f) => (
            <option key={f.id} value={f.id}>
              {f.id}: {f.title}
            </option>
          ))}
        </select>
      </p>
      <div class="params">
        {family.params.map((p) => (
          <Field
            key={p.name}
            name={p.name}
            value={route.params[p.name] ?? ''}
            help={`${p.help}${p.defaultText ? ` (default ${p.defaultText})` : ''}${p.optional || p.defaultText ? '' : ' [required]'}`}
            error={errorField === p.name ? error : null}
            onInput={(v) => set({ params: { ...route.params, [p.name]: v } })}
          />
        ))}
        <label class="field">
          <span class="name">method</span>
          <select value={route.method} data-testid="method" onChange={(e) => set({ method: (e.target as HTMLSelectElement).value })}>
            {methods.map((m) => (
              <option key={m.name} value={m.name} title={m.description}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p>
        <button
          type="button"
          data-testid="solve"
          onClick={() => {
            go({ ...route, solve: true }, false);
            void solve();
          }}
        >
          solve (in a worker)
        </button>{' '}
        {family.fluid ? (
          <button
            type="button"
            data-testid="fluid"
            onClick={() => {
              go({ ...route, fluid: true }, false);
              void runFluid();
            }}
          >
            fluid trajectories to t = {route.t}
          </button>
        ) : null}
      </p>
      {progress !== null ? (
        <Message kind="info">
          <span data-testid="progress">solving… {progress}</span>
        </Message>
      ) : null}
      {error && !errorField ? <Message>{error}</Message> : null}
      {result?.ok ? <SolveResult r={result.value} roundTrip={roundTrip} /> : null}
      {fluid && !fluid.ok ? <Message>{fluid.error}</Message> : null}
      {fluid?.ok ? <FluidResult f={fluid.value} /> : null}
      <Command text={command} />
      {fluid?.ok ? <Command text={fluidCommand} /> : null}
    </section>
  );
}

function SolveResult({ r, roundTrip }: { r: SolveReport; roundTrip: number | null }) {
  const rows = Object.entries(r.metrics).flatMap(([k, v]) =>
    Array.isArray(v)
      ? v.map((x, i) => [`${k}[${i + 1}]`, x, r.exact ? (r.exact[k] as string[])[i] : undefined] as const)
      : [[k, v, r.exact ? (r.exact[k] as string) : undefined] as const],
  );
  const longest = Math.max(...r.marginals.map((m) => m.values.length));
  const x = Array.from({ length: longest }, (_, i) => i);
  const residual = r.method === 'exact' ? '0 (exact)' : r.residual.toExponential(2);
  return (
    <div class="solve-result" data-testid="solve-result" data-seconds={r.seconds} data-roundtrip-ms={roundTrip?.toFixed(1) ?? ''}>
      <p data-testid="evidence">
        method <b>{r.method}</b>: {r.states} states, {r.transitions} transitions, residual {residual}, {r.iterations} iterations, {r.seconds.toFixed(3)} s in
        the worker{roundTrip !== null ? ` (${roundTrip.toFixed(0)} ms round trip)` : ''}
        {r.truncation ? `, truncated at K = ${r.truncation.K} (boundary mass ${r.truncation.boundaryMass.toExponential(2)})` : ''}
        {r.trusted ? '' : ' — NOT TRUSTED: see the evidence'}
      </p>
      <table class="metrics">
        <thead>
          <tr>
            <th>metric</th>
            <th>value</th>
            {r.exact ? <th>exact</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map(([k, v, e]) => (
            <tr key={k} data-metric={k}>
              <td>{k}</td>
              <td data-testid={`metric-${k}`} data-value={String(v)}>
                {fmt(v)}
              </td>
              {r.exact ? <td class="exact">{e && e.length > 60 ? `${e.slice(0, 57)}…` : e}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <Plot
        title="stationary marginals P(coordinate = v)"
        xLabel="v"
        x={x}
        series={r.marginals.map((m) => ({ label: m.name, values: x.map((v) => m.values[v] ?? null) }))}
        testid="marginals-plot"
      />
    </div>
  );
}

function FluidResult({ f }: { f: FluidReport }) {
  const series = [
    ...f.names.map((n, i) => ({ label: n, values: f.series[i] })),
    ...f.names.flatMap((n, i) => (f.fixedPoint[i] === null ? [] : [{ label: `${n}*`, values: f.times.map(() => f.fixedPoint[i]), dash: true }])),
  ];
  return (
    <div class="fluid-result" data-testid="fluid-result">
      <p>
        fixed point ({f.fixedPointMethod}): {f.names.map((n, i) => `${n} = ${f.fixedPoint[i] === null ? 'open' : fmt(f.fixedPoint[i]!)}`).join(', ')}; final
        drift {f.finalDrift.toExponential(2)}
        {f.completed ? '' : ' (the ODE run hit its step limit)'}
      </p>
      <Plot title="fluid trajectories (dashed: fixed point)" xLabel="t" x={f.times} series={series} testid="fluid-plot" />
    </div>
  );
}
