// Digests in the member's words: a member on a daily digest gets one email for three events, and none with
// digests off. The job runs deterministically through its superuser route, at the member's local 08:00.
import type { Browser } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { nextLocalEight } from '../../support/local-time';
import { expect, type Member, test } from '../fixtures';
import { clientFor, createIdea, demoPassword, signIn, unique } from '../staff-helpers';

type Inbox = { to: string; subject: string; text: string; headers: Record<string, string> }[];
const KINDS = [/New comments/, /Status changes/, /Releases/];

async function inboxOf(email: string): Promise<Inbox> {
  const messages = (await (await fetch(`${process.env.E2E_MAIL_URL}/api/messages`)).json()) as Inbox;
  return messages.filter((m) => m.to.includes(email));
}

/** A new status with an official response, a comment by someone else and a release, on `ideaId`. */
async function threeEvents(admin: PocketBase, pbUrl: string, ideaId: string, commenter: Member, label: string) {
  const moderator = await clientFor(pbUrl, 'moderator@example.com', demoPassword());
  const status = await admin
    .collection('statuses')
    .getFirstListItem(`slug = "${label === 'first' ? 'planned' : 'in-progress'}"`);
  await moderator.collection('posts').update(ideaId, { status: status.id, response: `Response ${label}` });
  await admin.collection('comments').create({ post: ideaId, author: commenter.id, body: `Comment ${label}` });
  const slug = unique('release').replace(/\W+/g, '-').toLowerCase();
  await moderator
    .collection('changelog_entries')
    .create({ title: `Release ${label}`, slug, state: 'published', posts: [ideaId] });
}

/** Signs `member` in a browser context of their own and sets every kind of email to `frequency`. */
async function chooseOnSettings(browser: Browser, baseURL: string, pbUrl: string, member: Member, frequency: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(context, baseURL, pbUrl, member.email, member.password);
  await page.goto('/settings');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  for (const kind of KINDS) await page.getByLabel(kind).selectOption(frequency);
  await page.getByLabel('Time zone').selectOption('Europe/Paris');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await context.close();
}

test('a member on a daily digest gets one email for three events, and none with digests off', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
  mail,
}) => {
  const [daily, off, commenter] = [await createMember(), await createMember(), await createMember()];
  const idea = await createIdea(admin, daily.id, unique('Digest idea')); // authors follow their ideas
  await admin.collection('subscriptions').create({ post: idea.id, user: off.id });
  await chooseOnSettings(browser, baseURL as string, pbUrl, daily, 'daily');
  await chooseOnSettings(browser, baseURL as string, pbUrl, off, 'off');
  const chosen = Date.now();

  await threeEvents(admin, pbUrl, idea.id, commenter, 'first');
  const eight = nextLocalEight('Europe/Paris', chosen);
  const run = (at: number) =>
    admin.send('/api/chorus/digests/run', { method: 'POST', body: { now: new Date(at).toISOString() } });
  await run(eight - 60_000);
  expect(await inboxOf(daily.email)).toEqual([]); // nothing right away, nothing before 08:00
  await run(eight);
  const digest = await mail.waitFor(daily.email, /daily digest/);
  for (const words of [idea.title, 'Planned', 'Response first', 'commented', 'Release first'])
    expect(digest.text).toContain(words);
  await run(eight + 60_000); // the job runs again: still one email
  await new Promise((resolve) => setTimeout(resolve, 500));
  const inbox = await inboxOf(daily.email);
  expect(inbox).toHaveLength(1);
  expect(inbox[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(await inboxOf(off.email)).toEqual([]);
});

test('a mail app unsubscribes in one click from the List-Unsubscribe address, without signing in', async ({
  request,
  admin,
  pbUrl,
  createMember,
  mail,
}) => {
  const member = await createMember();
  const idea = await createIdea(admin, member.id, unique('One click'));
  const moderator = await clientFor(pbUrl, 'moderator@example.com', demoPassword());
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await moderator.collection('posts').update(idea.id, { status: planned.id });
  await mail.waitFor(member.email);
  const [email] = await inboxOf(member.email);
  const address = String(email?.headers['list-unsubscribe']).slice(1, -1);
  const forged = address.replace(/token=[^&]+/, 'token=forged');
  const refused = await request.post(new URL(forged).pathname + new URL(forged).search, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(refused.status()).toBe(400);
  expect((await admin.collection('users').getOne(member.id)).email_on_status).toBe(true);
  // Mail providers post from their servers: no Origin, no cookie.
  const answer = await request.post(new URL(address).pathname + new URL(address).search, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(answer.status()).toBe(200);
  expect((await admin.collection('users').getOne(member.id)).email_on_status).toBe(false);
});

test('a time zone the server does not know is refused next to the field, and nothing is saved', async ({
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
  // A tampered form (or a browser with a zone the server lacks): the server's list decides.
  await page.getByLabel('Time zone').evaluate((select: HTMLSelectElement) => {
    select.add(new Option('Mars/Olympus_Mons', 'Mars/Olympus_Mons'));
  });
  await page.getByLabel('Time zone').selectOption('Mars/Olympus_Mons');
  await page.getByLabel(/New comments/).selectOption('weekly');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('#time_zone-error')).toHaveText('Pick one of the offered choices.');
  await expect(page.getByLabel('Time zone')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/New comments/)).toHaveValue('weekly'); // what was chosen stays on screen
  const me = await clientFor(pbUrl, member.email, member.password);
  expect(await me.send('/api/chorus/preferences', { method: 'GET' })).toMatchObject({
    comment_emails: 'instant',
    time_zone: 'UTC',
  });
});
