// API keys in the user's words: an admin creates a staff key, sees it once, a script changes a status with it
// and the audit log names the key; the admin revokes it and the next request is refused.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('an admin creates a staff key, sees it once, a script changes a status with it and the audit log names the key; the admin revokes it and the next request is refused', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const title = unique('Dark mode for the dashboard');
  const idea = await createIdea(admin, member.id, title);
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  const keyName = unique('Release script');

  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL as string });
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expectNoAxeViolations(page, '/admin/api-keys');

  // Bad input is refused beside its field, and nothing is created.
  const form = page.getByRole('form', { name: 'Create a key' });
  const create = form.getByRole('button', { name: 'Create key' });
  await form.getByLabel('Name').fill('   ');
  await create.click();
  await expect(form.getByText('Give the key a name of 1 to 80 characters.')).toBeVisible();
  await form.getByLabel('Name').fill(keyName);
  await form.getByLabel('Requests a minute (optional)').fill('0');
  await create.click();
  await expect(form.getByText('The limit is a whole number of requests a minute, from 1 to 100,000.')).toBeVisible();
  await form.getByLabel('Requests a minute (optional)').fill('1000000');
  await create.click();
  await expect(form.getByText('The limit is a whole number of requests a minute, from 1 to 100,000.')).toBeVisible();
  await form.getByLabel('Requests a minute (optional)').fill('');
  await form.getByLabel('Expires on (optional)').fill('2020-01-01');
  await create.click();
  await expect(form.getByText('The expiry date must be in the future and within ten years.')).toBeVisible();
  await expect(page.getByTestId('api-key-row').filter({ hasText: keyName })).toHaveCount(0);

  // A staff key, with what the scope may do said next to it.
  await form.getByLabel('Expires on (optional)').fill('');
  await expect(form.getByText(/Acts as a moderator/)).toBeVisible();
  await form.getByRole('radio', { name: 'Staff' }).check();
  await form.getByLabel('Requests a minute (optional)').fill('120');
  await create.click();

  // Shown once, with a warning and a copy button.
  const notice = page.getByTestId('new-api-key');
  await expect(notice.getByRole('heading', { name: `Copy the key “${keyName}” now` })).toBeVisible();
  await expect(notice).toContainText('This is the only time it is shown');
  const token = (await notice.getByTestId('new-api-key-token').textContent()) ?? '';
  expect(token.split('.')).toHaveLength(3);
  await notice.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Key copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectNoAxeViolations(page, '/admin/api-keys with a new key');
  await notice.getByRole('button', { name: 'I have stored it' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(token);
  const row = page.getByTestId('api-key-row').filter({ hasText: keyName });
  await expect(row).toContainText('Staff');
  await expect(row).toContainText(`…${token.slice(-6)}`);
  await expect(row).toContainText('Alex Rivera');
  await expect(row).toContainText('Active');

  // A script changes the idea's status with the key, as an HTTP header.
  const asScript = (path: string, init: RequestInit = {}) =>
    fetch(`${pbUrl}${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    });
  const changed = await asScript(`/api/collections/posts/records/${idea.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ status: planned.id, response: 'Scheduled by the release script.' }),
  });
  expect(changed.status).toBe(200);

  // The audit log names the key and the admin who made it.
  await page.goto(`/admin/audit?target=${encodeURIComponent(title)}&action=post.status`);
  const entry = page.getByTestId('audit-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`${keyName} (API key of Alex Rivera)`);
  const status = entry.getByRole('listitem').filter({ has: page.locator('code', { hasText: /^status$/ }) });
  await expect(status.locator('ins')).toHaveText('Planned');

  // The members list shows the key as a key, with no controls.
  await page.goto(`/admin/members?q=${encodeURIComponent(keyName)}`);
  const memberRow = page.getByTestId('member-row').filter({ hasText: keyName });
  await expect(memberRow).toContainText('API key (Staff)');
  await expect(memberRow.getByRole('button')).toHaveCount(0);
  await expect(memberRow.getByRole('combobox')).toHaveCount(0);

  // The admin revokes it, after confirming; the script's next request is refused.
  await page.goto('/admin/api-keys');
  const listed = page.getByTestId('api-key-row').filter({ hasText: keyName });
  await expect(listed.locator('td').nth(4)).not.toHaveText('Never');
  await listed.getByRole('button', { name: `Revoke ${keyName}` }).click();
  await expect(listed).toContainText('Every script using it is refused from its next request.');
  await expectNoAxeViolations(page, '/admin/api-keys while confirming a revoke');
  await listed.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(page.getByText('Key revoked.')).toBeVisible();
  await expect(listed).toContainText('Revoked');
  await expect(listed.getByRole('button')).toHaveCount(0);

  expect((await asScript('/api/chorus/api-keys/self')).status).toBe(401);
  const refused = await asScript(`/api/collections/posts/records/${idea.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ response: 'After revocation.' }),
  });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect((await admin.collection('posts').getOne(idea.id)).response).toBe('Scheduled by the release script.');
  await context.close();
});
