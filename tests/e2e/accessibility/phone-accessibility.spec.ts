// On a phone-sized screen, in light and in dark: axe (WCAG 2.2 A/AA) finds nothing on any route,
// for visitors, members and admins, and none with the menu or the instant search results open.
import { expectNoAxeViolations, expectPageHasNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { demoPassword, signIn } from '../staff-helpers';

// Forty-four pages of axe: spread over the run's workers rather than one after another (it was nine minutes of one).
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

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`on a phone in ${colorScheme} mode`, () => {
    test.use({ viewport: PHONE, colorScheme });

    for (const path of VISITOR_PAGES) {
      test(`${path} has no axe violations for a visitor`, async ({ page }) => {
        await expectPageHasNoAxeViolations(page, path);
      });
    }

    test('an idea page has no axe violations for a visitor', async ({ page, admin }) => {
      const idea = await admin
        .collection('posts')
        .getFirstListItem('title = "Dark mode that follows the system setting"');
      await expectPageHasNoAxeViolations(page, `/p/${idea.id}`);
    });

    test('the open menu and the instant search results have no axe violations', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectNoAxeViolations(page, 'menu open');
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Search ideas' }).pressSequentially('dark');
      await expect(page.getByRole('listbox', { name: 'Matching ideas' })).toBeVisible();
      await expectNoAxeViolations(page, 'search results open');
    });

    for (const [who, email, paths] of [
      ['a member', 'member@example.com', MEMBER_PAGES],
      ['an admin', 'admin@example.com', ADMIN_PAGES],
    ] as const) {
      for (const path of paths) {
        test(`${path} has no axe violations for ${who}, with the menu open too`, async ({
          page,
          context,
          baseURL,
          pbUrl,
        }) => {
          await signIn(context, baseURL as string, pbUrl, email, demoPassword());
          await expectPageHasNoAxeViolations(page, path);
          await page.getByRole('button', { name: 'Menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
          await expectNoAxeViolations(page, `${path}, menu open`);
        });
      }
    }
  });
}
