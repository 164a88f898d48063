/**
 * Independent readers of lbcheck's exports, for the tests: each parses its format
 * from the text alone (no lbcheck code) into a rate matrix over state valuations,
 * reward vectors and labels, and the stationary law comes from a dense mathjs
 * solve of pi Q = 0, sum pi = 1.
 */
import { lusolve, matrix } from 'mathjs';

export interface ReadChain {
  /** Valuation (digits) of each state, as "v1,v2,...". */
  states: string[];
  initial: number;
  /** rates[i] maps target index -> rate. */
  rates: Map<number, number>[];
  rewards: Record<string, number[]>;
  labels: Record<string, Set<number>>;
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');

/** A number as PRISM writes it: a decimal, or an exact p/q. */
const value = (t: string): number => {
  const [p, q] = t.split('/');
  return q === undefined ? Number(p) : Number(p) / Number(q);
};

function fail(what: string, line: string): never {
  throw new Error(`${what}: cannot read "${line}"`);
}

/** PRISM explicit: .tra, .sta, .lab and .srew files' texts. */
export function readPrismExplicit(tra: string, sta: string, lab: string, srew: string[]): ReadChain {
  const [head, ...rows] = lines(tra);
  const [n, m] = head.split(' ').map(Number);
  if (rows.length !== m) throw new Error(`.tra announces ${m} transitions, has ${rows.length}`);
  const rates = Array.from({ length: n }, () => new Map<number, number>());
  let last = -1;
  for (const r of rows) {
    const [i, j, x] = r.split(' ');
    if (Number(i) < last) fail('.tra rows out of source order', r);
    last = Number(i);
    rates[Number(i)].set(Number(j), (rates[Number(i)].get(Number(j)) ?? 0) + Number(x));
  }
  const [, ...staRows] = lines(sta);
  const states = staRows.map((r, k) => {
    const g = /^(\d+):\(([\d,]*)\)$/.exec(r) ?? fail('.sta', r);
    if (Number(g[1]) !== k) fail('.sta index', r);
    return g[2];
  });
  const [labHead, ...labRows] = lines(lab);
  const names = new Map<string, string>();
  for (const m2 of labHead.matchAll(/(\d+)="([^"]+)"/g)) names.set(m2[1], m2[2]);
  const labels: Record<string, Set<number>> = Object.fromEntries([...names.values()].map((v) => [v, new Set<number>()]));
  for (const r of labRows) {
    const [i, rest] = r.split(':');
    for (const k of rest.trim().split(' ')) labels[names.get(k) ?? fail('.lab label', r)].add(Number(i));
  }
  const rewards: Record<string, number[]> = {};
  for (const text of srew) {
    const name = (/# Reward structure "([^"]+)"/.exec(text) ?? fail('.srew header', text.slice(0, 40)))[1];
    const [size, ...vals] = lines(text).filter((l) => !l.startsWith('#'));
    const v = new Array<number>(Number(size.split(' ')[0])).fill(0);
    for (const r of vals) {
      const [i, x] = r.split(' ');
      v[Number(i)] = Number(x);
    }
    rewards[name] = v;
  }
  const init = [...labels.init];
  return { states, initial: init[0], rates, rewards, labels };
}

/** Storm's DRN (CTMC, one action per state); valuations are unknown in DRN, so states are named by index. */
export function readDrn(text: string): ReadChain {
  const all = text.split('\n');
  let k = 0;
  let rewardNames: string[] = [];
  let n = 0;
  for (; k < all.length; k++) {
    const l = all[k];
    if (l === '@reward_models') rewardNames = all[++k].split(' ').filter(Boolean);
    else if (l === '@nr_states') n = Number(all[++k]);
    else if (l === '@model') break;
  }
  const rates = Array.from({ length: n }, () => new Map<number, number>());
  const rewards: Record<string, number[]> = Object.fromEntries(rewardNames.map((r) => [r, new Array<number>(n).fill(0)]));
  const labels: Record<string, Set<number>> = {};
  const exit = new Array<number>(n).fill(0);
  let state = -1;
  for (k++; k < all.length; k++) {
    const l = all[k].trim();
    if (l === '' || l.startsWith('//')) continue;
    const s = /^state (\d+) !(\S+)(?: \[([^\]]*)\])?((?: \S+)*)$/.exec(l);
    if (s) {
      state = Number(s[1]);
      exit[state] = Number(s[2]);
      (s[3] ?? '')
        .split(',')
        .filter((x) => x.trim() !== '')
        .forEach((x, r) => (rewards[rewardNames[r]][state] = Number(x)));
      for (const name of s[4].trim().split(' ').filter(Boolean)) (labels[name] ??= new Set()).add(state);
      continue;
    }
    if (l === 'action 0') continue;
    const t = /^(\d+) : (\S+)$/.exec(l) ?? fail('DRN transition', l);
    rates[state].set(Number(t[1]), Number(t[2]));
  }
  rates.forEach((row, i) => {
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    if (Math.abs(total - exit[i]) > 1e-12 * Math.max(1, exit[i])) throw new Error(`DRN state ${i}: exit rate ${exit[i]} but rates sum to ${total}`);
  });
  return { states: rates.map((_, i) => String(i)), initial: [...labels.init][0], rates, rewards, labels };
}

/** The PRISM-language subset lbcheck writes: one module, commands "[] v=a & w=b -> r:(v'=c)&... + ...;", labels, rewards. */
export function readPrismLanguage(text: string): ReadChain {
  const vars: { name: string; init: number }[] = [];
  const rows = new Map<string, Map<string, number>>();
  const guards = (g: string): Record<string, number> =>
    Object.fromEntries(
      g.split('&').map((c) => {
        const m = /^\s*(\w+)=(\d+)\s*$/.exec(c) ?? fail('guard', c);
        return [m[1], Number(m[2])];
      }),
    );
  const key = (val: Record<string, number>): string => vars.map((v) => val[v.name]).join(',');
  const rewardText: Record<string, [string, number][]> = {};
  const labelText: Record<string, string[]> = {};
  let reward: string | null = null;
  for (const raw of text.split('\n')) {
    const l = raw.trim();
    if (l === '' || l.startsWith('//')) continue;
    let m: RegExpExecArray | null;
    if ((m = /^(\w+) : \[0\.\.(\d+)\] init (\d+);$/.exec(l))) vars.push({ name: m[1], init: Number(m[3]) });
    else if ((m = /^\[\] (.+) -> (.+);$/.exec(l))) {
      const from = guards(m[1]);
      const row = new Map<string, number>();
      for (const u of m[2].split(' + ')) {
        const [rate, upd] = u.split(':');
        const to = { ...from };
        for (const a of upd.split('&')) {
          const g = /^\((\w+)'=(\d+)\)$/.exec(a) ?? fail('update', a);
          to[g[1]] = Number(g[2]);
        }
        row.set(key(to), (row.get(key(to)) ?? 0) + value(rate));
      }
      rows.set(key(from), row);
    } else if ((m = /^label "(\w+)" = (.+);$/.exec(l)))
      labelText[m[1]] = m[2] === 'false' ? [] : m[2].split(' | ').map((g) => key(guards(g.replace(/[()]/g, ''))));
    else if ((m = /^rewards "(\w+)"$/.exec(l))) reward = m[1];
    else if (l === 'endrewards') reward = null;
    else if (reward && (m = /^(.+) : (\S+);$/.exec(l))) (rewardText[reward] ??= []).push([key(guards(m[1])), value(m[2])]);
    else if (!/^(ctmc|module \w+|endmodule)$/.test(l)) fail('PRISM line', l);
  }
  // The reachable states, breadth-first from the initial valuation.
  const init = vars.map((v) => v.init).join(',');
  const states = [init];
  const index = new Map([[init, 0]]);
  for (let h = 0; h < states.length; h++) {
    for (const t of rows.get(states[h])?.keys() ?? []) if (!index.has(t)) index.set(t, states.push(t) - 1);
  }
  const rates = states.map((s) => new Map([...(rows.get(s) ?? new Map<string, number>())].map(([t, r]) => [index.get(t)!, r])));
  const rewards = Object.fromEntries(
    Object.entries(rewardText).map(([name, entries]) => {
      const v = new Array<number>(states.length).fill(0);
      for (const [s, x] of entries) if (index.has(s)) v[index.get(s)!] = x;
      return [name, v];
    }),
  );
  const labels = Object.fromEntries(Object.entries(labelText).map(([name, ss]) => [name, new Set(ss.filter((s) => index.has(s)).map((s) => index.get(s)!))]));
  return { states, initial: 0, rates, rewards, labels: { ...labels, init: new Set([0]) } };
}

/** Stationary law by a dense LU solve: pi Q = 0 with one balance equation replaced by sum pi = 1. */
export function denseStationary(c: ReadChain): number[] {
  const n = c.states.length;
  const A = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  c.rates.forEach((row, i) => {
    for (const [j, r] of row) {
      A[j][i] += r; // (Q^T)[j][i] = Q[i][j]
      A[i][i] -= r;
    }
  });
  A[n - 1].fill(1);
  const b = new Array<number>(n).fill(0);
  b[n - 1] = 1;
  const x = lusolve(matrix(A), b) as unknown as { toArray(): number[][] };
  return x.toArray().map((r) => r[0]);
}
