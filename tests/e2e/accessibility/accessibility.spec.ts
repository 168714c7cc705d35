// axe (WCAG 2.2 A and AA) on every page the foundation adds: zero violations, signed out and signed in.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';

const PAGES = [
  '/',
  '/signin',
  '/signup',
  '/reset-password',
  '/reset-password?token=expired',
  '/verify?token=bad',
  '/no-such-page',
];

for (const path of PAGES) {
  test(`${path} has no axe violations, and hydrates without console errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // The 404 and the bad verify link answer with error statuses on purpose; anything else is a fault.
      if (message.type() === 'error' && !/status of 40[04]/.test(message.text())) errors.push(message.text());
    });
    await page.goto(path);
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await expectNoAxeViolations(page, path);
    expect(errors).toEqual([]);
  });
}

test('the sign-up form with field messages has no axe violations', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the home page signed in has no axe violations', async ({ page, createMember }) => {
  const member = await createMember();
  await page.goto('/signin');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('banner').getByText(member.name).click();
  await expectNoAxeViolations(page);
});
