// One abuser never degrades anyone else, and the local stack outlives a killed PocketBase. Runs its own
// stack, so throttling 127.0.0.1 or killing PocketBase here never disturbs the other tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../../tools/lib/ports.mjs';
import { startStack } from '../../../tools/lib/stack.mjs';
import { expect, test } from '../fixtures';

type Stack = Awaited<ReturnType<typeof startStack>>;
let stack: Stack;
let dataDir: string;
const log: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-abuse-'));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  stack = await startStack({
    dataDir,
    sitePort,
    pbPort,
    smtpPort,
    build: 'if-missing',
    fromTemplate: true,
    log: (l) => log.push(l),
  });
});
test.afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a visitor hammering PocketBase gets a friendly 429 page while another visitor browses normally', async ({
  browser,
}) => {
  // One client floods PocketBase's API from 127.0.0.1 until its limiter answers 429: 320 requests in bursts
  // of 32, well inside the limiter's 10-second window even on a loaded machine (one by one they could span
  // two windows and all pass).
  const statuses: number[] = [];
  for (let burst = 0; burst < 10; burst++) {
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => fetch(`${stack.pbUrl}/api/collections/boards/records`)),
    );
    statuses.push(...answers.map((answer) => answer.status));
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(300);
  expect(statuses.filter((s) => s === 429)).toHaveLength(20);

  // The same visitor's pages: the Worker reads for them with their address, so they are throttled too,
  // and told so kindly (no 500, no stack trace).
  const abuser = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': '127.0.0.1' } });
  const abuserPage = await abuser.newPage();
  const throttled = await abuserPage.goto(stack.siteUrl);
  expect(throttled?.status()).toBe(429);
  expect(throttled?.headers()['retry-after']).toBe('60');
  await expect(abuserPage.getByRole('heading', { name: 'Too many attempts, try again in a minute' })).toBeVisible();

  // Anyone else (Cloudflare names them in CF-Connecting-IP) reads every page as usual.
  const other = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': '127.0.0.2' } });
  const otherPage = await other.newPage();
  for (const path of ['/', '/b/features', '/roadmap', '/changelog']) {
    const response = await otherPage.goto(`${stack.siteUrl}${path}`);
    expect(response?.status(), path).toBe(200);
  }
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Changelog');
  await abuser.close();
  await other.close();
});

test('npm start’s PocketBase is restarted after a kill -9: pages answer 503 meanwhile, then recover', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': '127.0.0.3' } });
  const page = await context.newPage();
  expect((await page.goto(stack.siteUrl))?.status()).toBe(200);

  const killed = stack.pocketbase()?.process;
  killed?.kill('SIGKILL');
  const seen = new Set<number>();
  const deadline = Date.now() + 60_000;
  let status = 0;
  // A new address each time, so the edge cache (which keeps serving the page it has) cannot answer.
  for (let attempt = 0; Date.now() < deadline && status !== 200; attempt++) {
    status = (await page.goto(`${stack.siteUrl}/?attempt=${attempt}`))?.status() ?? 0;
    seen.add(status);
  }
  expect(status).toBe(200);
  expect([...seen].sort()).toEqual([200, 503]);
  expect(stack.pocketbase()?.process).not.toBe(killed);
  expect(log).toContain('PocketBase stopped unexpectedly (signal SIGKILL); restarting it…');
  expect(log).toContain(`PocketBase is back at ${stack.pbUrl}.`);
  await context.close();
});
