/**
 * Properties of Theorem 1's coupling [P1]: one order between the worse, original
 * and better systems, checked after every event of generated traces. The two
 * claims (in total, per dispatcher) differ only in the order.
 */
import { couplingOrder, nondecreasingAlong, type Order, type Property, traceCounterexample, traceReplay, type Verdict } from 'lbcheck';
import { type JiqBlockingParams, THEOREM1_SYSTEMS, theorem1Coupling, type TokenCounts, type TokenState } from 'lbcheck/models';
import { theorem1Cases, theorem1TraceSpec, type CouplingCase } from './coupling-arbitrary.ts';

/** What a person may change in a Theorem 1 counterexample (the setting: beta = 1/R, nu = 0, sorted alpha). */
export const THEOREM1_EDITABLE = ['N', 'lambda', 'alpha', 'beta', 'nu'] as const;

export const THEOREM1_RANGES = { params: { R: [1, 4] as [number, number], N: [1, 5] as [number, number] }, trace: { arrivals: 30, jobs: 40 } };

/** Tokens used by time t, in total: worse <= original <= better. */
export const usedInTotal = nondecreasingAlong<TokenCounts>(
  'tokens used: worse <= original <= better',
  THEOREM1_SYSTEMS,
  1,
  (s) => s.used,
  () => 'tokens used',
);

/** Tokens used by time t by the arrivals at each dispatcher r: worse <= original <= better. */
export function usedPerDispatcher(R: number) {
  return nondecreasingAlong<TokenCounts>(
    'tokens used at each dispatcher: worse <= original <= better',
    THEOREM1_SYSTEMS,
    R,
    (s, r) => s.usedAt[r],
    (r) => `tokens used at dispatcher ${r + 1}`,
  );
}

export interface Theorem1OrderSpec {
  id: string;
  claim: string;
  expected: Verdict;
  order(p: JiqBlockingParams): Order<TokenState, null>;
}

export function theorem1OrderProperty(spec: Theorem1OrderSpec): Property {
  const coupling = (c: CouplingCase) => theorem1Coupling(c.params, c.trace, [spec.order(c.params)]);
  const trace = theorem1TraceSpec(coupling);
  return couplingOrder({
    id: spec.id,
    claim: spec.claim,
    source: 'P1 Thm. 1 (proof: coupling of better and worse systems)',
    method: 'coupled runs on fast-check traces',
    expected: spec.expected,
    trace: traceReplay(trace, THEOREM1_EDITABLE),
    cases: theorem1Cases(THEOREM1_RANGES.params, THEOREM1_RANGES.trace),
    numRuns: 2000,
    coupling,
    // The coupled systems move at arrivals; the job tape is read as they go.
    events: (c) => c.trace.arrivals,
    describe: (c) => traceCounterexample(trace, c),
    tally: { casesEndingWorseBehind: 'sum', casesEndingBetterAhead: 'sum' },
    observe: (_c, { states: [worse, original, better] }, tally) => {
      if (worse.used < original.used) tally.note('casesEndingWorseBehind');
      if (original.used < better.used) tally.note('casesEndingBetterAhead');
    },
    evidence: (t) => ({
      arrivalsChecked: t.get('eventsChecked'),
      casesEndingWorseBehind: t.get('casesEndingWorseBehind'),
      casesEndingBetterAhead: t.get('casesEndingBetterAhead'),
    }),
  });
}
