/**
 * Sweeps across machines: points become BullMQ jobs on Redis, and `lbcheck
 * worker` processes on any machine take them. A worker that dies mid-job stops
 * renewing the job's lock; after lockDuration another worker's stalled-job check
 * puts the job back on the queue and it runs again there (BullMQ's stalled-job
 * handling). Results travel back as the jobs' return values; the coordinator
 * writes each point once and then removes its job.
 *
 * Queue URLs may carry credentials (redis://user:password@host:port, rediss://
 * for TLS): only redactUrl's host:port form is ever printed or written.
 */
import { QueueEvents, Queue, Worker, type Job } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { UsageError } from '../core/errors.ts';
import { parseJobData, type JobData, type JobOutcome } from './job.ts';

/** One queue for every sweep: a job carries its sweep's id, so workers need no per-sweep set-up. */
export const QUEUE_NAME = 'lbcheck-sweep';

/** The queue with no credentials: "redis://host:port" (or rediss://). */
export function redactUrl(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/** Removes any trace of the URL's credentials from an error message. */
function scrub(message: string, url: URL): string {
  let m = message;
  for (const secret of [url.password, url.username, decodeURIComponent(url.password)]) if (secret.length >= 3) m = m.split(secret).join('***');
  return m.split('\n')[0];
}

/** The queue URL checked; `source` names where it came from in messages (--queue, --queue-file FILE, LBCHECK_QUEUE). */
export function parseQueueUrl(text: string, source = '--queue'): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${source} must be a URL redis://HOST:PORT or rediss://HOST:PORT (credentials as user:password@ are allowed)`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw new UsageError(`${source} must be redis:// or rediss://, got ${url.protocol}//`);
  if (url.hostname === '') throw new UsageError(`${source} names no host`);
  for (const part of ['user', 'password'] as const) {
    try {
      decodeURIComponent(part === 'user' ? url.username : url.password);
    } catch {
      // The text itself is never shown: it may be the password.
      throw new UsageError(`${source}: the ${part} has a % that starts no valid escape (write a literal % as %25)`);
    }
  }
  return url;
}

const CONNECT_TIMEOUT_MS = 3000;

/** ioredis options for `url`: TLS for rediss://, and a bounded number of reconnects (a lost queue is an error, not a hang). */
function redisOptions(url: URL): RedisOptions {
  return {
    host: url.hostname,
    port: url.port === '' ? 6379 : Number(url.port),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: { servername: url.hostname } } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: null,
    retryStrategy: (times) => (times > 10 ? null : Math.min(200 * times, 2000)),
  };
}

/** Connects once, without retrying: an unreachable queue is one line (UsageError), quickly. */
export async function probe(url: URL): Promise<void> {
  const client = new Redis({ ...redisOptions(url), lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  let cause: Error | undefined;
  client.on('error', (e: Error) => (cause ??= e));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    const why = cause ?? (e instanceof Error ? e : new Error(String(e)));
    throw new UsageError(`cannot reach the queue at ${redactUrl(url)}: ${scrub(why.message, url)}`);
  } finally {
    client.disconnect();
  }
}

/**
 * A connection for BullMQ that fails the run (via `lost`) once its reconnects
 * are used up. BullMQ duplicates it for blocking commands (and closes some
 * copies in normal operation, so only the original's end means a lost queue);
 * the copies' errors, which carry no credentials, are handled rather than
 * printed by ioredis.
 */
function connection(url: URL, lost: (message: string) => void): Redis {
  const client = new Redis(redisOptions(url));
  client.on('error', () => {});
  client.on('end', () => lost(`lost the connection to the queue at ${redactUrl(url)}`));
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((override?: Partial<RedisOptions>) => duplicate(override).on('error', () => {})) as typeof client.duplicate;
  return client;
}

const jobId = (d: JobData): string => `${d.sweep}-${d.point}`;

/**
 * A listener (on its own connection) for `queue`'s events that reads from the
 * newest event there now (asked through `client`).
 * From BullMQ's default ('$', resolved at its first blocking read) it would
 * miss the events that arrive before that read, and a job finished in that
 * window would never be seen to finish (the likely cause of a 60 s wait that timed out in a CI run).
 */
export async function queueEvents(queue: Queue, client: Redis, listener: Redis): Promise<QueueEvents> {
  const [newest] = await client.xrevrange(queue.keys.events, '+', '-', 'COUNT', 1);
  return new QueueEvents(queue.name, { connection: listener, lastEventId: newest?.[0] ?? '0-0' });
}

/** Closing waits on Redis; once the queue is gone that can take forever, so give up after a while. */
const CLOSE_TIMEOUT_MS = 3000;
function closeWithin(closing: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
  return Promise.race([closing, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Puts the jobs on the queue and waits for each to finish, calling `onOutcome`
 * as results arrive. A job left failed by an earlier run of the same sweep is
 * queued afresh; one that fails now (e.g. stalled more than the workers allow)
 * is reported in `failed` and not written, so --resume retries it.
 */
export async function runQueued(
  urlText: string,
  jobs: readonly JobData[],
  onOutcome: (data: JobData, outcome: JobOutcome) => void,
): Promise<{ failed: { point: number; error: string }[] }> {
  const url = parseQueueUrl(urlText);
  await probe(url);
  let fail: (e: Error) => void = () => {};
  const lostQueue = new Promise<never>((_, reject) => (fail = reject));
  lostQueue.catch(() => {});
  const lost = (message: string): void => fail(new UsageError(message));
  const client = connection(url, lost);
  const queue = new Queue(QUEUE_NAME, { connection: client });
  queue.on('error', () => {});
  queue.setMaxListeners(0);
  const events = await Promise.race([queueEvents(queue, client, connection(url, lost)), lostQueue]);
  events.on('error', () => {});
  events.setMaxListeners(0);
  const failed: { point: number; error: string }[] = [];
  try {
    await Promise.race([events.waitUntilReady(), lostQueue]);
    await Promise.all(
      jobs.map(async (d) => {
        const old = await queue.getJob(jobId(d));
        if (old && (await old.isFailed())) await old.remove();
      }),
    );
    const added = await Promise.race([
      queue.addBulk(jobs.map((d) => ({ name: d.command, data: d, opts: { jobId: jobId(d), attempts: 2, removeOnComplete: false, removeOnFail: false } }))),
      lostQueue,
    ]);
    const byId = new Map(jobs.map((d) => [jobId(d), d]));
    const wait = async (job: Job): Promise<void> => {
      const d = byId.get(job.id!)!;
      try {
        onOutcome(d, (await job.waitUntilFinished(events)) as JobOutcome);
        await job.remove().catch(() => {});
      } catch (e) {
        failed.push({ point: d.point, error: scrub(e instanceof Error ? e.message : String(e), url) });
      }
    };
    await Promise.race([Promise.all(added.map(wait)), lostQueue]);
  } finally {
    await closeWithin(Promise.allSettled([events.close(), queue.close()]));
  }
  return { failed };
}

export interface ServeOptions {
  /** Jobs taken at once (one per pool thread). */
  readonly concurrency: number;
  /** ms a job's lock lasts without renewal before the job counts as stalled (BullMQ default 30000). */
  readonly lockDuration: number;
  /** ms between a worker's checks for stalled jobs (BullMQ default 30000). */
  readonly stalledInterval: number;
  readonly log: (line: string) => void;
}

/** Takes jobs from the queue until closed, running each through `run` (the local pool). */
export async function serveQueue(
  urlText: string,
  run: (d: JobData) => Promise<JobOutcome>,
  o: ServeOptions,
): Promise<{ closed: Promise<never>; close(): Promise<void> }> {
  const url = parseQueueUrl(urlText);
  await probe(url);
  let fail: (e: Error) => void = () => {};
  const closed = new Promise<never>((_, reject) => (fail = reject));
  closed.catch(() => {});
  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job) => {
      const d = parseJobData(job.data);
      const start = performance.now();
      o.log(`point ${d.point} of sweep ${d.sweep}: ${d.command} ${d.subject} started`);
      const outcome = await run(d);
      o.log(
        `point ${d.point} of sweep ${d.sweep}: ${outcome.ok ? 'ok' : `not ok${outcome.error ? ` (${outcome.error})` : ''}`} ` +
          `in ${((performance.now() - start) / 1000).toFixed(2)} s`,
      );
      return outcome;
    },
    {
      connection: connection(url, (m) => fail(new UsageError(m))),
      concurrency: o.concurrency,
      lockDuration: o.lockDuration,
      stalledInterval: o.stalledInterval,
      maxStalledCount: 2,
    },
  );
  worker.on('error', () => {});
  await Promise.race([worker.waitUntilReady(), closed]);
  o.log(`taking jobs from ${redactUrl(url)} (queue ${QUEUE_NAME}, ${o.concurrency} at a time)`);
  // Closing finishes the jobs in hand; after the connection is lost it cannot, so it is forced and bounded.
  let lost = false;
  closed.catch(() => (lost = true));
  return { closed, close: () => (lost ? closeWithin(worker.close(true)).then(() => {}) : worker.close()) };
}
