// On a phone-sized screen, in light and in dark: axe (WCAG 2.2 A/AA) finds nothing on any route,
// for visitors, members and admins, and none with the menu or the instant search results open.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectPageHasNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { demoPassword, signIn } from '../staff-helpers';

// Twenty-two pages of axe: spread over the run's workers rather than one after another (it was nine minutes of one).
test.describe.configure({ mode: 'parallel' });

const PHONE = { width: 390, height: 844 };
const VISITOR_PAGES = [
  '/',
  '/b/features',
  '/roadmap',
  '/changelog',
  '/changelog/lumen-2-4',
  '/?q=dark',
  '/signin',
  '/signup',
  '/reset-password',
  '/no-such-page',
];
const MEMBER_PAGES = ['/', '/notifications', '/settings'];
const ADMIN_PAGES = [
  '/admin',
  '/admin/changelog',
  '/admin/members',
  '/admin/boards',
  '/admin/statuses',
  '/admin/tags',
  '/admin/settings',
];

// Each page is checked in light, then in dark on the same load: the colours follow `prefers-color-scheme` in CSS
// alone (src/styles/global.css), so switching the emulated scheme repaints what a dark-mode phone would open.
// One load instead of two per page (44 page loads were 22).
test.use({ viewport: PHONE, colorScheme: 'light' });

/** Runs `check` in light, then in dark, and leaves the page in light. */
async function inLightAndDark(page: Page, check: (scheme: string) => Promise<void>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect
      .poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))
      .toBe(scheme === 'dark');
    await check(scheme);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens `path` (checked in light as it loads) and checks it in dark too. */
async function expectPageInLightAndDark(page: Page, path: string): Promise<void> {
  await expectPageHasNoAxeViolations(page, path);
  await inLightAndDark(page, async (scheme) => {
    if (scheme === 'dark') await expectNoAxeViolations(page, `${path} (dark)`);
  });
}

for (const path of VISITOR_PAGES) {
  test(`${path} has no axe violations for a visitor, in light and dark`, async ({ page }) => {
    await expectPageInLightAndDark(page, path);
  });
}

test('an idea page has no axe violations for a visitor, in light and dark', async ({ page, admin }) => {
  const idea = await admin.collection('posts').getFirstListItem('title = "Dark mode that follows the system setting"');
  await expectPageInLightAndDark(page, `/p/${idea.id}`);
});

test('the open menu and the instant search results have no axe violations, in light and dark', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await inLightAndDark(page, (scheme) => expectNoAxeViolations(page, `menu open (${scheme})`));
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Search ideas' }).pressSequentially('dark');
  await expect(page.getByRole('listbox', { name: 'Matching ideas' })).toBeVisible();
  await inLightAndDark(page, (scheme) => expectNoAxeViolations(page, `search results open (${scheme})`));
});

for (const [who, email, paths] of [
  ['a member', 'member@example.com', MEMBER_PAGES],
  ['an admin', 'admin@example.com', ADMIN_PAGES],
] as const) {
  for (const path of paths) {
    test(`${path} has no axe violations for ${who}, with the menu open too, in light and dark`, async ({
      page,
      context,
      baseURL,
      pbUrl,
    }) => {
      await signIn(context, baseURL as string, pbUrl, email, demoPassword());
      await expectPageInLightAndDark(page, path);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await inLightAndDark(page, (scheme) => expectNoAxeViolations(page, `${path}, menu open (${scheme})`));
    });
  }
}
