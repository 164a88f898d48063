/**
 * Where a queue URL comes from. A URL with credentials in argv is readable by
 * every local user (/proc/PID/cmdline, ps), so it may also come from a file
 * (--queue-file, its first non-empty line) or from the environment variable
 * LBCHECK_QUEUE. An explicit option wins over the environment; the URL's
 * password is never printed (sweep/queue.ts redacts it).
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../core/errors.ts';

export const QUEUE_ENV = 'LBCHECK_QUEUE';

export const QUEUE_HELP = {
  queue:
    'Redis queue URL redis://HOST:PORT (rediss:// for TLS); credentials (user:password@) are better given by ' +
    '--queue-file or LBCHECK_QUEUE, since argv is readable by other users',
  queueFile: 'read the queue URL from the first non-empty line of this file (keep it readable by you only)',
};

export interface QueueFlags {
  queue?: string;
  queueFile?: string;
}

/** The queue URL text and where it came from (for messages), or undefined when no queue is named. */
export function queueSource(opts: QueueFlags, env: NodeJS.ProcessEnv = process.env): { text: string; source: string } | undefined {
  if (opts.queue !== undefined && opts.queueFile !== undefined) throw new UsageError('--queue and --queue-file both name the queue: give one');
  if (opts.queue !== undefined) return { text: opts.queue, source: '--queue' };
  if (opts.queueFile !== undefined) {
    let content: string;
    try {
      content = readFileSync(opts.queueFile, 'utf8');
    } catch (e) {
      throw new UsageError(`--queue-file ${opts.queueFile}: cannot read (${e instanceof Error && 'code' in e ? String(e.code) : 'error'})`);
    }
    const line = content
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '');
    if (line === undefined) throw new UsageError(`--queue-file ${opts.queueFile}: the file is empty`);
    return { text: line, source: `--queue-file ${opts.queueFile}` };
  }
  const fromEnv = env[QUEUE_ENV]?.trim();
  return fromEnv ? { text: fromEnv, source: QUEUE_ENV } : undefined;
}
