/**
 * Job assignment with affinity relations, after Cardinaels, Borst and van
 * Leeuwaarden [P4] (THEORY section 6). The family's views live in
 * models/affinity/: params, ctmc (lumped by exchangeability within groups,
 * queues cut at K; the model and its rates are spelled out there) and
 * mass-features (what the automatic truncation, a finite state projection,
 * follows the mass by).
 *
 * What is taken from the paper, and what is lbcheck's choice. Only the
 * paper's abstract and THEORY section 6 were available when this was written,
 * not its full text, so this is the most faithful small model they support,
 * not a transcription of the paper's equations:
 *  - from the paper: a job has primary servers, where it runs fast (mu1), and
 *    may be assigned to a secondary server, where it runs slower (mu2); jobs go
 *    to primary servers "if available, and otherwise to secondary servers";
 *    JSQ(d1)-type sampling of the primaries (THEORY section 6);
 *  - lbcheck's choices: affinity is by groups (group g is primary for job type
 *    g, every other server is secondary); "available" means idle; a secondary
 *    server is tried only through d2 samples and only when idle; with no idle
 *    server found the job joins the shortest sampled primary (ties uniform);
 *    FCFS, so a foreign job (at most one per server) is served first.
 * The paper's fluid limit (queueing and no-queueing fixed points, both locally
 * stable beyond a threshold d1*) is not encoded here.
 */
import { capTruncation, DEFAULT_BOUNDARY_TOLERANCE, defineFamily, firstK, ratString, ratToNumber, tailK } from 'lbcheck';
import { ctmc } from './affinity/ctmc.ts';
import { params, validate, type AffinityParams } from './affinity/params.ts';
import { largestRadix, serverCount } from './support/server-multiset.ts';

export type { AffinityParams } from './affinity/params.ts';

/**
 * A first K for the automatic truncation. Automatic K needs a stable chain; it
 * is guaranteed when every type alone is below its primary capacity,
 * lambda_g < mu1 (each group is then a stable JSQ(d1) system whose servers take
 * foreign jobs only when idle, i.e. vacations when empty). Loads beyond that
 * may or may not be stable: they need an explicit K (`unstable`).
 */
function initialK(p: AffinityParams): number {
  const worst = heaviest(p);
  const rho = ratToNumber(worst.div(p.mu1));
  // N (1 - rho) rho^K: the boundary mass of N M/M/1 queues at the heaviest primary load; secondary
  // service can lengthen queues or shorten them, so start at half of it and let the solver grow K.
  return Math.max(2, Math.ceil(firstK(serverCount(p), (k) => (1 - rho) * rho ** k, DEFAULT_BOUNDARY_TOLERANCE, largestK(p)) / 2));
}

/**
 * The projection's cap: N M/M/1 queues at the heaviest primary load down to a
 * negligible tail (tailK), within the codes' radix 2K + 1. A group's queues are
 * shorter than that: JSQ(d1) balances them, and idle secondaries take some of
 * its jobs.
 */
function projectionK(p: AffinityParams): number {
  return tailK(serverCount(p), ratToNumber(heaviest(p).div(p.mu1)), largestK(p));
}

/** The longest queue the state codes hold (radix 2K + 1). */
function largestK(p: AffinityParams): number {
  return Math.floor((largestRadix(serverCount(p)) - 1) / 2);
}

const heaviest = (p: AffinityParams) => p.lambda.reduce((a, l) => (l.compare(a) > 0 ? l : a));

function unstable(p: AffinityParams): string | null {
  const worst = heaviest(p);
  if (worst.compare(p.mu1) < 0) return null;
  return (
    'automatic K needs lambda_g < mu1 for every type (primary capacity alone carries it, a sufficient stability condition); ' +
    `got lambda = ${ratString(worst)} >= mu1 = ${ratString(p.mu1)}`
  );
}

/** The metric schema: names and kinds as the chain, simulator and fluid view report them. */
const metrics = { meanJobs: 'scalar', groupMeanJobs: 'vector', meanSojourn: 'scalar', secondaryFraction: 'scalar' } as const;

export const affinity = defineFamily<typeof params, AffinityParams, typeof metrics>({
  id: 'affinity',
  title: 'job-server affinity: fast primary servers, slow secondary servers, JSQ(d1) among primaries [P4]',
  params,
  metrics,
  example: { servers: '1,1', lambda: '1/2,3/4', K: '3' },
  defaults: (v) => ({ ...v, d1: v.d1 ?? 1, d2: v.d2 ?? 1 }),
  check: validate,
  ctmc,
  truncation: capTruncation({ initialK, unstable, projectionK, largestK }),
});
