/// <reference lib="dom" />
/**
 * The explorer in a real browser (chromium + playwright-core): every view, the
 * same values as the CLI, edits re-run in the page, bad input explained in the
 * page, and a server that serves the bundle and nothing else. Timings are
 * measured and written to a report (never asserted: the machine is shared).
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { couplingTheorem1PerDispatcher } from '../../properties/coupling-theorem1-per-dispatcher.ts';
import { jiqBlocking } from '../../models/jiq-blocking.ts';
import type { TraceCounterexample } from '../../src/check/trace-claim.ts';
import { POLICY } from '../../src/core/numerical-policy.ts';
import { METHODS, SOLVERS } from '../../src/ctmc/solve.ts';
import { lbcheck } from '../support/cli.ts';
import { launchBrowser, screenshotDir, startExplorer, type Browser, type Explorer } from './browser.ts';

const BIN = fileURLToPath(new URL('../../bin/lbcheck.js', import.meta.url));
const floors: Record<string, number | string> = {};
let explorer: Explorer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  explorer = await startExplorer(['--port', '0', '--file', 'test/web/fixtures/user-claim.ts', '--file', 'examples/jiq-sqd.ts']);
  browser = await launchBrowser();
  page = await browser.context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await explorer?.stop();
  const report = join(tmpdir(), 'lbcheck-explorer-floors.json');
  writeFileSync(report, `${JSON.stringify(floors, null, 2)}\n`);
  console.log(`explorer floors (${report}): ${JSON.stringify(floors)}`);
});

/** GET with the path sent exactly as given (no URL normalisation on our side). */
function rawGet(base: string, path: string, method = 'GET'): Promise<number> {
  const u = new URL(base);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, path, method }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * A fresh load of the page at `hash`: a goto that changes only the hash would keep the last view on screen until the page re-routes, and a selector could
 * match that view.
 */
async function open(hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${explorer.url}${hash}`);
  await page.waitForSelector('body[data-ready-ms]');
}

const shot = (name: string, fullPage = true) => page.screenshot({ path: join(screenshotDir(), `${name}.png`), fullPage });

describe('lbcheck explore: the server', () => {
  it('prints a loopback URL first and serves the page', async () => {
    expect(explorer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await rawGet(explorer.url, '/')).toBe(200);
    // The --file modules: each as given and compiled for the page's worker, listed in files/index.json.
    const index = (await (await fetch(new URL('files/index.json', explorer.url))).json()) as { path: string; module: string }[];
    expect(index.map((e) => e.path).sort()).toEqual(['examples/jiq-sqd.ts', 'test/web/fixtures/user-claim.ts']);
    for (const e of index) {
      expect(await rawGet(explorer.url, `/${e.module}`)).toBe(200);
      expect(await rawGet(explorer.url, `/${e.module.replace(/\.js$/, '')}`)).toBe(200);
    }
  });

  it('answers 404 outside the bundle: traversal, encoded traversal, unknown path, a directory', async () => {
    expect(await rawGet(explorer.url, '/z3/z3-built.js')).toBe(200);
    for (const path of [
      '/../package.json',
      '/z3/',
      '/z3/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/nope.js',
      '/assets/',
      '/files/',
      '/web/vite.config.ts',
    ]) {
      expect([path, await rawGet(explorer.url, path)]).toEqual([path, 404]);
    }
    expect(await rawGet(explorer.url, '/', 'POST')).toBe(405);
  });

  it('warns when --host is not loopback, before anything is served', async () => {
    const child = spawn(process.execPath, [BIN, 'explore', '--host', '0.0.0.0', '--port', '0'], {
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const warning = await new Promise<string>((ok) => {
      let err = '';
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
        if (err.includes('\n')) ok(err.split('\n')[0]);
      });
    });
    child.kill('SIGTERM');
    expect(warning).toMatch(/^lbcheck: warning: serving on 0\.0\.0\.0: anyone who can reach port \d+ there sees the page$/);
  });

  it('refuses a port in use in one line with exit code 2', () => {
    const port = new URL(explorer.url).port;
    const r = lbcheck('explore', '--port', port);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([`lbcheck: port ${port} on 127.0.0.1 is in use; choose another with --port`]);
    expect(r.stdout).toBe('');
  });
});

describe('the explorer in chromium', () => {
  it('lists the built-in claims and the --file claim, interactive within the floor', async () => {
    const start = Date.now();
    await open('#/');
    await page.waitForSelector('[data-testid="claims-view"] tr[data-claim]');
    floors.interactiveMs = Number(await page.getAttribute('body', 'data-ready-ms'));
    floors.interactiveWallMs = Date.now() - start;
    const ids = await page.$$eval('tr[data-claim]', (rows) => rows.map((r) => r.getAttribute('data-claim')));
    const cli = JSON.parse(lbcheck('list', '--json', '--file', 'test/web/fixtures/user-claim.ts').stdout || 'null');
    expect(ids).toContain('coupling-theorem1-per-dispatcher');
    expect(ids).toContain('user-mm1k-mean');
    if (cli && Array.isArray(cli.claims)) expect(ids).toEqual(cli.claims.map((c: { id: string }) => c.id));
    await shot('claims', false);
  });

  it('shows the coupling counterexample of coupling-theorem1-per-dispatcher with the values of check --json', async () => {
    const cli = JSON.parse(lbcheck('check', 'coupling-theorem1-per-dispatcher', '--json').stdout).results[0];
    const cx = cli.counterexample as TraceCounterexample;
    await open('#/claim/coupling-theorem1-per-dispatcher');
    await page.waitForSelector('[data-testid="trace-view"]', { timeout: 60_000 });
    await page.click('[data-testid="first"]');
    expect(await page.textContent('[data-testid="step"]')).toBe(`step 0 of ${cx.steps.length - 1}`);
    await page.click('[data-testid="forward"]');
    expect(await page.textContent('[data-testid="step"]')).toBe(`step 1 of ${cx.steps.length - 1}`);
    await page.click('[data-testid="back"]');
    await page.click('[data-testid="jump"]');
    const v = cx.violation!;
    expect(await page.textContent('[data-testid="step"]')).toBe(`step ${v.step} of ${cx.steps.length - 1}`);
    expect(await page.textContent('[data-testid="trace-verdict"]')).toBe(`the order fails after step ${v.step}: ${v.why}`);
    const last = cx.steps[v.step];
    for (const [system, value] of Object.entries(last.ordered[v.comparison.quantity])) {
      const cell = `[data-ordered="${v.comparison.quantity}"][data-system="${system}"]`;
      expect(await page.textContent(cell)).toBe(String(value));
    }
    // The two sides of the violated relation are marked.
    const marked = await page.$$eval('.systems .cell.violated', (cells) => cells.map((c) => c.getAttribute('data-system')));
    expect(marked).toEqual([v.comparison.left.label, v.comparison.right.label]);
    expect(await page.textContent('[data-testid="event-text"]')).toBe(`step ${v.step}: ${last.event!.text}`);
    expect(await page.textContent('[data-testid="command"]')).toBe(
      `lbcheck check coupling-theorem1-per-dispatcher --seed ${cli.seed} --path ${cli.path} --json`,
    );
    await shot('trace');
    // A click on the plot goes to the step under the cursor (x runs over steps 0..n-1).
    const over = (await page.$('[data-testid="trace-plot"] .u-over'))!;
    const box = (await over.boundingBox())!;
    const n = cx.steps.length;
    await page.mouse.move(box.x + (box.width * 1) / (n - 1), box.y + box.height / 2);
    await page.mouse.click(box.x + (box.width * 1) / (n - 1), box.y + box.height / 2);
    expect(await page.textContent('[data-testid="step"]')).toBe(`step 1 of ${n - 1}`);
  });

  it('re-runs the trace at once when lambda is edited, and shows the CLI rule for an invalid value', async () => {
    const base = JSON.parse(lbcheck('check', 'coupling-theorem1-per-dispatcher', '--json').stdout).results[0].counterexample as TraceCounterexample;
    const edited = couplingTheorem1PerDispatcher.trace!.replay({ ...base.case!, params: { ...base.case!.params, lambda: '2' } });
    await page.fill('input[name="lambda"]', '2');
    await page.waitForFunction(() => document.querySelector('[data-testid="trace-view"]')?.getAttribute('data-rerun-ms') !== '');
    expect(await page.textContent('[data-testid="trace-verdict"]')).toBe(
      edited.violation ? `the order fails after step ${edited.violation.step}: ${edited.violation.why}` : `every order holds through step ${edited.events}`,
    );
    expect(page.url()).toContain('#/trace/coupling-theorem1-per-dispatcher?case=');
    // An invalid value: the rule the CLI prints, next to the field; the last good run stays.
    let rule = '';
    try {
      jiqBlocking.parse({ ...base.case!.params, lambda: '-1' });
    } catch (e) {
      rule = (e as Error).message;
    }
    await page.fill('input[name="lambda"]', '-1');
    expect(await page.textContent('[data-testid="rule-lambda"]', { timeout: 10_000 })).toBe(rule);
    // The edited view's URL reproduces it.
    await page.fill('input[name="lambda"]', '2');
    await page.waitForFunction(() => !document.querySelector('[data-testid="rule-lambda"]'));
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await page.waitForSelector('[data-testid="trace-view"]');
    expect(await page.inputValue('input[name="lambda"]')).toBe('2');
  });

  it('edits one event and shrinks again from there', async () => {
    await open('#/claim/coupling-theorem1-per-dispatcher');
    await page.waitForSelector('[data-testid="trace-view"]', { timeout: 60_000 });
    await page.click('[data-testid="jump"]');
    // Send the first arrival to dispatcher 3 (cell 900 of 1000; alpha = 1/3 each): the violation goes away.
    await page.click('.tick >> text="1"');
    await page.fill('input[name="event.dispatcher"]', '900');
    await page.waitForFunction(() => document.querySelector('[data-testid="trace-verdict"]')?.textContent?.startsWith('every order holds'));
    await page.fill('input[name="event.dispatcher"]', '400');
    await page.waitForFunction(() => document.querySelector('[data-testid="trace-verdict"]')?.textContent?.startsWith('the order fails'));
    await page.click('[data-testid="shrink"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="trace-view"]')?.getAttribute('data-busy') === '0');
    expect(await page.textContent('[data-testid="trace-verdict"]')).toMatch(/^the order fails after step \d+: tokens used at dispatcher/);
  });

  it('re-runs and redraws an edited trace of 100 steps (timed for the floor)', async () => {
    const events = Array.from({ length: 100 }, (_, i) =>
      i % 3 === 2 ? { kind: 'departure', position: (i * 37) % 1000 } : { kind: 'arrival', picks: [(i * 71) % 1000, (i * 13) % 1000] },
    );
    await open(`#/trace/coupling-jsqd-bound?case=${encodeURIComponent(JSON.stringify({ params: { N: '6', d: '2' }, trace: events }))}`);
    await page.waitForSelector('[data-testid="trace-view"]');
    expect(await page.textContent('[data-testid="trace-verdict"]')).toBe('every order holds through step 100');
    const times: number[] = [];
    for (const N of ['5', '6', '5', '6', '5']) {
      const before = Number(await page.getAttribute('[data-testid="trace-view"]', 'data-reruns'));
      await page.fill('input[name="N"]', N);
      await page.waitForFunction((b) => Number(document.querySelector('[data-testid="trace-view"]')?.getAttribute('data-reruns')) > b, before);
      times.push(Number(await page.getAttribute('[data-testid="trace-view"]', 'data-rerun-ms')));
    }
    floors.rerun100StepsFirstMs = times[0];
    floors.rerun100StepsMaxMs = Math.max(...times);
    floors.rerun100StepsMedianMs = [...times].sort((a, b) => a - b)[2];
    expect(await page.textContent('[data-testid="step"]')).toMatch(/of 100$/);
  });

  it('shows a balance failure term by term with the values of check --json', async () => {
    const cli = JSON.parse(lbcheck('check', 'product-form-exchange', '--json').stdout).results[0].counterexample;
    await open('#/claim/product-form-exchange');
    await page.waitForSelector('[data-testid="balance-view"]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="balance-state"]')).toBe(cli.state);
    expect(await page.textContent('[data-testid="balance-inflow"]')).toBe(cli.inflowOverPi);
    expect(await page.textContent('[data-testid="balance-outflow"]')).toBe(cli.outflowRate);
    expect(await page.$$eval('.balance table:first-of-type tbody tr', (r) => r.length)).toBe(cli.inflow.length + 1);
    await shot('balance');
  });

  it('opens a Z3 refutation pasted from prove --json, both sides exact, and re-evaluates an edited model', async () => {
    const prove = JSON.parse(lbcheck('prove', 'theorem2-min-only', '--size', '3', '--json').stdout);
    const part = prove.parts.findIndex((p: { verdict: string }) => p.verdict === 'refuted');
    const conclusion = prove.parts[part].conclusion;
    await open('#/open');
    await page.fill('[data-testid="paste"]', JSON.stringify(prove));
    await page.click('[data-testid="open"]');
    await page.waitForSelector('[data-testid="refutation-view"] [data-testid="comparison"]');
    expect(await page.textContent('[data-testid="left-value"]')).toBe(conclusion.left.value);
    expect(await page.textContent('[data-testid="right-value"]')).toBe(conclusion.right.value);
    expect(await page.textContent('[data-testid="refutation-verdict"]')).toMatch(/^every hypothesis holds and the conclusion fails/);
    await shot('refutation');
    // Moving l off the fixed point breaks a hypothesis: no longer a counterexample.
    await page.fill('input[name="l"]', '1/2');
    await page.waitForFunction(() => document.querySelector('[data-testid="refutation-verdict"]')?.textContent?.startsWith('some hypothesis fails'));
    await page.fill('input[name="l"]', 'x');
    expect(await page.textContent('[data-testid="rule-l"]')).toMatch(/^l/);
  });

  it('solves a --file population family with the automatic truncation of solve, and its terminal line names the file', async () => {
    const cli = JSON.parse(lbcheck('solve', 'jiq-sqd', '--file', 'examples/jiq-sqd.ts', '--N', '2', '--d', '1', '--lambda', '1/2', '--json').stdout);
    await open('#/model/jiq-sqd?N=2&d=1&lambda=1/2&solve=1');
    await page.waitForSelector('[data-testid="solve-result"]', { timeout: 120_000 });
    for (const [name, value] of Object.entries(cli.metrics as Record<string, number>)) {
      expect([name, Number(await page.getAttribute(`[data-testid="metric-${name}"]`, 'data-value'))]).toEqual([name, value]);
    }
    expect(await page.textContent('[data-testid="evidence"]')).toContain(`${cli.states} states`);
    expect(await page.textContent('[data-testid="evidence"]')).toContain(`truncated at K = ${cli.truncation.K}`);
    expect(await page.textContent('[data-testid="command"]')).toBe('lbcheck solve jiq-sqd --file examples/jiq-sqd.ts --N 2 --d 1 --lambda 1/2 --json');
  });

  it('decides a Z3 claim in the page (Z3 wasm, cross-origin isolated) with the models of prove --json', async () => {
    const prove = JSON.parse(lbcheck('prove', 'theorem2-min-only', '--size', '3', '--json').stdout);
    await open('#/claim/prove-theorem2-min-only');
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await page.waitForSelector('[data-testid="smt-parts"]', { timeout: 120_000 });
    expect(await page.textContent('[data-testid="verdict"]')).toBe('refuted');
    const links = await page.$$eval('[data-testid="open-refutation"]', (a) => a.map((x) => x.textContent));
    const refuted = prove.parts.flatMap((p: { verdict: string; part: string }, i: number) => (p.verdict === 'refuted' ? [`part ${i + 1}: ${p.part}`] : []));
    expect(links).toEqual(refuted);
    await page.click('[data-testid="open-refutation"]');
    await page.waitForSelector('[data-testid="refutation-view"] [data-testid="comparison"]');
    const first = prove.parts.find((p: { verdict: string }) => p.verdict === 'refuted');
    expect(await page.textContent('[data-testid="left-value"]')).toBe(first.conclusion.left.value);
    expect(await page.textContent('[data-testid="right-value"]')).toBe(first.conclusion.right.value);
  });

  it('solves jiq-blocking N = 10 in a worker with the blocking probability of solve --json', async () => {
    const args = ['--N', '10', '--lambda', '9/10', '--alpha', '3/5,2/5'];
    const cli = JSON.parse(lbcheck('solve', 'jiq-blocking', ...args, '--json').stdout);
    await open('#/model/jiq-blocking?N=10&lambda=9/10&alpha=3/5,2/5&solve=1');
    await page.waitForSelector('[data-testid="solve-result"]', { timeout: 60_000 });
    expect(Number(await page.getAttribute('[data-testid="metric-blocking"]', 'data-value'))).toBe(cli.metrics.blocking);
    expect(await page.textContent('[data-testid="evidence"]')).toContain(`method ${cli.method}: ${cli.states} states`);
    expect(await page.textContent('[data-testid="command"]')).toBe(`lbcheck solve jiq-blocking ${args.join(' ')} --json`);
    const methods = await page.$$eval('[data-testid="method"] option', (os) => os.map((o) => [o.textContent, o.getAttribute('title')]));
    expect(methods).toEqual(METHODS.map((m) => [m, SOLVERS[m].description]));
    await page.click('[data-testid="fluid"]');
    await page.waitForSelector('[data-testid="fluid-plot"] canvas');
    await shot('model');
  });

  it('solves jiq-blocking N = 20 exactly (timed for the floor), refuses a chain too large with the CLI command', async () => {
    await open('#/model/jiq-blocking?N=20&lambda=9/10&alpha=3/5,2/5&method=exact&solve=1');
    await page.waitForSelector('[data-testid="solve-result"]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="evidence"]')).toContain('method exact: 231 states');
    floors.exactN20WorkerSeconds = Number(await page.getAttribute('[data-testid="solve-result"]', 'data-seconds'));
    floors.exactN20RoundTripMs = Number(await page.getAttribute('[data-testid="solve-result"]', 'data-roundtrip-ms'));
    await open('#/model/jiq-blocking?N=1000000&lambda=9/10&alpha=3/5,2/5&solve=1');
    const error = await page.textContent('[data-testid="error"]', { timeout: 60_000 });
    const cap = POLICY.pageMaxStates.value.toLocaleString('en');
    expect(error).toBe(`too large for the page (more than ${cap} states): run \`lbcheck solve jiq-blocking --N 1000000 --lambda 9/10 --alpha 3/5,2/5 --json\``);
    await open('#/model/jiq-blocking?N=10&lambda=-1&alpha=3/5,2/5&solve=1');
    expect(await page.textContent('[data-testid="rule-lambda"]')).toBe(
      lbcheck('solve', 'jiq-blocking', '--N', '10', '--lambda', '-1', '--alpha', '3/5,2/5')
        .stderr.trim()
        .replace(/^lbcheck: /, ''),
    );
  });

  it('explains bad URLs in the page, never a blank page', async () => {
    await open('#/claim/no-such-claim');
    expect(await page.textContent('[data-testid="error"]')).toContain('Unknown claim "no-such-claim"');
    await open('#/trace/coupling-theorem1-per-dispatcher?case=%7Bnot-json');
    expect(await page.textContent('[data-testid="error"]')).toContain('case in the URL is not JSON');
    await open('#/trace/coupling-theorem1-per-dispatcher?case=%7B%22params%22%3A%7B%7D%2C%22trace%22%3A%5B%5D%7D');
    expect(await page.textContent('[data-testid="error"]')).toMatch(/^This URL's trace cannot be replayed: /);
    await open('#/nowhere');
    expect(await page.textContent('[data-testid="error"]')).toContain('no page "nowhere"');
    await open('#/model/no-such-family');
    expect(await page.textContent('[data-testid="error"]')).toContain('Unknown model family "no-such-family"');
    await open('#/claim/%E0%A4%A');
    expect(await page.textContent('[data-testid="error"]')).toContain('This URL does not name a view');
  });
});

describe('lbcheck explore --out', () => {
  it('writes the page as a static site', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lbcheck-site-'));
    try {
      const r = lbcheck('explore', '--out', dir);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^wrote the explorer to /);
      expect(existsSync(join(dir, 'index.html'))).toBe(true);
      expect(readdirSync(join(dir, 'assets')).some((f) => f.startsWith('worker'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
