// Getting back into an account from emailed links: a new password, and a confirmed email address.
import { expect, test } from '../fixtures';

const linkIn = (html: string) => (html.match(/href="([^"]+)"/)?.[1] ?? '').replaceAll('&amp;', '&');

test('a member who forgot their password sets a new one from the emailed link', async ({
  page,
  mail,
  createMember,
}) => {
  const member = await createMember();
  await page.goto('/signin');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  // The reset is a step of the one sign-in form: in place, with the address already typed.
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('form', { name: 'Reset your password' }).getByLabel('Email')).toHaveValue(member.email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status')).toContainText(member.email);

  const link = linkIn((await mail.waitFor(member.email, /reset/i)).html);
  expect(link).toMatch(/\/reset-password\?token=/);
  await page.goto(link);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const password = page.getByLabel('New password', { exact: true });
  await password.fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(password).toHaveAccessibleDescription(/at least 8 characters/i);

  await password.fill('my-new-password-456');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');
  await page.getByRole('link', { name: 'Sign in with your new password' }).click();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('my-new-password-456');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('banner').getByText(member.name, { exact: true })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a member confirms their email from the emailed link', async ({ page, mail, admin }) => {
    const email = `unverified-${Date.now().toString(36)}@example.com`;
    const password = 'a-long-password-123';
    await admin.collection('users').create({ email, password, passwordConfirm: password, name: 'Unverified' });
    await admin.collection('users').requestVerification(email);

    const link = linkIn((await mail.waitFor(email, /verif/i)).html);
    expect(link).toMatch(/\/verify\?token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
    expect((await admin.collection('users').getFirstListItem(`email = "${email}"`)).verified).toBe(true);

    const response = await page.goto('/verify?token=not-a-token');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  });
});

test('the sign-in form goes to its reset step and back without leaving the page, and the reset page is the same form', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});
