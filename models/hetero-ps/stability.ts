/**
 * How much load each hetero-ps policy carries, at finite N and in the mean-field limit.
 *
 * Finite N (derived: the subset condition). Whatever the queue lengths, a set S
 * of s servers with total capacity C_S receives every arrival routed statically
 * to S and every SQ(2) arrival whose two samples both fall in S. With static
 * share q and C = sum of all capacities that is at least
 *     forced(S) = lambda N [q C_S / C + (1 - q) h_s],   h_s = s(s-1) / (N(N-1)),
 * so forced(S) > C_S makes the jobs in S grow linearly: the chain is unstable.
 * That is all that is shown here: (1) is NECESSARY for stability. The converse
 * (forced(S) < C_S for every S gives a stable chain) is the usual condition for
 * joining the shorter of sampled servers, but it is assumed, not derived;
 * property hetero-sq2-instability tests both sides on the chain. At fixed s,
 * C_S / forced(S) increases with C_S, so the binding sets are the s slowest servers:
 *     lambda < min_s C_(1..s) / (N [q C_(1..s) / C + (1 - q) h_s])        (1)
 * (s = N gives full capacity C / N; an empty bracket gives no condition).
 *
 * Mean field (THEORY section 5): classes sorted by capacity, fractions gamma_j,
 * g_k = sum_{j<=k} gamma_j, G_k = sum_{j<=k} gamma_j C_j. Uniform SQ(2) needs
 * lambda < min_k G_k / g_k^2; with static share q, (1) becomes
 *     lambda < min_k G_k / (q G_k / G_M + (1 - q) g_k^2).                 (2)
 *
 * Hybrid (static with probability q, else SQ(2)): solving (1) for q, a load
 * lambda < C/N can be carried (by (1)) only if q exceeds, for every s with lambda N h_s >= C_(1..s),
 *     q_s = (lambda N h_s - C_(1..s)) / (lambda N (h_s - C_(1..s)/C)).    (3)
 * So every lambda below capacity is carried by some q < 1 (the full region is
 * recovered as q -> 1), but when uniform SQ(2) loses region no fixed q < 1
 * carries every such lambda: q_s -> 1 as lambda -> C/N.
 */
import { Fraction, type Rational } from 'lbcheck';
import { serverCount } from '../support/server-multiset.ts';
import { staticShare, totalCapacity, type HeteroPsParams } from './params.ts';

/** Capacities of the N servers, slowest first. */
function sortedCapacities(p: HeteroPsParams): Rational[] {
  return p.servers.flatMap((c, j) => new Array<Rational>(c).fill(p.rates[j])).sort((a, b) => a.compare(b));
}

/** h_s = s(s-1) / (N(N-1)): both SQ(2) samples among s given servers (1 for N = 1). */
function bothSampled(s: number, N: number): Rational {
  return N === 1 ? new Fraction(1) : new Fraction(s * (s - 1), N * (N - 1));
}

export interface Bound {
  /**
   * Per-server arrival rate the policy cannot exceed: above it the chain is
   * unstable (shown); below it stability is assumed (the converse of (1)).
   */
  lambda: Rational;
  /** Size s of the slowest-server set that binds. */
  binding: number;
}

/** Equation (1): the largest per-server arrival rate the policy can carry at this N (a necessary condition). */
export function stabilityBound(p: HeteroPsParams, q: Rational = staticShare(p)): Bound {
  const N = serverCount(p);
  const C = totalCapacity(p);
  const caps = sortedCapacities(p);
  let best: Bound | null = null;
  let Cs = new Fraction(0);
  for (let s = 1; s <= N; s++) {
    Cs = Cs.add(caps[s - 1]);
    const share = q
      .mul(Cs)
      .div(C)
      .add(new Fraction(1).sub(q).mul(bothSampled(s, N)));
    if (share.n === 0n) continue;
    const bound = Cs.div(share.mul(N));
    if (!best || bound.compare(best.lambda) < 0) best = { lambda: bound, binding: s };
  }
  return best!;
}

/** Equation (2): the mean-field bound (for sq2, THEORY's min_k G_k / g_k^2). */
export function meanFieldBound(p: HeteroPsParams, q: Rational = staticShare(p)): Rational {
  const N = serverCount(p);
  const order = p.rates.map((_, j) => j).sort((a, b) => p.rates[a].compare(p.rates[b]));
  const GM = totalCapacity(p).div(N);
  let g = new Fraction(0);
  let G = new Fraction(0);
  let best: Rational | null = null;
  for (const j of order) {
    g = g.add(new Fraction(p.servers[j], N));
    G = G.add(p.rates[j].mul(new Fraction(p.servers[j], N)));
    const bound = G.div(
      q
        .mul(G)
        .div(GM)
        .add(new Fraction(1).sub(q).mul(g.mul(g))),
    );
    if (!best || bound.compare(best) < 0) best = bound;
  }
  return best!;
}

/**
 * Equation (3): the smallest static share q for which (1) lets the hybrid policy
 * carry p.lambda at this N (any q > it passes (1); 0 when SQ(2) alone does), or null when
 * lambda is at or above full capacity C/N (no policy carries it).
 */
export function hybridThreshold(p: HeteroPsParams): Rational | null {
  const N = serverCount(p);
  const C = totalCapacity(p);
  const load = p.lambda.mul(N);
  if (load.compare(C) >= 0) return null;
  const caps = sortedCapacities(p);
  let q = new Fraction(0);
  let Cs = new Fraction(0);
  for (let s = 1; s < N; s++) {
    Cs = Cs.add(caps[s - 1]);
    const h = bothSampled(s, N);
    const excess = load.mul(h).sub(Cs);
    if (excess.compare(0) < 0) continue;
    const qs = excess.div(load.mul(h.sub(Cs.div(C))));
    if (qs.compare(q) > 0) q = qs;
  }
  return q;
}
