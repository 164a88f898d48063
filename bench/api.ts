/**
 * `npm run bench -- api`: a chain declared through the population builder
 * against the hand-written chain of the same family, explored and solved the
 * same way at the same K (the K the family's own search picks). One JSON line
 * per case and chain; the floor is builder <= 1.5 x hand-written.
 * Each chain is timed REPEATS times, alternating, and the fastest run kept
 * (the machine is shared: compare CPU seconds).
 */
import { floatArith, type Arith } from '../src/core/arith.ts';
import type { ChainDefinition } from '../src/core/model.ts';
import { solveChain, solveModel, type Solved } from '../src/ctmc/solve.ts';
import { explore } from '../src/ctmc/explore/explore.ts';
import { populationChain } from '../src/population/chain.ts';
import { jiqBlocking } from '../models/jiq-blocking.ts';
import { jiqBlockingPopulation } from '../models/jiq-blocking/population.ts';
import { jsqD } from '../models/jsq-d.ts';
import { ctmc as jsqdChain } from '../models/jsq-d/ctmc.ts';
import { jsqdPopulation } from '../models/jsq-d/population.ts';
import { emit, round, timed, type Timed } from './measure.ts';

const REPEATS = 3;

type Chain = <T>(A: Arith<T>) => ChainDefinition<T>;

interface ApiCase {
  name: string;
  K?: number;
  chains: { hand: Chain; builder: Chain };
  headline: string;
}

function jsqdCase(): ApiCase {
  const p = jsqD.parse({ N: '20', lambda: '3/20', d: '2' });
  const K = solveModel(jsqD, p, { method: 'iterative' }).evidence.truncation!.K!;
  const q = { ...p, K };
  return {
    name: `jsq-d N=20 lambda=3/20 d=2 K=${K}`,
    K,
    chains: { hand: (A) => jsqdChain(q, A), builder: (A) => populationChain(jsqdPopulation(q, A), A) },
    headline: 'meanSojourn',
  };
}

function jiqCase(): ApiCase {
  const p = jiqBlocking.parse({ N: '1000', lambda: '1', alpha: '3/5,2/5' });
  return {
    name: 'jiq-blocking R=2 N=1000 lambda=1 alpha=3/5,2/5',
    chains: { hand: (A) => jiqBlocking.ctmc(p, A), builder: (A) => populationChain(jiqBlockingPopulation(p, A), A) },
    headline: 'blocking',
  };
}

function fastest<T>(runs: Timed<T>[]): Timed<T> {
  return runs.reduce((a, b) => (b.cpuSeconds < a.cpuSeconds ? b : a));
}

function runCase(c: ApiCase): void {
  const kinds = ['hand', 'builder'] as const;
  const explored: Record<string, Timed<unknown>[]> = { hand: [], builder: [] };
  const solved: Record<string, Timed<Solved>[]> = { hand: [], builder: [] };
  for (let r = 0; r < REPEATS; r++) {
    for (const kind of kinds) {
      const chain = c.chains[kind];
      explored[kind].push(timed(() => explore(chain(floatArith), floatArith).n));
      solved[kind].push(timed(() => solveChain(chain, { method: 'iterative', ...(c.K !== undefined ? { K: c.K } : {}) })));
    }
  }
  const best = { hand: fastest(solved.hand), builder: fastest(solved.builder) };
  const bestExplore = { hand: fastest(explored.hand), builder: fastest(explored.builder) };
  for (const kind of kinds) {
    const e = best[kind].value.evidence;
    emit({
      case: c.name,
      chain: kind,
      states: e.states,
      transitions: e.transitions,
      residual: Number(e.residual.toPrecision(3)),
      iterations: e.iterations,
      exploreSeconds: round(bestExplore[kind].seconds),
      exploreCpuSeconds: round(bestExplore[kind].cpuSeconds),
      seconds: round(best[kind].seconds),
      cpuSeconds: round(best[kind].cpuSeconds),
      [c.headline]: best[kind].value.metrics[c.headline],
    });
  }
  emit({
    case: c.name,
    builderOverHandCpu: round(best.builder.cpuSeconds / best.hand.cpuSeconds, 3),
    builderOverHandExploreCpu: round(bestExplore.builder.cpuSeconds / bestExplore.hand.cpuSeconds, 3),
    floor: 1.5,
  });
}

export function apiSuite(): void {
  for (const c of [jsqdCase(), jiqCase()]) runCase(c);
}
