/**
 * The explorer under a real browser: Debian's chromium driven by playwright-core
 * (no browser download; launch flags from TOOLCHAIN.md), and `lbcheck explore`
 * started as a user would, on a free loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';

const BIN = fileURLToPath(new URL('../../bin/lbcheck.js', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Explorer {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  stop(): Promise<void>;
}

/** Starts `lbcheck explore` and resolves with the URL on its first line of stdout. */
export function startExplorer(args: string[], timeoutMs = 180_000): Promise<Explorer> {
  const child = spawn(process.execPath, [BIN, 'explore', ...args], { env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`explore printed no URL in ${timeoutMs} ms; stderr: ${err}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        ok({ url: line, process: child, stderr: () => err, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`explore exited with ${code} before printing its URL; stderr: ${err}`));
    });
  });
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'lbcheck-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1400, height: 1000 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where screenshots go: LBCHECK_SCREENSHOTS (e.g. docs/explorer) or a temporary directory. */
export function screenshotDir(): string {
  const dir = process.env.LBCHECK_SCREENSHOTS ?? join(tmpdir(), 'lbcheck-explorer-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}
