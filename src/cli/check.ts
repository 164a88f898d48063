/** `lbcheck check [ids...]`: run properties and print the verdict table. */
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import { BUILT_IN, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { checkResultJson, DEFAULT_SEED, evidenceText, runProperty, selectProperties, type CheckResult } from '../check/runner.ts';
import type { Property } from '../check/property.ts';
import { renderTable } from '../report/table.ts';
import { parseSeed } from '../sim/random.ts';
import { counterexampleText } from '../report/counterexample-text.ts';
import { printJson } from './output.ts';
import { progressFor } from './progress.ts';

interface CheckFlags {
  json?: boolean;
  seed: string;
  path?: string;
  list?: boolean;
  builtins: boolean;
}


/** `origin(id)`: the --file a claim came from (its replay must load it again), or BUILT_IN. */
function printHuman(results: CheckResult[], origin: (id: string) => string): void {
  const rows = results.map((r) => [
    r.id,
    `${r.claim}\n[${r.source}]`,
    r.method,
    r.asExpected ? r.verdict : `${r.verdict} (expected ${r.expected})`,
    `${r.summary}\n${evidenceText(r.evidence)}`,
  ]);
  const idWidth = Math.max(...results.map((r) => r.id.length)) + 2;
  console.log(renderTable(['id', 'claim', 'method', 'verdict', 'evidence'], rows, [idWidth, 44, 16, 12, 56]));
  for (const r of results.filter((x) => x.counterexample !== undefined && x.counterexample !== null)) {
    console.log(`\n${r.id}: counterexample\n${counterexampleText(r.counterexample!).join('\n')}`);
    const file = origin(r.id) === BUILT_IN ? '' : ` --file ${origin(r.id)}`;
    if (r.path) console.log(`  replay: lbcheck check ${r.id}${file} --seed ${r.seed} --path ${r.path}`);
  }
  const off = results.filter((r) => !r.asExpected);
  console.log(`\n${results.length} properties, ${results.length - off.length} as expected${off.length ? `, ${off.length} not: ${off.map((r) => r.id).join(', ')}` : ''}`);
}

/**
 * A replay (`--path`) as what it is: one case, passed or failed, never the
 * claim's verdict. Exit code 0 when the case passed.
 */
function printReplay(r: CheckResult, json: boolean): number {
  const replay = r.replay;
  if (!replay) throw new UsageError(`${r.id} is not decided on generated cases: --path has no case to replay (run it without --path)`);
  if (json) printJson({ replay: { id: r.id, ...replay, seconds: r.seconds } });
  else {
    console.log(`${r.id}: replay of one case (seed ${replay.seed}, path ${replay.path}): ${replay.outcome.toUpperCase()}`);
    if (replay.case !== null) console.log(`case:\n${counterexampleText(replay.case).join('\n')}`);
    if (replay.reason) console.log(`why undecided: ${replay.reason}`);
    console.log(`a replay decides this case only; run \`lbcheck check ${r.id}\` without --path for the claim's verdict`);
  }
  return replay.outcome === 'passed' ? 0 : 1;
}

/** The properties (all, or those named), ids whole (the id column is as wide as the longest id). */
function printList(properties: readonly Property[], json: boolean): void {
  if (json) {
    printJson({ properties: properties.map((p) => ({ id: p.id, claim: p.claim, source: p.source, method: p.method, expected: p.expected })) });
    return;
  }
  const idWidth = Math.max(...properties.map((p) => p.id.length)) + 2;
  console.log(renderTable(['id', 'expected', 'claim'], properties.map((p) => [p.id, p.expected, p.claim]), [idWidth, 10, 72]));
}

export function checkCommand(registry: Registry, setExit: (code: number) => void): Command {
  return addFileOption(new Command('check'))
    .description('run the claims (built-in and --file ones; all, or those named) and print the verdict table')
    .argument('[ids...]', 'property ids (default: all)')
    .option('--no-builtins', 'run only the claims of the --file modules')
    .option('--json', 'print one JSON document {"results":[...]}')
    .option('--seed <S>', 'seed for generated cases', String(DEFAULT_SEED))
    .option('--path <P>', 'fast-check path: replay that one generated case (with one id and its --seed); reports the case passed or failed, not the claim\'s verdict')
    .option('--list', 'list the properties and exit (with --json: {"properties":[...]})')
    .action(async (ids: string[], opts: CheckFlags) => {
      const properties = registry.claims.filter((e) => opts.builtins || e.origin !== BUILT_IN).map((e) => e.claim);
      if (!opts.builtins && properties.length === 0) throw new UsageError('--no-builtins leaves no claim to run: name a file with claims (--file my-claims.ts)');
      if (opts.list) return printList(selectProperties(properties, ids), Boolean(opts.json));
      const seed = parseSeed(opts.seed);
      if (opts.path !== undefined && ids.length !== 1) throw new UsageError('--path replays one property: name exactly one id');
      const selected = selectProperties(properties, ids);
      const progress = progressFor(Boolean(opts.json));
      const results: CheckResult[] = [];
      for (const [i, p] of selected.entries()) {
        const ctx = { seed, path: opts.path, progress: (what: string) => progress.update(`${p.id}: ${what}`, i / selected.length) };
        results.push(await runProperty(p, ctx));
      }
      progress.stop();
      if (opts.path !== undefined) return setExit(printReplay(results[0], Boolean(opts.json)));
      if (opts.json) {
        printJson({ results: results.map((r) => checkResultJson(r, seed)) });
      } else printHuman(results, (id) => registry.claims.find((e) => e.claim.id === id)?.origin ?? BUILT_IN);
      setExit(results.every((r) => r.asExpected) ? 0 : 1);
    });
}
