// Admins configure the widget: origins are checked before saving, the secret is shown only on request
// and can be replaced; moderators get no such page; the page has no axe violations.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { openPage, signInContext } from '../ideas-helpers';
import { lockWidgetSettings } from '../widget-support';

// Waiting for another worker's widget story to finish counts against the test's time.
test.describe.configure({ timeout: 150_000 });

test('an admin lists the allowed origins, turns SSO on, reveals and replaces the secret', async ({
  page,
  admin,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const unlock = await lockWidgetSettings();
  try {
    await configure();
  } finally {
    unlock();
  }

  async function configure() {
    const staff = await createMember({ role: 'admin' });
    await signInContext(page.context(), pbUrl, baseURL ?? '', staff);
    await openPage(page, '/admin/widget');
    // The snippet names the first board the header lists (other tests may have added boards).
    const firstBoard = await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    await expect(page.getByTestId('widget-snippet')).toHaveText(
      `<script src="${baseURL}/widget.js" data-board="${firstBoard?.replace('/b/', '')}" async></script>`,
    );
    await expectNoAxeViolations(page);

    const origins = page.getByLabel('Sites allowed to embed the widget');
    await origins.fill('https://app.acme.test\nhttps://acme.test/path');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#allowed_origins-error')).toContainText('Not an origin: https://acme.test/path');
    await origins.fill('https://app.acme.test\nhttps://www.acme.test/');
    await page.getByLabel('Accept identify tokens from our app (single sign-on)').check();
    await page.getByLabel('Product name').fill('Acme');
    await page.getByLabel('App login URL').fill('https://app.acme.test/login');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    const settings = await admin.collection('widget_settings').getFirstListItem('');
    expect(settings).toMatchObject({
      allowed_origins: 'https://app.acme.test\nhttps://www.acme.test',
      sso_enabled: true,
      product_name: 'Acme',
      login_url: 'https://app.acme.test/login',
    });

    const stored = await admin.collection('sso_secrets').getFirstListItem('');
    await expect(page.getByTestId('sso-secret')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show the secret' }).click();
    await expect(page.getByTestId('sso-secret')).toHaveText(stored.secret);
    await page.getByRole('button', { name: 'Replace with a new secret' }).click();
    await expect(page.getByTestId('sso-secret')).not.toHaveText(stored.secret);
    const replaced = (await admin.collection('sso_secrets').getFirstListItem('')).secret as string;
    expect(replaced).toMatch(/^[A-Za-z0-9]{48}$/);
    await expect(page.getByTestId('sso-secret')).toHaveText(replaced);
  }
});

test('a moderator finds no widget settings page', async ({ page, baseURL, pbUrl, createMember }) => {
  const moderator = await createMember({ role: 'moderator' });
  await signInContext(page.context(), pbUrl, baseURL ?? '', moderator);
  const response = await page.goto('/admin/widget');
  expect(response?.status()).toBe(404);
});
