/** The explorer's server answers only loopback Host headers (DNS rebinding): real requests against a server on a free loopback port. */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../src/cli/explore.ts';
import { allowedHost } from '../../src/cli/host-check.ts';

type Server = Awaited<ReturnType<typeof serve>>;
let server: Server;
let port: number;

/** GET / with this Host header: status and body. */
function get(host: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path: '/', method: 'GET', headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  server = await serve(new Map([['/index.html', Buffer.from('<p>the page</p>')]]), '127.0.0.1', 0);
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('lbcheck explore: Host header', () => {
  it('serves the loopback names with its port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect([host, await get(host)]).toEqual([host, { status: 200, body: '<p>the page</p>' }]);
    }
  });

  it('refuses a hostile name (DNS rebinding), another port, and a loopback-looking prefix with 421 and not the page', async () => {
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `127.0.0.1:${port + 1}`,
      `127.0.0.1.evil.example:${port}`,
      `localhost.evil.example:${port}`,
      '127.0.0.1',
    ]) {
      const r = await get(host);
      expect([host, r.status]).toEqual([host, 421]);
      expect(r.body).not.toContain('the page');
    }
  });

  it('answers the address given to --host when it is a specific one, never any name on a wildcard', () => {
    expect(allowedHost('192.168.1.5:8765', '192.168.1.5', 8765)).toBe(true);
    expect(allowedHost('evil.example:8765', '0.0.0.0', 8765)).toBe(false);
    expect(allowedHost('0.0.0.0:8765', '0.0.0.0', 8765)).toBe(false);
    expect(allowedHost('localhost', '127.0.0.1', 80)).toBe(true);
    expect(allowedHost(undefined, '127.0.0.1', 80)).toBe(false);
  });
});
