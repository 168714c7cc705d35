// Roadmap, changelog, notifications, settings and admin pages: zero axe violations (WCAG 2.2 A/AA).
import { expectPageHasNoAxeViolations as expectNoViolations } from '../axe';
import { expect, test } from '../fixtures';
import { demoPassword, signIn } from '../staff-helpers';

test('the roadmap and changelog pages have no axe violations', async ({ page }) => {
  for (const path of ['/roadmap', '/changelog', '/changelog/lumen-2-4']) await expectNoViolations(page, path);
});

test('a member’s notifications and settings pages have no axe violations', async ({
  context,
  page,
  baseURL,
  pbUrl,
}) => {
  await signIn(context, baseURL as string, pbUrl, 'member@example.com', demoPassword());
  for (const path of ['/notifications', '/settings']) await expectNoViolations(page, path);
});

test('the admin pages have no axe violations', async ({ context, page, baseURL, pbUrl }) => {
  test.setTimeout(150_000); // seven pages, each hydrated and checked, on a busy machine
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  for (const path of [
    '/admin',
    '/admin/changelog',
    '/admin/members',
    '/admin/boards',
    '/admin/statuses',
    '/admin/tags',
    '/admin/settings',
  ]) {
    await expectNoViolations(page, path);
  }
});

test('members get a 404 from /admin and visitors are asked to sign in', async ({
  page,
  context,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const visitorResponse = await page.goto('/admin');
  expect(new URL(page.url()).pathname).toBe('/signin');
  expect(visitorResponse).not.toBeNull();
  // Let the sign-in page finish hydrating first: a signed-out tab syncs its (empty) auth into the cookie.
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const member = await createMember();
  await signIn(context, baseURL as string, pbUrl, member.email, member.password);
  expect((await page.goto('/admin'))?.status()).toBe(404);
  expect((await page.goto('/admin/boards'))?.status()).toBe(404);
  expect((await page.goto('/admin/segments'))?.status()).toBe(404);
});
