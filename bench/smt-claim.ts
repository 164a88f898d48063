/**
 * Child process of the smt suite: decides one claim at one size in a fresh
 * process (so Z3's start-up is paid, as in `lbcheck prove`) and prints one JSON
 * line with the wall and CPU seconds (Z3's worker threads included).
 */
import { decideClaim } from '../src/smt/claim.ts';
import { DEFAULT_TIMEOUT_MS } from '../src/core/numerical-policy.ts';
import { smtClaims } from '../properties/smt-claims.ts';

const [id, size] = process.argv.slice(2);
const claim = smtClaims.find((c) => c.id === id)!;
const cpu = process.cpuUsage();
const r = await decideClaim(claim, Number(size), DEFAULT_TIMEOUT_MS);
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ verdict: r.verdict, parts: r.parts.length, seconds: r.seconds, cpuSeconds: (used.user + used.system) / 1e6 })}\n`);
process.exit(0);
