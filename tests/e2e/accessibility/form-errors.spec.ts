// A refused form, with each kind of form the site has: the message sits next to its field, the field is marked
// invalid and a screen reader reads the message with it (aria-describedby), and everything typed stays. A plain
// server-rendered form (FormField.astro) and an island's Field (FieldFrame.tsx), both through
// src/ui/field-aria.ts.
import { expect, test } from '../fixtures';
import { signedInPage, unique } from '../staff-helpers';

test('a plain staff form refused: the message is read with its field and the form keeps what was typed', async ({
  browser,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const staff = await createMember({ role: 'admin' });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  await page.goto('/admin/alerts');
  const name = unique('Huge rule');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('When').selectOption({ label: 'Monthly revenue reaches' });
  // More than the server allows (1,000,000,000,000); the browser's own checks let it through.
  await page.getByLabel('Threshold').fill('50000000000000');
  await page.getByRole('button', { name: 'Save rule' }).click();

  const threshold = page.getByLabel('Threshold');
  await expect(threshold).toHaveAttribute('aria-invalid', 'true');
  await expect(threshold).toHaveAccessibleDescription(/\S/);
  const message = page.locator('#rule-threshold-error');
  await expect(message).toBeVisible();
  expect(await message.evaluate((el) => el.previousElementSibling?.id)).toBe('rule-threshold');
  await expect(threshold).toHaveValue('50000000000000');
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('When')).toHaveValue('revenue');
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.context().close();
});

test('an island’s form refused: the message is read with its field, after its hint, and nothing typed is lost', async ({
  browser,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const staff = await createMember({ role: 'admin' });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  await page.goto('/admin/api-keys');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const name = unique('Triage script');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('radio', { name: 'Member' }).check();
  await page.getByLabel('Requests a minute (optional)').fill('200000');
  await page.getByRole('button', { name: 'Create key' }).click();

  const limit = page.getByLabel('Requests a minute (optional)');
  await expect(limit).toHaveAttribute('aria-invalid', 'true');
  // The hint, then the message: both read with the field.
  await expect(limit).toHaveAccessibleDescription(/Default: 600; at most 100,000\..+\S/);
  await expect(limit).toHaveValue('200000');
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByRole('radio', { name: 'Member' })).toBeChecked();
  await page.context().close();
});
