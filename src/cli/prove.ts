/** `lbcheck prove <claim-id>`: decide a claim with Z3: proved, refuted (exact counterexample) or unknown (why). */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import { intParam } from '../core/params.ts';
import { POLICY } from '../core/numerical-policy.ts';
import { claimSmtlib2, decideClaim, type SmtClaim } from '../smt/claim.ts';
import { smtClaims } from '../../properties/smt-claims.ts';
import { renderTable } from '../report/table.ts';
import { refutationText, wrapWords } from '../report/counterexample-text.ts';
import { printJson } from './output.ts';

interface ProveFlags {
  size?: string;
  /** Alias of --size (the size is R dispatchers for most claims). */
  R?: string;
  timeoutMs: string;
  json?: boolean;
  smt2?: string;
}

/** Size used when --size is absent (clamped to the claim's range). */
const DEFAULT_SIZE = 3;

function findClaim(id: string): SmtClaim {
  const claim = smtClaims.find((c) => c.id === id);
  if (!claim) throw new UsageError(`unknown claim "${id}" (known: ${smtClaims.map((c) => c.id).join(', ')})`);
  return claim;
}

async function runProve(id: string, opts: ProveFlags): Promise<number> {
  const claim = findClaim(id);
  const { min, max } = claim.sizeRange;
  if (opts.size !== undefined && opts.R !== undefined) throw new UsageError('--size and --R are the same option: give one');
  const flag = opts.R !== undefined ? 'R' : 'size';
  const size = intParam(claim.sizeRange.meaning, { min, max }).read(opts.size ?? opts.R ?? String(Math.min(Math.max(DEFAULT_SIZE, min), max)), flag);
  const timeoutMs = intParam('Z3 time limit per part (ms)', { min: 1, max: 600_000 }).read(opts.timeoutMs, 'timeout-ms');
  if (opts.smt2) {
    const text = await claimSmtlib2(claim, size);
    try {
      writeFileSync(opts.smt2, text);
    } catch (e) {
      throw new UsageError(`--smt2 ${opts.smt2}: cannot write (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  const r = await decideClaim(claim, size, timeoutMs);
  if (opts.json) {
    printJson({
      claim: r.claim,
      size: r.size,
      sizeMeaning: claim.sizeRange.meaning,
      verdict: r.verdict,
      counterexample: r.counterexample,
      reason: r.reason,
      seconds: r.seconds,
      parts: r.parts,
    });
  } else {
    console.log(`${claim.id} (${claim.sizeRange.meaning} = ${size}): ${r.verdict.toUpperCase()} in ${r.seconds.toFixed(2)} s, Z3 start-up included`);
    console.log(
      [
        ...wrapWords(`claim (decided here for ${claim.sizeRange.meaning} = ${size} only): `, claim.statement),
        `source: ${claim.source}`,
        ...wrapWords('encoding: ', claim.encoding),
      ].join('\n'),
    );
    const rows = r.parts.map((p, i) => [
      `${i + 1}. ${p.part}`,
      p.verdict,
      p.seconds.toFixed(2),
      p.reason ?? (p.verdict === 'refuted' ? 'counterexample below' : ''),
    ]);
    console.log(renderTable(['part', 'verdict', 'seconds', 'note'], rows, [60, 9, 9, 60]));
    r.parts.forEach((p, i) => {
      if (p.verdict === 'refuted') console.log(`\npart ${i + 1} ${refutationText(p).join('\n')}`);
    });
    if (r.verdict !== 'refuted' && r.reason) console.log(`${r.verdict === 'proved' ? 'note' : 'reason'}: ${r.reason}`);
    if (opts.smt2) console.log(`wrote ${opts.smt2} (SMT-LIB2, one benchmark per part; unsat = part proved)`);
  }
  return r.verdict === 'proved' ? 0 : 1;
}

export function proveCommand(setExit: (code: number) => void): Command {
  return new Command('prove')
    .description(`decide a claim with Z3 (exit 0 only when proved); claims: ${smtClaims.map((c) => c.id).join(', ')}`)
    .argument('<claim-id>', 'the claim to decide')
    .option('--size <n>', `the size decided: dispatchers R, largest d or server classes M, as the claim says (default ${DEFAULT_SIZE})`)
    .option('--R <n>', 'alias of --size')
    .option('--timeout-ms <t>', POLICY.z3TimeoutMs.help, String(POLICY.z3TimeoutMs.value))
    .option('--smt2 <file>', 'also write the queries as SMT-LIB2 (one benchmark per part, separated by (reset))')
    .option('--json', 'print one JSON document')
    .action(async (id: string, opts: ProveFlags) => setExit(await runProve(id, opts)));
}
