// An admin opens /admin/health and sees PocketBase's version; the mail server goes away, a message fails, and the
// open page says mail is failing without a reload; a moderator gets a 404. Its own stack: SMTP is cut here.
import { createServer } from 'node:net';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { expect, test } from '../fixtures';
import { withOwnStack } from '../own-stack';
import { signIn } from '../staff-helpers';

const PASSWORD = 'a-long-password-123';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test("an admin opens /admin/health and sees PocketBase's version and that mail is failing; a moderator gets a 404", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await withOwnStack(async (stack) => {
    const pbUrl = stack.pbUrl as string;
    const admin = await connectAsSuperuser(pbUrl, stack.superuser);
    const account = (role: string) =>
      admin.collection('users').create({
        email: `${role}@example.com`,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        name: `The ${role}`,
        verified: true,
        role,
      });
    await Promise.all([account('admin'), account('moderator')]);

    const adminContext = await browser.newContext();
    await signIn(adminContext, stack.siteUrl, pbUrl, 'admin@example.com', PASSWORD);
    const page = await adminContext.newPage();
    await page.goto(`${stack.siteUrl}/admin`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Health' }).click();
    await expect(page).toHaveURL(/\/admin\/health$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
    await expect(page.getByText('version 0.39.11, running for')).toBeVisible();
    await expect(page.getByText(/^Email is failing/)).toHaveCount(0);

    // The mail server goes away, and a member's password reset cannot be sent.
    const settings = await admin.settings.getAll();
    await admin.settings.update({ smtp: { ...settings.smtp, port: await closedPort() } });
    await admin.collection('users').requestPasswordReset('moderator@example.com');
    await expect(page.getByText(/^Email is failing: .*connection refused/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('listitem').filter({ hasText: 'Check the SMTP settings' })).toBeVisible();

    const moderatorContext = await browser.newContext();
    await signIn(moderatorContext, stack.siteUrl, pbUrl, 'moderator@example.com', PASSWORD);
    const moderatorPage = await moderatorContext.newPage();
    const refused = await moderatorPage.goto(`${stack.siteUrl}/admin/health`);
    expect(refused?.status()).toBe(404);
    expect((await moderatorPage.request.get(`${stack.siteUrl}/admin/health.json`)).status()).toBe(404);
    await Promise.all([adminContext.close(), moderatorContext.close()]);
  });
});
