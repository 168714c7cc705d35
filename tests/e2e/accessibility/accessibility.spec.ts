// axe (WCAG 2.2 A and AA) on every page the foundation adds: zero violations, signed out and signed in.
import { axeViolations, expectNoAxeViolations } from '../axe';
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

test('the check itself finds what axe finds, on a page with frames and without', async ({ page }) => {
  const faulty = '<img src="data:,"><p style="color:#eee;background:#fff">faint</p><button></button>';
  await page.setContent(`<!doctype html><html lang="en"><title>t</title><main>${faulty}</main></html>`);
  const expected = ['button-name', 'color-contrast', 'image-alt'];
  expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(expected);
  // Checked twice in one document (axe is injected once), and then with a frame, through the frame-by-frame run.
  expect((await axeViolations(page)).map((v) => v.id).sort()).toEqual(expected);
  await page.evaluate(() => document.querySelector('main')?.append(document.createElement('iframe')));
  await expect.poll(() => page.frames().length).toBe(2);
  const inFrames = (await axeViolations(page)).map((v) => v.id);
  expect(inFrames).toEqual(expect.arrayContaining(expected));
});
