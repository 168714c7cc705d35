// Runs its own stack, so stopping PocketBase here never disturbs the other tests.
import { expect, test } from '../fixtures';
import { withOwnStack } from '../own-stack';

test('when the database is down a visitor gets a friendly 503 page, and the site recovers by itself', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await withOwnStack(async (stack) => {
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
  });
});
