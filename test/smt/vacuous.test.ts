/** Vacuous Z3 parts: hypotheses that cannot hold together prove nothing. */
import { describe, expect, it } from 'vitest';
import { decideClaim } from '../../src/smt/claim.ts';
import { nuThresholdBlockingClaim } from '../../properties/prove-nu-threshold-blocking.ts';
import { contradictoryClaim } from '../fixtures/user/vacuous-claim.ts';
import { lbcheck } from '../support/cli.ts';

describe('vacuous parts', () => {
  it("a claim whose only part has unsatisfiable hypotheses is unknown, the part vacuous with Z3's unsat as evidence", async () => {
    const r = await decideClaim(contradictoryClaim, 1, 10_000);
    expect(r.verdict).toBe('unknown');
    expect(r.parts).toHaveLength(1);
    expect(r.parts[0]).toMatchObject({ part: 'lambda > 0 and lambda < 0 give lambda^2 > 2', verdict: 'vacuous', hypotheses: { status: 'unsat' } });
    expect(r.reason).toBe('every part is vacuous, nothing is proved: vacuous (hypotheses unsatisfiable): lambda > 0 and lambda < 0 give lambda^2 > 2');
  });

  it('nu-threshold-blocking at R = 2: the two "tokens at 0 of 2 dispatchers" parts are vacuous, the others proved', async () => {
    const r = await decideClaim(nuThresholdBlockingClaim, 2, 20_000);
    const vacuous = r.parts.filter((p) => p.verdict === 'vacuous').map((p) => p.part);
    expect(vacuous).toEqual(['sufficiency (general beta), tokens at 0 of 2 dispatchers', 'necessity (general beta), tokens at 0 of 2 dispatchers']);
    expect(r.parts.filter((p) => p.verdict === 'proved')).toHaveLength(5);
    for (const p of r.parts.filter((x) => x.verdict === 'proved')) expect(p.hypotheses?.status).toBe('sat');
    expect(r.verdict).toBe('proved');
    expect(r.reason).toContain('vacuous (hypotheses unsatisfiable): sufficiency (general beta), tokens at 0 of 2 dispatchers');
  });

  it("a user's vacuous claim run by `check --file` is not proved and exits 1, naming the vacuous part", () => {
    const r = lbcheck('check', '--file', 'test/fixtures/user/vacuous-claim.ts', '--no-builtins', '--json');
    expect(r.code).toBe(1);
    const [j] = JSON.parse(r.stdout).results;
    expect(j.verdict).toBe('unknown');
    expect(j.summary).toContain('every part is vacuous');
    expect(j.evidence.sizes[0].parts).toEqual(['lambda > 0 and lambda < 0 give lambda^2 > 2: vacuous']);
  });
});
