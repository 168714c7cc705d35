// Runs its own stack, so stopping PocketBase here never disturbs the other tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../scripts/lib/ports.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { expect, test } from './fixtures';

test('when the database is down a visitor gets a friendly 503 page, and the site recovers by itself', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-down-'));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, seed: false, build: 'if-missing' });
  try {
    await page.goto(stack.siteUrl);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await stack.pocketbase().stop();
    // What the edge cache holds still reaches visitors; a page it lacks needs PocketBase.
    const cached = await page.goto(stack.siteUrl);
    expect(cached?.status()).toBe(200);
    expect(cached?.headers()['cf-cache-status']).toBe('HIT');
    const started = Date.now();
    const response = await page.goto(`${stack.siteUrl}/roadmap`);
    expect(response?.status()).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(page.getByRole('heading', { name: 'We’ll be right back' })).toBeVisible();
    expect(await page.content()).not.toMatch(/at .*\.(js|mjs|ts):\d+/);

    await stack.restartPocketBase();
    const again = await page.goto(`${stack.siteUrl}/roadmap`);
    expect(again?.status()).toBe(200);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
