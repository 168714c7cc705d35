// The staff audit log in the user's words: a moderator changes a status and the admin finds it in the audit
// log with the before and after, from which address, and downloads the same entry as CSV.
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { createIdea, demoPassword, signIn, unique } from './staff-helpers';

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
