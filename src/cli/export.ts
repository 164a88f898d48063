/** `lbcheck export <family>`: write a model's chain for PRISM or Storm (src/export/). */
import { Command, Option } from 'commander';
import type { ModelFamily } from '../core/model.ts';
import type { ParamSpecs } from '../core/params.ts';
import { exportChain, exportFiles, FORMATS, writeExport, type ExportFormat } from '../export/index.ts';
import { familiesOf, type Registry } from '../registry/registry.ts';
import { addFileOption } from './files.ts';
import { paramText } from '../report/table.ts';
import { addParamOptions, rawParams } from './model-options.ts';
import { printJson } from './output.ts';
import { shellCommand, wrap } from '../report/wrap.ts';

interface ExportFlags {
  format: ExportFormat;
  out: string;
  json?: boolean;
}

/** How to load the files, for the human summary. */
function commandLines(format: ExportFormat, prefix: string, rewards: string[]): string[] {
  const srew = rewards.map((r) => ` -importstaterewards ${prefix}.${r}.srew`).join('');
  switch (format) {
    case 'prism-explicit':
      return [`prism -importtrans ${prefix}.tra -importstates ${prefix}.sta -importlabels ${prefix}.lab${srew} -ctmc ${prefix}.props`];
    case 'drn':
      return [`storm --explicit-drn ${prefix}.drn --prop ${prefix}.props`];
    case 'prism':
      return [`prism ${prefix}.sm ${prefix}.props`, `storm --prism ${prefix}.sm --prop ${prefix}.props`];
  }
}

function runExport(family: ModelFamily<ParamSpecs, unknown>, opts: Record<string, unknown> & ExportFlags): void {
  const start = performance.now();
  const params = family.parse(rawParams(family, opts));
  const chain = exportChain(family, params, { exact: opts.format === 'prism' });
  const files = writeExport(opts.out, exportFiles(opts.format, chain));
  const rewards = chain.metrics.flatMap((m) => [m.name, ...(m.per ? [`${m.name}_per`] : [])]);
  const report = {
    model: family.id,
    params: chain.params,
    format: opts.format,
    states: chain.states,
    transitions: chain.rowPtr[chain.states],
    metrics: Object.fromEntries(
      chain.metrics.map((m) => [m.original, { reward: m.name, ...(m.per ? { per: `${m.name}_per` } : {}), label: m.indicator ? m.name : null }]),
    ),
    ...(chain.truncation ? { truncation: chain.truncation } : {}),
    files,
    seconds: (performance.now() - start) / 1000,
  };
  if (opts.json) {
    printJson(report);
    return;
  }
  console.log(`${family.id}  ${paramText(chain.params)}`);
  console.log(
    wrap(
      `${report.states} states, ${report.transitions} transitions` +
        (chain.truncation
          ? `, truncated at K = ${chain.truncation.K} (${chain.truncation.frontier} frontier states, ` +
            `boundary mass ${chain.truncation.boundaryMass.toExponential(2)})`
          : ''),
    ),
  );
  console.log(wrap(`wrote ${files.join(', ')}`));
  for (const line of commandLines(opts.format, opts.out, rewards)) console.log(shellCommand('  ', line).join('\n'));
}

export function exportCommand(registry: Registry): Command {
  const cmd = addFileOption(new Command('export').description("write a model's CTMC for PRISM or Storm (explicit files, DRN, or PRISM language)"));
  for (const family of familiesOf(registry)) {
    const sub = new Command(family.id).description(family.title);
    addParamOptions(sub, family);
    sub
      .addOption(
        new Option('--format <format>', 'prism-explicit (.tra .sta .lab .srew), drn (Storm) or prism (PRISM language)').choices(FORMATS).makeOptionMandatory(),
      )
      .requiredOption('--out <prefix>', 'path prefix of the files written, e.g. out/jiq')
      .option('--json', 'print one JSON document')
      .action((opts: Record<string, unknown> & ExportFlags) => runExport(family, opts));
    cmd.addCommand(addFileOption(sub));
  }
  return cmd;
}
