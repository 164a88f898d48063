/**
 * Per-server event simulator of JIQ blocking (THEORY section 1). Servers are
 * individuals 0..N-1: an idle server's token sits in its dispatcher's stack of
 * idle server ids, busy servers sit in one array (removal by swap with the last).
 * Gillespie's method: from a state with total rate
 *   q = lambda N + n_0 + nu (R-1)/R (N - n_0)
 * one event is drawn with probability rate / q, and the clock advances by 1/q,
 * the mean of the Exp(q) holding time ("discrete-time conversion", Hordijk,
 * Iglehart & Schassberger 1976; Fox & Glynn 1990): the states and events are
 * exactly the chain's, time averages keep their limits and lose variance, and no
 * logarithm is spent per event. Events:
 *   arrival at r (rate alpha_r lambda N): takes the top token of r, else is lost;
 *   completion (rate 1 per busy server): its token goes to r w.p. beta_r;
 *   token move (rate nu per token, to a dispatcher uniform among all R; a move
 *   to itself changes nothing and is skipped: rate nu (R-1)/R to the others).
 * Metrics (names as in the CTMC): blocking = jobs lost / arrivals; busyFraction,
 * tokenFraction[r], noTokenProbability[r] as time averages.
 */
import { BatchRecorder, cumulative, metricSlots, pick, ratToNumber, type SimulationOptions, type SimulationRecord, type SimulatorView, streams } from 'lbcheck';
import type { JiqBlockingParams } from './params.ts';
import { metrics } from './metrics.ts';
import { panels } from './regression-panel.ts';

/** Substreams: which event, token allotment, token moves. */
const PURPOSES = ['event', 'allot', 'exchange'] as const;

export function simulate(p: JiqBlockingParams, o: SimulationOptions): SimulationRecord {
  const N = p.N;
  const R = p.alpha.length;
  const arrivalRate = ratToNumber(p.lambda) * N;
  const arrivalCum = cumulative(p.alpha.map(ratToNumber), arrivalRate);
  const allotCum = cumulative(p.beta.map(ratToNumber), 1);
  const moveRate = R > 1 ? (ratToNumber(p.nu) * (R - 1)) / R : 0;
  const { event, allot, exchange } = streams(o.seed, PURPOSES);

  // State: busy server ids, and per dispatcher a stack of idle server ids (its tokens).
  const busy = new Int32Array(N);
  let n0 = 0;
  const stack = new Int32Array(R * N);
  const tokens = new Int32Array(R);
  const push = (r: number, server: number): void => {
    stack[r * N + tokens[r]++] = server;
  };
  for (let s = 0; s < N; s++) push(pick(allotCum, allot.uniform()), s);

  // blocking is lost / arrivals; the others are time averages.
  const slots = metricSlots(metrics, { tokenFraction: R, noTokenProbability: R });
  const { blocking: BLOCKING, busyFraction: BUSY, tokenFraction: TOKENS, noTokenProbability: NO_TOKEN } = slots.at;
  const rec = new BatchRecorder(slots.names, slots.of(['busyFraction', 'tokenFraction', 'noTokenProbability']), o);
  const { num, den } = rec;
  const perServer = 1 / N;
  const accumulate = (dt: number): void => {
    num[BUSY] += n0 * dt * perServer;
    for (let r = 0; r < R; r++) {
      num[TOKENS + r] += tokens[r] * dt * perServer;
      if (tokens[r] === 0) num[NO_TOKEN + r] += dt;
    }
  };

  for (;;) {
    const q = arrivalRate + n0 + moveRate * (N - n0);
    if (!rec.hold(1 / q, accumulate)) return rec.result();
    let u = event.uniform() * q;
    if (u < arrivalRate) {
      const r = pick(arrivalCum, u);
      den[BLOCKING]++;
      if (tokens[r] > 0) busy[n0++] = stack[r * N + --tokens[r]];
      else num[BLOCKING]++;
    } else if ((u -= arrivalRate) < n0 || n0 === N || moveRate === 0) {
      // u is uniform on [0, n_0): the busy server at index floor(u) completes (min: rounding guard).
      const i = Math.min(Math.floor(u), n0 - 1);
      const server = busy[i];
      busy[i] = busy[--n0];
      push(pick(allotCum, allot.uniform()), server);
    } else {
      // A token move: u - n_0 is uniform on [0, moveRate (N - n_0)), i.e. a uniform idle token.
      let k = Math.min(Math.floor((u - n0) / moveRate), N - n0 - 1);
      let r = 0;
      while (k >= tokens[r]) k -= tokens[r++];
      const server = stack[r * N + k];
      stack[r * N + k] = stack[r * N + --tokens[r]];
      let to = exchange.below(R - 1);
      if (to >= r) to++;
      push(to, server);
    }
  }
}

export const simulatorView: SimulatorView<JiqBlockingParams> = { simulate, panels };
