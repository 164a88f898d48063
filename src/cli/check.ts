/** `lbcheck check [ids...]`: run properties and print the verdict table. */
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import { BUILT_IN, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { DEFAULT_SEED, runProperty, selectProperties, type CheckResult } from '../check/runner.ts';
import type { Property } from '../check/property.ts';
import { renderTable } from '../report/table.ts';
import { idColumn, readPath, refutationLines, replayText, verdictHeader, verdictRow } from '../report/verdict-lines.ts';
import { parseSeed } from '../sim/random.ts';
import { checkResultJson, replayJson } from '../report/result-json.ts';
import { printJson } from './output.ts';
import { progressFor } from './progress.ts';

interface CheckFlags {
  json?: boolean;
  seed: string;
  path?: string;
  list?: boolean;
  builtins: boolean;
  verbose?: boolean;
}

/** After the rows: each counterexample with its replay (`origin(id)`: the --file a claim came from, or BUILT_IN), then the count. */
function printEnd(results: CheckResult[], origin: (id: string) => string): void {
  for (const r of results) {
    if (r.verdict !== 'refuted') continue;
    const file = origin(r.id) === BUILT_IN ? '' : ` --file ${origin(r.id)}`;
    console.log(`\n${refutationLines(r, `lbcheck check ${r.id}${file} --seed ${r.seed}`).join('\n')}`);
  }
  const off = results.filter((r) => !r.asExpected);
  console.log(
    `\n${results.length} properties, ${results.length - off.length} as expected${off.length ? `, ${off.length} not: ${off.map((r) => r.id).join(', ')}` : ''}`,
  );
}

/**
 * A replay (`--path`) as what it is: one case, passed or failed, never the
 * claim's verdict. Exit code 0 when the case passed.
 */
function printReplay(r: CheckResult, json: boolean): number {
  const replay = r.replay;
  if (!replay) throw new UsageError(`${r.id} is not decided on generated cases: --path has no case to replay (run it without --path)`);
  if (json) printJson({ replay: replayJson(r.id, replay, r.seconds) });
  else console.log(replayText(r.id, replay).join('\n'));
  return replay.outcome === 'passed' ? 0 : 1;
}

/** The properties (all, or those named), ids whole (the id column is as wide as the longest id). */
function printList(properties: readonly Property[], json: boolean): void {
  if (json) {
    printJson({ properties: properties.map((p) => ({ id: p.id, claim: p.claim, source: p.source, method: p.method, expected: p.expected })) });
    return;
  }
  const idWidth = Math.max(...properties.map((p) => p.id.length)) + 2;
  console.log(
    renderTable(
      ['id', 'expected', 'claim'],
      properties.map((p) => [p.id, p.expected, p.claim]),
      [idWidth, 10, 72],
    ),
  );
}

export function checkCommand(registry: Registry, setExit: (code: number) => void): Command {
  return addFileOption(new Command('check'))
    .description('run the claims (built-in and --file ones; all, or those named) and print the verdict table')
    .argument('[ids...]', 'property ids (default: all)')
    .option('--no-builtins', 'run only the claims of the --file modules')
    .option('--json', 'print one JSON document {"results":[...]}')
    .option('--seed <S>', 'seed for generated cases', String(DEFAULT_SEED))
    .option(
      '--path <P>',
      "fast-check path: replay that one generated case (with one id and its --seed); reports the case passed or failed, not the claim's verdict",
    )
    .option('--verbose', 'under each verdict: the claim, its source, the method and the whole evidence')
    .option('--list', 'list the properties and exit (with --json: {"properties":[...]})')
    .action(async (ids: string[], opts: CheckFlags) => {
      const properties = registry.claims.filter((e) => opts.builtins || e.origin !== BUILT_IN).map((e) => e.claim);
      if (!opts.builtins && properties.length === 0)
        throw new UsageError('--no-builtins leaves no claim to run: name a file with claims (--file my-claims.ts)');
      if (opts.list) return printList(selectProperties(properties, ids), Boolean(opts.json));
      const seed = parseSeed(opts.seed);
      if (opts.path !== undefined && ids.length !== 1) throw new UsageError('--path replays one property: name exactly one id');
      const selected = selectProperties(properties, ids);
      const path = opts.path === undefined ? undefined : readPath(opts.path);
      const progress = progressFor(Boolean(opts.json));
      const idWidth = idColumn(selected.map((p) => p.id));
      // A replay prints its one case (printReplay), not a verdict table.
      const table = !opts.json && path === undefined;
      if (table) console.log(verdictHeader(idWidth).join('\n'));
      const results: CheckResult[] = [];
      for (const [i, p] of selected.entries()) {
        const ctx = { seed, path, progress: (what: string) => progress.update(`${p.id}: ${what}`, i / selected.length) };
        const result = await runProperty(p, ctx);
        results.push(result);
        // Each row as its verdict is decided (the bar, on a terminal, is cleared first and comes back on the next update).
        progress.stop();
        if (table) console.log(verdictRow(result, idWidth, Boolean(opts.verbose)).join('\n'));
      }
      if (opts.path !== undefined) return setExit(printReplay(results[0], Boolean(opts.json)));
      if (opts.json) {
        printJson({ results: results.map((r) => checkResultJson(r, seed)) });
      } else printEnd(results, (id) => registry.claims.find((e) => e.claim.id === id)?.origin ?? BUILT_IN);
      setExit(results.every((r) => r.asExpected) ? 0 : 1);
    });
}
