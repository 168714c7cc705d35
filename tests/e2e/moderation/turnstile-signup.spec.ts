// Signing up where the site turned Cloudflare Turnstile on (issue 38), on a stack of its own (turning it on would
// touch every other test's sign-up). The server's check is the stack's siteverify stand-in
// (tools/lib/turnstile-stand-in.mjs) with Cloudflare's test keys; the browser's challenge script cannot come from
// Cloudflare here (no internet), so the page gets a stand-in that hands out the dummy token Cloudflare's test site
// key gives, the way the real widget calls back.

import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { TEST_SECRET, TEST_SITE_KEY } from '../../../tools/lib/turnstile-stand-in.mjs';
import { expect, test } from '../fixtures';
import { withOwnStack } from '../own-stack';

const WIDGET = `window.turnstile = {
  render(box, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Verify you are human';
    button.onclick = () => options.callback('XXXX.DUMMY.TOKEN.XXXX');
    box.append(button);
    return 'stand-in';
  },
  reset() {},
  remove() {},
};`;

test('where Turnstile is on, signing up without its check is refused and with it goes through', async ({ browser }) => {
  test.setTimeout(150_000);
  await withOwnStack(async (stack) => {
    const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
    const site = await admin.collection('site').getFirstListItem('');
    await admin.collection('site').update(site.id, { turnstile_site_key: TEST_SITE_KEY, allow_signups: true });
    const guard = await admin.collection('spam_guard').getFirstListItem('');
    await admin.collection('spam_guard').update(guard.id, { turnstile_secret: TEST_SECRET });

    const context = await browser.newContext({ baseURL: stack.siteUrl });
    const page = await context.newPage();
    let scriptAsked = 0;
    await page.route('https://challenges.cloudflare.com/turnstile/v0/api.js*', (route) => {
      scriptAsked += 1;
      return route.fulfill({ contentType: 'text/javascript', body: WIDGET });
    });
    const answer = await page.goto('/signup');
    expect(answer?.headers()['content-security-policy']).toContain('https://challenges.cloudflare.com');
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    const email = `turnstile-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-123');
    // Bad input: the check not done. Refused, and nothing typed is lost.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('Complete the check that you are a person first.');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Verify you are human' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    // The account exists and the code step follows (its email asked without a second check).
    await expect
      .poll(async () => (await admin.collection('users').getFullList({ filter: `email = "${email}"` })).length)
      .toBe(1);
    await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
    expect(scriptAsked).toBe(1);
    // A page that does not ask for the check never loads Cloudflare's script.
    await page.goto('/');
    expect(scriptAsked).toBe(1);
    await context.close();
  });
});
