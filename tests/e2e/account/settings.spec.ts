// A member's account settings, the unsubscribe link in emails, and admins arranging boards.
import { expect, test } from '../fixtures';
import { clientFor, createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('a member renames themselves and turns off status emails', async ({
  context,
  page,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const member = await createMember();
  await signIn(context, baseURL as string, pbUrl, member.email, member.password);
  await page.goto('/settings');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const name = unique('Renamed');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel(/Status changes/).selectOption('off');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const me = await clientFor(pbUrl, member.email, member.password);
  const record = await me.collection('users').getOne(member.id);
  expect(record.name).toBe(name);
  // Email preferences are hidden fields: the member reads them through their own route.
  const preferences = await me.send('/api/chorus/preferences', { method: 'GET' });
  expect(preferences).toMatchObject({ email_on_comment: true, email_on_status: false, email_on_release: true });
});

test('the unsubscribe link in an email turns that kind of email off, without signing in', async ({
  browser,
  pbUrl,
  admin,
  createMember,
  mail,
}) => {
  const member = await createMember();
  const idea = await createIdea(admin, member.id, unique('Unsubscribe me'));
  const moderator = await clientFor(pbUrl, 'moderator@example.com', demoPassword());
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await moderator.collection('posts').update(idea.id, { status: planned.id });
  const email = await mail.waitFor(member.email);
  const link = email.text.match(/https?:\/\/\S+\/settings\?unsubscribe=\S+/)?.[0];
  expect(link).toBeTruthy();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(page.getByText('You will get no more status emails.')).toBeVisible();
  expect((await admin.collection('users').getOne(member.id)).email_on_status).toBe(false);
  await visitor.close();
});

test('an admin moves a board up with a button, without dragging', async ({ context, page, baseURL, pbUrl, admin }) => {
  await signIn(context, baseURL as string, pbUrl, 'admin@example.com', demoPassword());
  await page.goto('/admin/boards');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const rows = page.getByTestId('boards-row');
  const second = await rows.nth(1).getByLabel('Name').inputValue();
  await rows
    .nth(1)
    .getByRole('button', { name: `Move up ${second}` })
    .click();
  await expect(rows.first().getByLabel('Name')).toHaveValue(second);
  await expect
    .poll(async () => (await admin.collection('boards').getFullList({ sort: 'position' }))[0]?.name)
    .toBe(second);
  // Put it back for the other tests.
  await rows
    .first()
    .getByRole('button', { name: `Move down ${second}` })
    .click();
  await expect(rows.nth(1).getByLabel('Name')).toHaveValue(second);
});
