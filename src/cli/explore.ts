/**
 * `lbcheck explore`: serves the explorer page (web/, built ahead into
 * dist/web/ from the same modules as the CLI) on loopback, or writes it as a
 * static site with --out. The server answers GET for the files of the page,
 * of Z3 and of --file and nothing else: every answer comes from an in-memory
 * table of exact paths (explore-files.ts), so no request path ever reaches the
 * file system (no traversal, no listing), and no request runs anything. The
 * --file modules (loaded and checked by main.ts into the registry) are
 * compiled for the page's worker, which imports them.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Command } from 'commander';
import { UsageError } from '../core/errors.ts';
import { acceptHost } from './host-check.ts';
import { intParam } from '../core/params.ts';
import { BUILT_IN, type Registry } from '../registry/registry.ts';
import { explorerTable } from './explore-files.ts';
import { addFileOption } from './files.ts';
import { wrap } from '../report/wrap.ts';

interface ExploreFlags {
  port: string;
  host: string;
  out?: string;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  wasm: 'application/wasm',
  ts: 'text/plain; charset=utf-8',
};

function contentType(path: string): string {
  return TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** The user files the registry was loaded from (main.ts has read and checked every --file): as named, and absolute. */
function userFilesOf(registry: Registry): { shown: string; path: string }[] {
  const origins = [...registry.families.map((e) => e.origin), ...registry.claims.map((e) => e.origin)];
  return [...new Set(origins.filter((o) => o !== BUILT_IN))].map((o) => ({ shown: o, path: resolve(o) }));
}

export function serve(table: ReadonlyMap<string, Buffer>, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    // Cross-origin isolation (COOP + COEP) gives the page SharedArrayBuffer, which Z3's wasm threads need.
    const headers = {
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    };
    const address = server.address();
    if (!acceptHost(req, res, host, typeof address === 'object' && address ? address.port : port)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    // The path as sent, never decoded or normalised: only exact entries of the table exist.
    const raw = (req.url ?? '/').split('?')[0].split('#')[0];
    const path = raw === '/' ? '/index.html' : raw;
    const body = table.get(path);
    if (!body) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': contentType(path), 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(
        e.code === 'EADDRINUSE'
          ? new UsageError(`port ${port} on ${host} is in use; choose another with --port`)
          : e.code === 'EADDRNOTAVAIL'
            ? new UsageError(`--host ${host}: not an address of this machine`)
            : e,
      ),
    );
    server.listen(port, host, () => ok(server));
  });
}

/** --out must be a directory or a path that does not exist yet (the build writes a tree of files there). */
function refuseOutPath(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new UsageError(`--out ${dir}: exists and is not a directory; name a directory (new or existing) for the site`);
}

async function runExplore(registry: Registry, opts: ExploreFlags): Promise<void> {
  const port = intParam('port', { min: 0, max: 65535 }).read(opts.port, 'port');
  const files = userFilesOf(registry);
  if (opts.out) {
    const out = resolve(opts.out);
    refuseOutPath(out);
    const table = await explorerTable(files);
    for (const [path, bytes] of table) {
      mkdirSync(dirname(join(out, path)), { recursive: true });
      writeFileSync(join(out, path), bytes);
    }
    console.log(
      wrap(
        `wrote the explorer to ${out} (${table.size} files); open index.html from any static web server (Z3 in ` +
          `the page also needs the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)`,
      ),
    );
    return;
  }
  // Listen first: a port in use fails at once, before the table is read. Nothing is served until the URL is printed.
  const table = new Map<string, Buffer>();
  const server = await serve(table, opts.host, port);
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  if (opts.host !== '127.0.0.1' && opts.host !== 'localhost' && opts.host !== '::1') {
    process.stderr.write(`lbcheck: warning: serving on ${opts.host}: anyone who can reach port ${actual} there sees the page\n`);
  }
  for (const [k, v] of await explorerTable(files)) table.set(k, v);
  const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  console.log(`http://${shownHost}:${actual}/`);
  await new Promise<void>((done) => {
    const stop = () => server.close(() => done());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

export function exploreCommand(registry: Registry): Command {
  const cmd = new Command('explore')
    .description('serve the explorer page on loopback (its URL is the first line of stdout), or write it as a static site with --out')
    .option('--port <P>', 'port to listen on (0: any free port)', '8765')
    .option('--host <H>', 'address to listen on; anything but loopback is reachable by others', '127.0.0.1')
    .option('--out <DIR>', 'write the page as a static site to DIR and exit')
    .action((opts: ExploreFlags) => runExplore(registry, opts));
  return addFileOption(cmd);
}
