/** `lbcheck figure <id>`: reproduce a paper's figure (data table or JSON, and an SVG drawing). */
import { Command } from 'commander';
import { intParam } from '../core/params.ts';
import { parseSeed } from '../sim/random.ts';
import { renderTable } from '../report/table.ts';
import { defaultThreads } from '../sweep/pool.ts';
import { parseQueueUrl, redactUrl } from '../sweep/queue.ts';
import { ALPHA2, LAMBDA, p1Fig2 } from './figures/p1-fig2.ts';
import { accuracyCommand } from './figures/mean-field-accuracy-command.ts';
import { parsePositive, printJson } from './output.ts';
import { countProgress } from './progress.ts';
import { checkWritable, writeOutput } from './writable.ts';
import { QUEUE_ENV, QUEUE_HELP, queueSource } from './queue-source.ts';
import { short, zText } from './sim-output.ts';

interface Fig2Flags {
  svg?: string;
  N: string;
  T: string;
  seed: string;
  jobs?: string;
  queue?: string;
  queueFile?: string;
  json?: boolean;
}

async function runFig2(opts: Fig2Flags): Promise<number> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const N = intParam('number of servers', { min: 1 }).read(opts.N, 'N');
  const horizon = parsePositive(opts.T, '--T');
  const seed = parseSeed(opts.seed);
  const threads = opts.jobs === undefined ? undefined : intParam('threads', { min: 1, max: 1024 }).read(opts.jobs, 'jobs');
  const source = queueSource(opts);
  const queue = source === undefined ? undefined : parseQueueUrl(source.text, source.source);
  if (opts.svg) checkWritable(opts.svg, '--svg');
  const progress = countProgress(ALPHA2.length * LAMBDA.length, 'grid points', Boolean(opts.json));
  let r: Awaited<ReturnType<typeof p1Fig2>>;
  try {
    r = await p1Fig2({ N, horizon, seed, execution: { threads, queue: queue?.href }, onProgress: () => progress.tick() });
  } finally {
    progress.stop();
  }
  if (opts.svg) writeOutput(opts.svg, r.svg, '--svg');
  const used = process.cpuUsage(cpu);
  const ran = queue ? { queue: redactUrl(queue) } : { threads: threads ?? defaultThreads() };
  const timing = { ran, seconds: (performance.now() - start) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
  const { svg: _svg, ...data } = r;
  if (opts.json) printJson({ figure: 'p1-fig2', ...data, svgFile: opts.svg ?? null, ...timing });
  else {
    console.log(
      `P1 Figure 2: JIQ blocking, N = ${N}, R = 2, simulated T = ${horizon} per point (seed ${seed}), ${short(r.eventsPerSecond / 1e6)} M events/s per thread`,
    );
    const rows = r.points.map((q) => [
      short(q.alpha2),
      short(q.lambda),
      `${short(q.simulated.mean)} ± ${short(q.simulated.stderr)}`,
      short(q.productForm),
      zText(q.z),
      q.flagged ? 'FLAGGED' : q.z === null ? 'undecided' : '',
    ]);
    console.log(renderTable(['alpha2', 'lambda', 'simulated B ± stderr', 'product form B', 'z', ''], rows));
    console.log(
      `verdict ${r.verdict}: ${r.rule.comparisons} points, Šidák at family-wise ${r.rule.familyWiseLevel}: each |z| <= ${r.points[0].critical.toFixed(2)}`,
    );
    console.log(
      `${timing.seconds.toFixed(1)} s wall, ${timing.cpuSeconds.toFixed(1)} s CPU in this process, ` +
        `${queue ? `through the queue at ${redactUrl(queue)}` : `on ${ran.threads} thread(s)`}`,
    );
    if (opts.svg) console.log(`wrote ${opts.svg}`);
  }
  return r.verdict === 'pass' ? 0 : 1;
}

export function figureCommand(setExit: (code: number) => void): Command {
  return new Command('figure')
    .description('reproduce a figure of the papers')
    .addCommand(accuracyCommand(setExit))
    .addCommand(
      new Command('p1-fig2')
        .description('[P1] Fig. 2: JIQ blocking over alpha_2 and lambda, simulated (N = 10^5, R = 2) against the product form')
        .option('--svg <file>', 'write the figure as SVG')
        .option('--N <servers>', 'number of servers', '100000')
        .option('--T <time>', 'simulated time per grid point, warm-up included', '60')
        .option('--seed <S>', 'base seed; grid point k runs with seed S + k', '1')
        .option('--jobs <n>', 'grid points at once on local threads (default: every core)')
        .option(
          '--queue <url>',
          `run the grid through a Redis queue taken by \`lbcheck worker\`: ${QUEUE_HELP.queue}; default: the environment variable ${QUEUE_ENV} when set`,
        )
        .option('--queue-file <file>', QUEUE_HELP.queueFile)
        .option('--json', 'print one JSON document (the data; the SVG goes to --svg)')
        .action(async (opts: Fig2Flags) => setExit(await runFig2(opts))),
    );
}
