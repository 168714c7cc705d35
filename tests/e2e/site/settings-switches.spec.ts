// The site's on/off settings are switches (src/ui/Switch.tsx): each read as a switch with its name and state,
// flipped with the keyboard, its hint read with it. (Saving one is in admin-language.spec.ts, on a stack of its own.)
import { expect, test } from '../fixtures';
import { signedInPage } from '../staff-helpers';

test('an admin reads and flips the site’s on/off settings as switches, with the keyboard', async ({
  browser,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const staff = await createMember({ role: 'admin' });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  await page.goto('/admin/settings');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  for (const name of ['New ideas wait for staff approval', 'Anyone may sign up', 'Show ETAs publicly']) {
    await expect(page.getByRole('switch', { name })).toBeVisible();
  }
  const signups = page.getByRole('switch', { name: 'Anyone may sign up' });
  const before = await signups.isChecked();
  await signups.focus();
  await page.keyboard.press('Space');
  await expect(signups).toBeChecked({ checked: !before });
  await expect(signups).toHaveAttribute('aria-checked', String(!before));
  await page.keyboard.press('Space');
  await expect(signups).toBeChecked({ checked: before });
  await expect(page.getByRole('switch', { name: 'Let visitors’ browser language choose' })).toHaveAccessibleDescription(
    /./,
  );
  await page.context().close();
});
