// On a phone-sized screen, in light and in dark: axe (WCAG 2.2 A/AA) finds nothing on any route,
// for visitors, members and admins, and none with the menu or the instant search results open.
import { expectNoAxeViolations, expectPageHasNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { demoPassword, signIn } from './staff-helpers';

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

    test('every page a visitor can open has no axe violations', async ({ page, admin }) => {
      const idea = await admin
        .collection('posts')
        .getFirstListItem('title = "Dark mode that follows the system setting"');
      for (const path of [...VISITOR_PAGES, `/p/${idea.id}`]) await expectPageHasNoAxeViolations(page, path);
    });

    test('the open menu and the instant search results have no axe violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expectNoAxeViolations(page, 'menu open');
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Search ideas' }).pressSequentially('dark');
      await expect(page.getByRole('listbox', { name: 'Matching ideas' })).toBeVisible();
      await expectNoAxeViolations(page, 'search results open');
    });

    test('a member’s pages and an admin’s pages have no axe violations', async ({ browser, baseURL, pbUrl }) => {
      for (const [email, paths] of [
        ['member@example.com', MEMBER_PAGES],
        ['admin@example.com', ADMIN_PAGES],
      ] as const) {
        const context = await browser.newContext({ viewport: PHONE, colorScheme, baseURL: baseURL as string });
        await signIn(context, baseURL as string, pbUrl, email, demoPassword());
        const page = await context.newPage();
        for (const path of paths) await expectPageHasNoAxeViolations(page, `${path}`);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expectNoAxeViolations(page, `${email}: menu open`);
        await context.close();
      }
    });
  });
}
