/** `lbcheck figure <id>`: reproduce a paper's figure (data table or JSON, and an SVG drawing). */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import { intParam } from '../core/params.ts';
import { parseSeed } from '../sim/random.ts';
import { renderTable } from '../report/table.ts';
import { p1Fig2 } from './figures/p1-fig2.ts';
import { printJson } from './output.ts';
import { progressFor } from './progress.ts';
import { parsePositive, short, zText } from './sim-output.ts';

interface Fig2Flags {
  svg?: string;
  N: string;
  T: string;
  seed: string;
  json?: boolean;
}

function writeSvg(file: string, svg: string): void {
  try {
    writeFileSync(file, svg);
  } catch (e) {
    throw new UsageError(`--svg ${file}: cannot write (${e instanceof Error ? e.message : String(e)})`);
  }
}

function runFig2(opts: Fig2Flags): number {
  const N = intParam('number of servers', { min: 1 }).read(opts.N, 'N');
  const horizon = parsePositive(opts.T, '--T');
  const seed = parseSeed(opts.seed);
  const progress = progressFor(Boolean(opts.json));
  const r = p1Fig2({ N, horizon, seed, onProgress: (what, f) => progress.update(what, f) });
  progress.stop();
  if (opts.svg) writeSvg(opts.svg, r.svg);
  const { svg: _svg, ...data } = r;
  if (opts.json) printJson({ figure: 'p1-fig2', ...data, svgFile: opts.svg ?? null });
  else {
    console.log(`P1 Figure 2: JIQ blocking, N = ${N}, R = 2, simulated T = ${horizon} per point (seed ${seed}), ${short(r.eventsPerSecond / 1e6)} M events/s`);
    const rows = r.points.map((q) => [
      short(q.alpha2), short(q.lambda), `${short(q.simulated.mean)} ± ${short(q.simulated.stderr)}`, short(q.productForm), zText(q.z), q.flagged ? 'FLAGGED' : q.z === null ? 'undecided' : '',
    ]);
    console.log(renderTable(['alpha2', 'lambda', 'simulated B ± stderr', 'product form B', 'z', ''], rows));
    console.log(`verdict ${r.verdict}: ${r.rule.comparisons} points, Šidák at family-wise ${r.rule.familyWiseLevel}: each |z| <= ${r.points[0].critical.toFixed(2)}`);
    if (opts.svg) console.log(`wrote ${opts.svg}`);
  }
  return r.verdict === 'pass' ? 0 : 1;
}

export function figureCommand(setExit: (code: number) => void): Command {
  return new Command('figure').description('reproduce a figure of the papers').addCommand(
    new Command('p1-fig2')
      .description('[P1] Fig. 2: JIQ blocking over alpha_2 and lambda, simulated (N = 10^5, R = 2) against the product form')
      .option('--svg <file>', 'write the figure as SVG')
      .option('--N <servers>', 'number of servers', '100000')
      .option('--T <time>', 'simulated time per grid point, warm-up included', '60')
      .option('--seed <S>', 'base seed; grid point k runs with seed S + k', '1')
      .option('--json', 'print one JSON document (the data; the SVG goes to --svg)')
      .action((opts: Fig2Flags) => setExit(runFig2(opts))),
  );
}
