/**
 * Progress on stderr for long work: only on a terminal, never under --json or in CI.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** fraction in [0, 1] when known. */
  update(task: string, fraction?: number): void;
  /** Clears the bar (a later update shows it again). */
  stop(): void;
}

const silent: Progress = { update: () => {}, stop: () => {} };

/** Whether progress and notes about long work go to stderr: a terminal, not --json, not CI. */
export function interactive(json: boolean): boolean {
  return !json && Boolean(process.stderr.isTTY) && !process.env.CI;
}

export function progressFor(json: boolean): Progress {
  if (!interactive(json)) return silent;
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: '{bar} {percentage}% | {task}', hideCursor: true, clearOnComplete: true, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let last = 0;
  return {
    update(task, fraction) {
      last = fraction ?? last;
      if (!started) {
        bar.start(100, 0, { task });
        started = true;
      }
      bar.update(Math.round(100 * last), { task });
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}

/** A count of finished items with an ETA on stderr (terminal only), e.g. the points of a sweep. */
export function countProgress(total: number, unit: string, json: boolean): { tick(): void; stop(): void } {
  if (json || !process.stderr.isTTY || process.env.CI || total === 0) return { tick: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `{bar} {value}/{total} ${unit} | {percentage}% | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      fps: 5,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: () => bar.increment(), stop: () => bar.stop() };
}
