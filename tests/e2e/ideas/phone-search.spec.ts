// Instant search on a phone: results appear as you type, arrows pick one, Enter opens it, Escape closes;
// Enter without a pick still runs the full server-rendered search.
import { expect, test } from '../fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor sees matching ideas as they type and opens one with the keyboard', async ({ page, admin }) => {
  const idea = await admin.collection('posts').getFirstListItem('title = "Dark mode that follows the system setting"');
  await page.goto('/');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Search ideas' });
  // Words only the seeded idea has: other tests post ideas about dark mode into the same board.
  await box.pressSequentially('system sett');
  const results = page.getByRole('listbox', { name: 'Matching ideas' });
  const option = results.getByRole('option', { name: /Dark mode that follows the system setting/ });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(results.getByRole('option').last()).toHaveText('See all results for “system sett”');
  await expect(page.getByRole('status').filter({ hasText: /matching idea/ })).toHaveText(/^\d+ matching ideas?\.$/);

  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.pressSequentially('i');
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? 'missing');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/p/${idea.id}$`));
});

test('Enter without picking a result runs the full search, as it does without JavaScript', async ({ page }) => {
  await page.goto('/b/features');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Search ideas' });
  await box.pressSequentially('backlink');
  await expect(page.getByRole('option', { name: /Backlinks panel for every note/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/b\/features\?q=backlink(&|$)/);
  await expect(page.locator('.post-card').first()).toContainText('Backlinks panel for every note');
});

test('a search that matches nothing says so', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Search ideas' }).pressSequentially('zzqqxx');
  await expect(page.getByRole('status').filter({ hasText: 'No matching ideas.' })).toBeAttached();
  const results = page.getByRole('listbox', { name: 'Matching ideas' });
  await expect(results.getByRole('option')).toHaveText(['See all results for “zzqqxx”']);
});
