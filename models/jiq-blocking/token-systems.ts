/**
 * JIQ token systems driven by a common trace [P1]. N servers; an idle server's
 * token sits in a pool (a dispatcher, or several merged ones); an arrival at
 * dispatcher r that is not thinned takes a token from pool(r) and starts a job
 * at that server, else it is lost. Systems differ only in their pools and their
 * up-front thinning, so one step function serves original, better and worse.
 *
 * Two couplings. Both share arrival epochs, dispatchers and a thinning uniform.
 *
 * Per job (tokenSystem; models/jiq-blocking/coupling.ts argues why P1's order
 * needs it): service and token allotment are attached to JOBS, not servers: the k-th
 * job a system admits has service time S_k and then sends its server's token to
 * dispatcher d_k, the k-th entry of a common job tape. Jobs 1..N are in service
 * at time 0 (all servers busy, no tokens: the CTMC's initial state).
 * Time: arrivals at integer epochs, a job admitted at a completes at a + S + 1/2
 * (S >= 0 an integer), so no completion ties an arrival. A job past the end of
 * the tape never completes: its service outlasts the trace.
 *
 * Per server (slotTokenSystem): uniformised service clocks, as one would first
 * write it: a service event picks a slot k in 1..N by a common uniform, the k-th
 * busy server (if k <= busy) completes, and a common uniform of the event sends
 * its token. Busy servers are counted, not named: the k-th busy one.
 */
import { categorical, type CoupledSystem, cumulative, formatUniform, type Uniform, uniformIndex, uniformValue } from 'lbcheck';

export type JiqArrival = {
  /** Epoch, an integer; strictly increasing along the trace. */
  at: number;
  /** Picks the dispatcher by the load shares alpha. */
  dispatcher: Uniform;
  /** Compared with the system's thinning probability of that dispatcher. */
  thinning: Uniform;
};

export type JobTicket = {
  /** Service time minus 1/2: an integer >= 0. */
  service: number;
  /** Picks the dispatcher that receives the token, by the allotment beta. */
  destination: Uniform;
};

export type JiqTrace = {
  arrivals: JiqArrival[];
  jobs: JobTicket[];
};

/** What the coupled systems share: N, the dispatchers' load shares and the token allotment. */
export interface TokenSetup {
  N: number;
  alpha: readonly number[];
  beta: readonly number[];
}

/** What makes one system of the coupling: pools and thinning. */
export interface TokenSystemSpec {
  name: string;
  /** pool[r]: where arrivals at dispatcher r take tokens and tokens sent to r land (0-based). */
  pool: readonly number[];
  /** Pool labels for people, e.g. "1-2" for merged dispatchers 1 and 2. */
  poolNames: readonly string[];
  /** thinning[r]: probability that an arrival at dispatcher r is blocked up front. */
  thinning: readonly number[];
}

/** What both couplings compare: tokens used, in total and by the dispatcher the job arrived at. */
export interface TokenCounts {
  /** Tokens per pool. */
  tokens: Int32Array;
  usedAt: Int32Array;
  used: number;
}

export interface TokenState extends TokenCounts {
  /** Jobs admitted so far, the N initial ones included: the next job's tape index. */
  jobs: number;
  /** Per server: completion time of its job, or NaN when idle. */
  doneAt: Float64Array;
  /** Per server: tape index of its job. */
  job: Int32Array;
}

export function dispatcherOf(setup: TokenSetup): (u: Uniform) => number {
  const cdf = cumulative(setup.alpha, 1);
  return (u) => categorical(u, cdf);
}

function emptyCounts(R: number, pools: number): TokenCounts {
  return { tokens: new Int32Array(pools), usedAt: new Int32Array(R), used: 0 };
}

/** The arrival rule of every system: thinning, then a token from pool(r) or the job is lost. True when admitted. */
function offer(s: TokenCounts, spec: TokenSystemSpec, r: number, thinning: Uniform, log?: string[]): boolean {
  if (uniformValue(thinning) < spec.thinning[r]) {
    log?.push(`thinned (u=${formatUniform(thinning)} < p=${Number(spec.thinning[r].toPrecision(4))})`);
    return false;
  }
  const pool = spec.pool[r];
  if (s.tokens[pool] === 0) {
    log?.push(`blocked: no token at ${spec.poolNames[pool]}`);
    return false;
  }
  s.tokens[pool]--;
  s.usedAt[r]++;
  s.used++;
  log?.push(`token at ${spec.poolNames[pool]} used`);
  return true;
}

/** Tokens used (in total, by the arrival's dispatcher) and tokens held per pool, keyed d<pool name> (d1, d1-2: never integer-like, so in pool order). */
function countQuantities(s: TokenCounts, spec: TokenSystemSpec): { used: number; usedAt: number[]; tokens: Record<string, number> } {
  return { used: s.used, usedAt: Array.from(s.usedAt), tokens: Object.fromEntries(spec.poolNames.map((n, i) => [`d${n}`, s.tokens[i]])) };
}

export function tokenSystem(setup: TokenSetup, spec: TokenSystemSpec, tape: readonly JobTicket[]): CoupledSystem<JiqArrival, TokenState> {
  const { N } = setup;
  const R = setup.alpha.length;
  const dispatcher = dispatcherOf(setup);
  const destinationCdf = cumulative(setup.beta, 1);
  const pools = spec.poolNames.length;
  const finish = (s: TokenState, server: number, at: number): void => {
    const k = s.jobs++;
    s.job[server] = k;
    s.doneAt[server] = k < tape.length ? at + tape[k].service + 0.5 : Infinity;
  };
  /** Completes, in time order, every job done before t; each token goes to its job's destination. */
  const completeBefore = (s: TokenState, t: number, log?: string[]): void => {
    for (;;) {
      let next = -1;
      for (let i = 0; i < N; i++) if (s.doneAt[i] < t && (next < 0 || s.doneAt[i] < s.doneAt[next])) next = i;
      if (next < 0) return;
      const k = s.job[next];
      const d = categorical(tape[k].destination, destinationCdf);
      s.tokens[spec.pool[d]]++;
      log?.push(`job ${k + 1} done at t=${s.doneAt[next]}, token to ${d + 1}`);
      s.doneAt[next] = NaN;
    }
  };
  return {
    name: spec.name,
    initial() {
      const s: TokenState = { ...emptyCounts(R, pools), jobs: 0, doneAt: new Float64Array(N), job: new Int32Array(N) };
      for (let i = 0; i < N; i++) finish(s, i, 0);
      return s;
    },
    step(s, e, log) {
      completeBefore(s, e.at, log);
      if (!offer(s, spec, dispatcher(e.dispatcher), e.thinning, log)) return;
      let server = 0;
      while (!Number.isNaN(s.doneAt[server])) server++;
      finish(s, server, e.at);
      const done = s.doneAt[server];
      log?.push(`job ${s.jobs}${Number.isFinite(done) ? ` until t=${done}` : ' (beyond the tape: never done)'}`);
    },
    quantities: (s) => countQuantities(s, spec),
  };
}

export type SlotEvent = { kind: 'arrival'; dispatcher: Uniform; thinning: Uniform } | { kind: 'service'; slot: Uniform; destination: Uniform };

export interface SlotState extends TokenCounts {
  busy: number;
}

export function slotTokenSystem(setup: TokenSetup, spec: TokenSystemSpec): CoupledSystem<SlotEvent, SlotState> {
  const { N } = setup;
  const dispatcher = dispatcherOf(setup);
  const destinationCdf = cumulative(setup.beta, 1);
  return {
    name: spec.name,
    initial: () => ({ ...emptyCounts(setup.alpha.length, spec.poolNames.length), busy: N }),
    step(s, e, log) {
      if (e.kind === 'arrival') {
        if (offer(s, spec, dispatcher(e.dispatcher), e.thinning, log)) s.busy++;
        return;
      }
      const k = uniformIndex(e.slot, N);
      if (k >= s.busy) {
        log?.push(`slot ${k + 1} idle: no completion`);
        return;
      }
      const d = categorical(e.destination, destinationCdf);
      s.busy--;
      s.tokens[spec.pool[d]]++;
      log?.push(`busy server ${k + 1} done, token to ${d + 1}`);
    },
    quantities: (s) => ({ ...countQuantities(s, spec), busy: s.busy }),
  };
}
