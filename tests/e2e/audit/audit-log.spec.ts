// The staff audit log in the user's words: a moderator changes a status and the admin finds it in the audit
// log with the before and after, from which address, and downloads the same entry as CSV.
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('a moderator changes a status and the admin finds it in the audit log with the before and after', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const title = unique('Export to spreadsheet');
  const idea = await createIdea(admin, member.id, title);

  // The moderator moves the idea from Open to Planned with an official response.
  const staffContext = await browser.newContext();
  await signIn(staffContext, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`/p/${idea.id}`);
  await expect(staffPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const panel = staffPage.getByTestId('staff-panel');
  await panel.getByLabel('Status').selectOption({ label: 'Planned' });
  await panel.getByLabel('Official response (optional)').fill('Coming next month.');
  await panel.getByRole('button', { name: 'Update status' }).click();
  // Saved before the page reloads (a reload at once could cut the request short).
  await expect(staffPage.getByText('Status updated.')).toBeVisible();
  await staffPage.reload();
  await expect(staffPage.getByTestId('post-status')).toHaveText('Planned');
  await staffContext.close();

  // The admin opens the audit log from the admin menu and looks the idea up.
  const adminContext = await browser.newContext();
  await signIn(adminContext, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  const page = await adminContext.newPage();
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Idea or other target (title or id)').fill(title);
  await page.getByLabel(/^Action/).fill('post.status');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/target=/);

  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toContainText('post.status');
  await expect(entry).toContainText('(moderator)');
  await expect(entry.getByRole('link', { name: title })).toHaveAttribute('href', `/p/${idea.id}`);
  const status = entry.getByRole('listitem').filter({ has: page.locator('code', { hasText: /^status$/ }) });
  await expect(status.locator('del')).toHaveText('Open');
  await expect(status.locator('ins')).toHaveText('Planned');
  const response = entry.getByRole('listitem').filter({ has: page.locator('code', { hasText: /^response$/ }) });
  await expect(response.locator('del')).toHaveText('(empty)');
  await expect(response.locator('ins')).toHaveText('Coming next month.');
  await expect(entry.locator('td').last()).not.toBeEmpty();
  await expectNoAxeViolations(page, '/admin/audit');

  // The same entry, as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download as CSV' }).click(),
  ]);
  const csv = await readFile((await download.path()) as string, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',post.status,posts,');
  expect(lines[1]).toContain(title);
  expect(lines[1]).toContain('""status"":""Open""');
  expect(lines[1]).toContain('""status"":""Planned""');
  await adminContext.close();
});

test('an admin sets how long the audit log keeps entries, and a wrong number is refused beside the field', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
}) => {
  const site = await admin.collection('site').getFirstListItem('');
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  const page = await context.newPage();
  await page.goto('/admin/settings');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const field = page.getByLabel('Keep audit log entries for (days)');
  await expect(field).toHaveValue(String(site.audit_retention_days));
  try {
    await field.fill('-5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Keep entries for a whole number of days from 0 (forever) to 3650.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('90');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved. Reload to see the new branding.')).toBeVisible();
    expect((await admin.collection('site').getOne(site.id)).audit_retention_days).toBe(90);
    const [entry] = (
      await admin.collection('audit_entries').getList(1, 1, { filter: 'action = "settings.update"', sort: '-created' })
    ).items;
    expect(entry?.before).toMatchObject({ audit_retention_days: site.audit_retention_days });
    expect(entry?.after).toMatchObject({ audit_retention_days: 90 });
  } finally {
    await admin.collection('site').update(site.id, { audit_retention_days: site.audit_retention_days });
    await context.close();
  }
});
