/**
 * The explorer's Host check against DNS rebinding: a page on another origin
 * whose name is made to resolve to 127.0.0.1 reaches the server with its own
 * name in the Host header. Only loopback names with the server's port are
 * answered (and the address given to --host, when it is a specific one);
 * anything else gets 421.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** Is `host` (a Host header) a name this server, listening on `listen`:`port`, answers to? */
export function allowedHost(host: string | undefined, listen: string, port: number): boolean {
  if (host === undefined) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!m) return false;
  const portOk = m[2] === undefined ? port === 80 : Number(m[2]) === port;
  const own = listen.includes(':') ? `[${listen.toLowerCase()}]` : listen.toLowerCase();
  const wildcard = own === '0.0.0.0' || own === '[::]';
  return portOk && (LOOPBACK.includes(m[1]) || (!wildcard && m[1] === own));
}

/** True when the request's Host is allowed; otherwise answers 421 and returns false. */
export function acceptHost(req: IncomingMessage, res: ServerResponse, listen: string, port: number): boolean {
  if (allowedHost(req.headers.host, listen, port)) return true;
  res
    .writeHead(421, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' })
    .end('misdirected request: this server answers only to its loopback address\n');
  return false;
}
