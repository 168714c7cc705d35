// My data, my account, in the member's words: they download everything Chorus holds about them and find
// their own things in it; they delete their account and what they wrote stays, signed Deleted member.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { startWebhookReceiver } from '../../support/webhook-receiver';
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { boardId, createIdea, NOT_INTERACTIVE, PNG_1X1, signInContext } from '../ideas-helpers';
import { clientFor, unique } from '../staff-helpers';

test('a member downloads their data and finds their idea, comment, vote and screenshot in it', async ({
  context,
  page,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const someone = await createMember();
  const me = await clientFor(pbUrl, member.email, member.password);
  const title = unique('Dark mode');
  const form = new FormData();
  form.set('board', await boardId(admin, 'features'));
  form.set('author', member.id);
  form.set('title', title);
  form.set('body', 'My eyes hurt at night.');
  form.append('images', new Blob([PNG_1X1], { type: 'image/png' }), 'screenshot.png');
  const idea = await me.collection('posts').create(form);
  const comment = await me.collection('comments').create({ post: idea.id, author: member.id, body: 'Any news?' });
  const theirs = await createIdea(admin, { author: someone.id, title: unique('Offline mode') });
  await me.collection('votes').create({ post: theirs, user: member.id });

  await signInContext(context, pbUrl, baseURL as string, member);
  await page.goto('/settings');
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^chorus-data-${member.id}-.+\\.zip$`));
  const files = unzipSync(readFileSync(await download.path()));
  const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array));
  expect(data.profile).toMatchObject({ id: member.id, email: member.email, name: member.name });
  expect(data.ideas).toEqual([expect.objectContaining({ id: idea.id, title })]);
  expect(data.comments).toEqual([expect.objectContaining({ id: comment.id, body: 'Any news?' })]);
  expect(data.votes.map((v: { idea: string }) => v.idea)).toContain(theirs);
  const screenshot = data.ideas[0].images[0];
  expect(screenshot).toMatch(/screenshot.*\.png$/);
  expect(Buffer.from(files[screenshot] as Uint8Array)).toEqual(PNG_1X1);
  expect(strFromU8(files['data.json'] as Uint8Array)).not.toContain(someone.email);
});

test('a member deletes their account; their idea stays, signed Deleted member; signing in with the old password fails; the webhook receiver gets member.deleted with no email in it', async ({
  context,
  page,
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
  mail,
}) => {
  test.setTimeout(150_000); // several browsers, emails and a webhook on a busy machine
  const receiver = await startWebhookReceiver();
  const webhook = await admin
    .collection('webhooks')
    .create({ name: unique('Erasures'), url: receiver.url('/erased'), kind: 'standard', events: ['member.deleted'] });
  try {
    const member = await createMember();
    const title = unique('Keep my idea');
    const idea = await createIdea(admin, { author: member.id, title });
    await signInContext(context, pbUrl, baseURL as string, member);
    await page.goto('/settings');
    await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);

    const danger = page.getByRole('region', { name: 'Delete my account' });
    await danger.getByLabel('Your password').fill('not my password');
    await danger.getByRole('button', { name: 'Confirm' }).click();
    await expect(danger.getByText('That does not match: check it and try again.').first()).toBeVisible();
    await expectNoAxeViolations(page, '/settings with a wrong password');
    await danger.getByLabel('Your password').fill(member.password);
    await danger.getByRole('button', { name: 'Confirm' }).click();
    await expect(danger.getByText('For the next five minutes you can delete the account.')).toBeVisible();
    await danger.getByRole('button', { name: 'Delete the account forever' }).click();
    await expect(danger.getByText('Tick the box to confirm.').first()).toBeVisible();
    await expectNoAxeViolations(page, '/settings, confirmed, box not ticked');
    await danger.getByLabel('I understand this cannot be undone').check();
    await danger.getByRole('button', { name: 'Delete the account forever' }).click();
    await expect(page).toHaveURL(/\/settings\?deleted=1$/);
    await expect(page.getByText('The account was deleted.')).toBeVisible();

    const reader = await browser.newContext();
    const readerPage = await reader.newPage();
    await readerPage.goto(`${baseURL}/p/${idea}`);
    await expect(readerPage.getByRole('heading', { name: title })).toBeVisible();
    await expect(readerPage.getByText('Deleted member').first()).toBeVisible();
    await expect(readerPage.getByText(member.name)).toHaveCount(0);

    await readerPage.goto(`${baseURL}/signin`);
    await readerPage.getByLabel('Email', { exact: true }).fill(member.email);
    await readerPage.getByLabel('Password', { exact: true }).fill(member.password);
    await readerPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(readerPage.getByRole('alert')).toBeVisible();
    await expect(readerPage).toHaveURL(/\/signin/);
    await reader.close();

    const [delivery] = await receiver.waitFor(
      (r) => r.path === '/erased' && JSON.parse(r.body).data?.member?.id === member.id,
    );
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'member.deleted', data: { member: { id: member.id } } });
    expect(delivery.body).not.toContain(member.email);
    expect(delivery.body).not.toContain(member.name);
    expect(delivery.body).not.toContain('@');
    const notice = await mail.waitFor(member.email, /deleted/);
    expect(notice.text).toContain('Deleted member');
  } finally {
    await admin.collection('webhooks').delete(webhook.id);
    await receiver.close();
  }
});

test('an admin, asked by a member, downloads their data and deletes their account, and both are in the audit log', async ({
  context,
  page,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  test.setTimeout(150_000); // several browsers, emails and a webhook on a busy machine
  const staff = await createMember({ role: 'admin' });
  const member = await createMember({ name: unique('Asks to leave') });
  const title = unique('Export me');
  const idea = await createIdea(admin, { author: member.id, title });
  await signInContext(context, pbUrl, baseURL as string, staff);
  await page.goto(`/admin/members?q=${encodeURIComponent(member.name)}`);
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  await page.getByRole('link', { name: `Data and account ${member.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/members/${member.id}$`));
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  await expectNoAxeViolations(page, '/admin/members/<id>');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download their data' }).click(),
  ]);
  const files = unzipSync(readFileSync(await download.path()));
  const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array));
  expect(data.profile).toMatchObject({ id: member.id, email: member.email });
  expect(data.ideas).toEqual([expect.objectContaining({ id: idea, title })]);

  const danger = page.getByRole('region', { name: 'Delete their account' });
  await danger.getByRole('button', { name: 'Confirm' }).click();
  await expect(danger.getByText(/Confirm it is you first/).first()).toBeVisible();
  await danger.getByLabel('Your password').fill(staff.password);
  await danger.getByRole('button', { name: 'Confirm' }).click();
  await danger.getByLabel('I understand this cannot be undone').check();
  await danger.getByRole('button', { name: 'Delete the account forever' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);

  await expect(clientFor(pbUrl, member.email, member.password)).rejects.toMatchObject({ status: 400 });
  const entries = await admin.collection('audit_entries').getFullList({
    // (Creating the member through PocketBase as a superuser is in the log too, as the operator's.)
    filter: admin.filter('target_id = {:id} && actor = {:staff}', { id: member.id, staff: staff.id }),
    sort: 'created',
  });
  expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
    ['member.export', staff.id],
    ['member.delete', staff.id],
  ]);
  const post = await admin.collection('posts').getOne(idea);
  expect(post.author_name).toBe('Deleted member');
});
