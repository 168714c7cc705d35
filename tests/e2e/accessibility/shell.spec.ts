import { expect, test } from '../fixtures';

test('a visitor opens the home page and sees the welcome text and the boards', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Lumen' })).toBeVisible();
  await expect(page.getByText('Help shape the future of Lumen Notes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Feature requests' }).first()).toBeVisible();
  // Members-only boards are not listed for visitors: the API rules decide.
  await expect(page.getByRole('link', { name: 'Beta lab' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roadmap' })).toBeVisible();
});

test('every page carries a strict content security policy and security headers', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('the page works under its CSP: live parts start and islands hydrate without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  // A visitor's islands wait for a first interaction (src/directives/): reaching the search box hydrates it.
  await page.locator('#q').focus();
  await expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
  expect(violations).toEqual([]);
});

test('a mistyped address shows a real 404 page', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
});

test('search engines get robots.txt and a sitemap of public boards and ideas', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/b/features</loc>');
  expect(sitemap).not.toContain('/b/beta</loc>');
});

test('a missing file gets the same friendly 404 page', async ({ page }) => {
  const response = await page.goto('/old-logo.png');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
