/** The explorer: routes (route.ts) to views; the engine answers from its worker (api.ts). */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { TraceCase, TraceCounterexample } from '../../src/check/trace-claim.ts';
import type { ClaimInfo, FamilyInfo, MethodInfo } from './engine.ts';
import { engine } from './api.ts';
import { formatRoute, parseRoute, type Route } from './route.ts';
import { ClaimRunView, ClaimsView, OpenView } from './views/claims.tsx';
import { Message } from './views/common.tsx';
import { ModelView } from './views/model.tsx';
import { RefutationView } from './views/refutation.tsx';
import { TraceView } from './views/trace.tsx';
import './style.css';

function TraceRouteView({ route, claims }: { route: Extract<Route, { view: 'trace' }>; claims: ClaimInfo[] }) {
  const claim = claims.find((c) => c.id === route.id);
  const [data, setData] = useState<{ ok: true; value: TraceCounterexample } | { ok: false; error: string } | null>(null);
  useEffect(() => {
    if (claim) void engine.replayTrace(route.id, route.case as TraceCase).then(setData);
  }, []);
  if (!claim)
    return (
      <Message>
        Unknown claim "{route.id}". The <a href="#/">claims page</a> lists the {claims.length} claims this page knows.
      </Message>
    );
  if (claim.kind !== 'trace')
    return (
      <Message>
        Claim "{route.id}" is not checked on coupled traces: open it at <a href={`#/claim/${route.id}`}>#/claim/{route.id}</a>.
      </Message>
    );
  if (!data) return <Message kind="info">replaying the trace…</Message>;
  if (!data.ok) return <Message>This URL's trace cannot be replayed: {data.error}</Message>;
  return <TraceView id={route.id} initial={data.value} editable={claim.editable} step={route.step} origin={route.origin} />;
}

function View({ route, claims, families, methods }: { route: Route; claims: ClaimInfo[]; families: FamilyInfo[]; methods: MethodInfo[] }) {
  switch (route.view) {
    case 'claims':
      return <ClaimsView claims={claims} />;
    case 'claim':
      return <ClaimRunView key={formatRoute(route)} route={route} claims={claims} />;
    case 'trace':
      return <TraceRouteView key={formatRoute(route)} route={route} claims={claims} />;
    case 'refutation':
      return <RefutationView key={formatRoute(route)} {...route} />;
    case 'model':
      return <ModelView key={formatRoute(route)} route={route} families={families} methods={methods} />;
    case 'open':
      return <OpenView />;
    case 'error':
      return (
        <Message>
          {route.message}. Start from the <a href="#/">claims page</a>.
        </Message>
      );
  }
}

function App() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  const [registry, setRegistry] = useState<{ claims: ClaimInfo[]; families: FamilyInfo[]; methods: MethodInfo[] } | { error: string } | null>(null);
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onHash);
    Promise.all([engine.listClaims(), engine.listFamilies(), engine.listMethods()])
      .then(([claims, families, methods]) => setRegistry({ claims, families, methods }))
      .catch((e: unknown) => setRegistry({ error: `the engine worker failed to start: ${e instanceof Error ? e.message : String(e)}` }));
    return () => removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    // The page is interactive once the engine has answered: the time since navigation start, for the tests.
    if (registry && !('error' in registry)) document.body.dataset.readyMs = performance.now().toFixed(0);
  }, [registry]);
  return (
    <>
      <header>
        <h1>
          <a href="#/">lbcheck explorer</a>
        </h1>
        <nav>
          <a href="#/">claims</a>
          <a href="#/model/jiq-blocking?N=10&lambda=9/10&alpha=3/5,2/5">model</a>
          <a href="#/open">open CLI output</a>
        </nav>
      </header>
      <main>
        {registry === null ? (
          <Message kind="info">starting the engine…</Message>
        ) : 'error' in registry ? (
          <Message>{registry.error}</Message>
        ) : (
          <View route={route} claims={registry.claims} families={registry.families} methods={registry.methods} />
        )}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
