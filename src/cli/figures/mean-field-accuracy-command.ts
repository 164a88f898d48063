/** `lbcheck figure mean-field-accuracy`: exact E_N against pi, pi + V/N, pi + V/N + A/N^2 (table, JSON, SVG). */
import { checkWritable, writeOutput } from '../writable.ts';
import { Command } from 'commander';
import { UsageError } from '../../core/errors.ts';
import { families } from '../../../models/index.ts';
import { fmt, renderTable } from '../../report/table.ts';
import { printJson } from '../output.ts';
import { meanFieldAccuracy } from './mean-field-accuracy.ts';

interface AccuracyFlags {
  family: string;
  params?: string;
  N: string;
  metric: string;
  svg?: string;
  json?: boolean;
}

const refinedFamilies = () => families.filter((f) => f.fluid?.refined);

function parseSizes(text: string): number[] {
  const m = /^(\d+)\.\.(\d+)$/.exec(text.trim());
  const sizes = m ? Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, (_, i) => Number(m[1]) + i) : text.split(',').map(Number);
  if (sizes.length < 1 || sizes.some((v) => !Number.isInteger(v) || v < 1) || (m && Number(m[2]) < Number(m[1])))
    throw new UsageError(`--N must be a list of integers >= 1 or a range a..b, got "${text}"`);
  return sizes;
}

/** "d=2,lambda=1/2" as option text by parameter name. */
function parseParams(text: string | undefined, known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (text ?? '').split(',').filter((s) => s.trim() !== '')) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (!k || v === undefined || !known.includes(k) || k === 'N' || k === 'sampling') {
      throw new UsageError(`--params takes name=value pairs of ${known.filter((n) => n !== 'N' && n !== 'sampling').join(', ')}, got "${part}"`);
    }
    out[k] = v;
  }
  return out;
}

function run(opts: AccuracyFlags): number {
  const start = performance.now();
  const family = refinedFamilies().find((f) => f.id === opts.family);
  if (!family)
    throw new UsageError(
      `--family must be one of ${refinedFamilies()
        .map((f) => f.id)
        .join(', ')} (the families with a refined view), got "${opts.family}"`,
    );
  const raw = parseParams(opts.params, Object.keys(family.params));
  const sizes = parseSizes(opts.N);
  if (opts.svg) checkWritable(opts.svg, '--svg');
  const quiet = Boolean(opts.json) || !process.stderr.isTTY;
  const r = meanFieldAccuracy({ family, raw, sizes, metric: opts.metric, progress: (w) => quiet || process.stderr.write(`\r${w}   `) });
  if (!quiet) process.stderr.write('\n');
  if (opts.svg) writeOutput(opts.svg, r.svg, '--svg');
  const seconds = (performance.now() - start) / 1000;
  if (opts.json)
    printJson({ figure: 'mean-field-accuracy', model: family.id, params: raw, metric: opts.metric, curves: r.curves, svgFile: opts.svg ?? null, seconds });
  else {
    for (const c of r.curves) {
      console.log(
        `${family.id} ${Object.entries(raw)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}${c.sampling ? ` sampling=${c.sampling}` : ''}: ${opts.metric}, pi = ${fmt(c.meanField)}, V = ${fmt(c.V)}, A = ${fmt(c.A)}`,
      );
      const rows = c.rows.map((x) => [
        x.N,
        fmt(x.exact),
        fmt(x.order1),
        fmt(x.order2),
        (x.exact - x.order1).toExponential(2),
        (x.exact - x.order2).toExponential(2),
        x.states,
      ]);
      console.log(renderTable(['N', 'exact E_N', 'pi + V/N', '+ A/N^2', 'exact - (pi + V/N)', 'exact - (.. + A/N^2)', 'states'], rows));
    }
    console.log(`${seconds.toFixed(1)} s`);
    if (opts.svg) console.log(`wrote ${opts.svg}`);
  }
  return 0;
}

export function accuracyCommand(setExit: (code: number) => void): Command {
  return new Command('mean-field-accuracy')
    .description('exact E_N at each N against the mean field pi, pi + V/N and pi + V/N + A/N^2 (every sampling the family has)')
    .option('--family <id>', 'a family with a refined mean field view', 'jsq-d')
    .option('--params <list>', "the family's parameters but N (and sampling), as name=value pairs", 'd=2,lambda=1/2')
    .option('--N <list>', 'sizes solved exactly: a list or a range a..b', '2..8')
    .option('--metric <name>', 'the metric drawn (flat name, e.g. meanJobs or s[2])', 'meanJobs')
    .option('--svg <file>', 'write the figure as SVG')
    .option('--json', 'print one JSON document')
    .action((opts: AccuracyFlags) => setExit(run(opts)));
}
