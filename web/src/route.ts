/**
 * Every view has a URL (the hash, so a static copy works anywhere):
 *   #/                                   the claims
 *   #/claim/<id>?seed=S&path=P&step=k    a claim run in the page, its counterexample at step k
 *   #/trace/<id>?case=<json>&step=k      an edited coupled trace
 *   #/refutation/<claim>?size=n&part=i&model=<json>   a Z3 refutation, evaluated exactly
 *   #/model/<family>?<param>=<text>&method=m&solve=1&fluid=1&t=T   the model page
 *   #/open                               paste `--json` output of the CLI
 */
export type Route =
  | { view: 'claims' }
  | { view: 'claim'; id: string; seed: number; path?: string; step?: number }
  | { view: 'trace'; id: string; case: unknown; step?: number; origin?: { seed: number; path?: string } }
  | { view: 'refutation'; claim: string; size: number; part: number; model: Record<string, string> }
  | { view: 'model'; family?: string; params: Record<string, string>; method: string; solve: boolean; fluid: boolean; t: number }
  | { view: 'open' }
  | { view: 'error'; message: string };

export const DEFAULT_SEED = 42;

function intOf(q: URLSearchParams, key: string, fallback?: number): number | undefined {
  const v = q.get(key);
  if (v === null) return fallback;
  if (!/^-?\d+$/.test(v)) throw new Error(`${key} must be an integer, got "${v}"`);
  return Number(v);
}

function jsonOf(q: URLSearchParams, key: string): unknown {
  const v = q.get(key);
  if (v === null) throw new Error(`the URL has no ${key}`);
  try {
    return JSON.parse(v);
  } catch {
    throw new Error(`${key} in the URL is not JSON`);
  }
}

export function parseRoute(hash: string): Route {
  try {
    const text = hash.replace(/^#/, '') || '/';
    const [pathPart, query = ''] = text.split('?', 2);
    const segments = pathPart
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
    const q = new URLSearchParams(query);
    const [view, id] = segments;
    if (!view || view === 'claims') return { view: 'claims' };
    if (view === 'open') return { view: 'open' };
    if (!['claim', 'trace', 'refutation', 'model'].includes(view)) throw new Error(`no page "${view}" (pages: claims, claim, trace, refutation, model, open)`);
    if (!id && view !== 'model') throw new Error(`the URL names no ${view}`);
    switch (view) {
      case 'claim':
        return { view, id, seed: intOf(q, 'seed', DEFAULT_SEED)!, ...(q.get('path') ? { path: q.get('path')! } : {}), step: intOf(q, 'step') };
      case 'trace': {
        const seed = intOf(q, 'seed');
        return {
          view,
          id,
          case: jsonOf(q, 'case'),
          step: intOf(q, 'step'),
          ...(seed !== undefined ? { origin: { seed, ...(q.get('path') ? { path: q.get('path')! } : {}) } } : {}),
        };
      }
      case 'refutation': {
        const model = jsonOf(q, 'model');
        if (typeof model !== 'object' || model === null || Array.isArray(model)) throw new Error('model in the URL must be a JSON object of "p/q" values');
        return { view, claim: id, size: intOf(q, 'size', 3)!, part: intOf(q, 'part', 1)!, model: model as Record<string, string> };
      }
      case 'model': {
        const params: Record<string, string> = {};
        for (const [k, v] of q) if (!['method', 'solve', 'fluid', 't'].includes(k)) params[k] = v;
        const t = Number(q.get('t') ?? '50');
        if (!(t > 0)) throw new Error(`t must be a number > 0, got "${q.get('t')}"`);
        return {
          view,
          ...(id ? { family: id } : {}),
          params,
          method: q.get('method') ?? 'auto',
          solve: q.get('solve') === '1',
          fluid: q.get('fluid') === '1',
          t,
        };
      }
      default:
        throw new Error(`no page "${view}" (pages: claims, claim, trace, refutation, model, open)`);
    }
  } catch (e) {
    return { view: 'error', message: `This URL does not name a view: ${e instanceof Error ? e.message : String(e)}` };
  }
}

function query(entries: [string, string | number | undefined][]): string {
  const q = new URLSearchParams();
  for (const [k, v] of entries) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function formatRoute(r: Route): string {
  switch (r.view) {
    case 'claims':
    case 'error':
      return '#/';
    case 'open':
      return '#/open';
    case 'claim':
      return `#/claim/${encodeURIComponent(r.id)}${query([
        ['seed', r.seed],
        ['path', r.path],
        ['step', r.step],
      ])}`;
    case 'trace':
      return `#/trace/${encodeURIComponent(r.id)}${query([
        ['case', JSON.stringify(r.case)],
        ['step', r.step],
        ['seed', r.origin?.seed],
        ['path', r.origin?.path],
      ])}`;
    case 'refutation':
      return `#/refutation/${encodeURIComponent(r.claim)}${query([
        ['size', r.size],
        ['part', r.part],
        ['model', JSON.stringify(r.model)],
      ])}`;
    case 'model':
      return `#/model/${encodeURIComponent(r.family ?? '')}${query([
        ...Object.entries(r.params),
        ['method', r.method === 'auto' ? undefined : r.method],
        ['solve', r.solve ? 1 : undefined],
        ['fluid', r.fluid ? 1 : undefined],
        ['t', r.t === 50 ? undefined : r.t],
      ])}`;
  }
}

/** Replaces the URL without a new history entry (edits, steps) or pushes one (new views). */
export function go(r: Route, push = true): void {
  const hash = formatRoute(r);
  if (location.hash === hash) return;
  if (push) location.hash = hash;
  else history.replaceState(null, '', hash);
}
