// Calibration per model in the user's words (issue 61): an admin calibrates similar ideas for their model and sees
// precision before and after; a moderator cannot reach the page.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { demoPassword, signIn } from '../staff-helpers';

test('an admin calibrates similar ideas for their model and sees precision before and after', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  // A whole run embeds the 1,634 labelled texts with the local model: minutes on a busy machine.
  test.setTimeout(420_000);
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Similar ideas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Similar ideas by meaning' })).toBeVisible();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByTestId('ai-model')).toContainText('use-lite-en');
  await expectNoAxeViolations(page, '/admin/ai');

  const calibrateAgain = (await admin.collection('ai_calibrations').getList(1, 1, { filter: 'state = "done"' }))
    .totalItems;
  await page.getByRole('button', { name: 'Calibrate for this model' }).click();
  // A model this site calibrated before asks first.
  if (calibrateAgain) await page.getByRole('button', { name: 'Calibrate again' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Calibrating: \d+ of \d+ texts embedded/ })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();

  const result = page.getByRole('table', { name: /Before and after, on \d+ labelled pairs/ });
  await expect(result).toBeVisible({ timeout: 400_000 });
  await expect(page.getByTestId('ai-points-source')).toHaveText('Calibrated on this site for this model.');
  for (const measure of ['Hints while typing: precision', 'Merge queue: precision', 'Hints while typing: recall']) {
    const row = result.getByRole('row', { name: new RegExp(measure) });
    await expect(row.getByRole('cell')).toHaveCount(2);
    await expect(row.getByRole('cell').first()).toHaveText(/\d+(\.\d+)?%/);
    await expect(row.getByRole('cell').last()).toHaveText(/\d+(\.\d+)?%/);
  }
  await expectNoAxeViolations(page, '/admin/ai');

  // Asked again, the page says it was calibrated and asks before a second run; cancelling changes nothing.
  await page.getByRole('button', { name: 'Calibrate for this model' }).click();
  await expect(page.getByText(/This model was calibrated on .+\. Calibrate it again\?/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Calibrate for this model' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Calibrating/ })).toHaveCount(0);
  await context.close();

  // A moderator is not shown the page.
  const moderator = await createMember({ role: 'moderator' });
  const staff = await browser.newContext();
  await signIn(staff, baseURL as string, pbUrl, moderator.email, moderator.password);
  const staffPage = await staff.newPage();
  const answer = await staffPage.goto('/admin/ai');
  expect(answer?.status()).toBe(404);
  await staff.close();
});
