// Spam kept out, with nothing lost (issue 38), in the user's words: a held first idea and a reported comment
// reach the moderators' queue, and a report form refuses bad input without losing what was typed.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { openPage } from '../ideas-helpers';
import { clientFor, createIdea, demoPassword, signedInPage, unique } from '../staff-helpers';

const hydrated = (page: import('@playwright/test').Page) =>
  expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);

test("a new member's first idea with a link waits for review and a moderator approves it", async ({
  browser,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const member = await createMember();
  const page = await signedInPage(browser, baseURL as string, pbUrl, member);
  await openPage(page, '/b/features');
  const title = unique('Cheap watches');
  await page.getByRole('button', { name: 'Share an idea' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Details (Markdown)').fill('Have a look at https://watches.example.net/deal');
  await page.getByRole('button', { name: 'Post idea' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The author sees that it waits; nobody else sees it.
  await expect(page.getByTestId('waits-for-review')).toContainText('Waiting for review');
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/p/${id}`))?.status()).toBe(404);

  const moderator = await signedInPage(browser, baseURL as string, pbUrl, {
    email: 'moderator@example.com',
    password: demoPassword(),
  });
  await moderator.goto('/admin');
  await hydrated(moderator);
  const row = moderator.getByTestId('queued-post').filter({ hasText: title });
  await expect(row).toContainText('a new member’s post with links');
  await row.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(async () => (await visitorPage.goto(`/p/${id}`))?.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('waits-for-review')).toHaveCount(0);
  await Promise.all([visitor.close(), page.context().close(), moderator.context().close()]);
});

test("a new member's first comment with a link shows them it waits for review; visitors do not see it", async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const [author, newcomer] = await Promise.all([createMember(), createMember()]);
  const idea = await createIdea(admin, author.id, unique('Export to PDF'));
  const page = await signedInPage(browser, baseURL as string, pbUrl, newcomer);
  await openPage(page, `/p/${idea.id}`);
  const words = unique('Try my converter at pdf-tools.example.com');
  await page.getByLabel('Add a comment').fill(words);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const mine = page.getByTestId('comment').filter({ hasText: words });
  await expect(mine.getByTestId('held-mark')).toHaveText('Waiting for review');
  await page.reload();
  await expect(page.getByTestId('comment').filter({ hasText: words }).getByTestId('held-mark')).toBeVisible();
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await openPage(visitorPage, `/p/${idea.id}`);
  await expect(visitorPage.getByTestId('comment').filter({ hasText: words })).toHaveCount(0);
  await Promise.all([visitor.close(), page.context().close()]);
});

test('a member reports a comment and a moderator sees it in the queue', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const [author, commenter, reporter] = await Promise.all([createMember(), createMember(), createMember()]);
  const idea = await createIdea(admin, author.id, unique('Offline mode'));
  const words = unique('Buy followers cheap');
  const comment = await (await clientFor(pbUrl, commenter.email, commenter.password))
    .collection('comments')
    .create({ post: idea.id, author: commenter.id, body: words });

  const page = await signedInPage(browser, baseURL as string, pbUrl, reporter);
  await openPage(page, `/p/${idea.id}`);
  const item = page.getByTestId('comment').filter({ hasText: words });
  await item.getByRole('link', { name: 'Report' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${idea.id}/report\\?comment=${comment.id}`));

  // Bad input: no reason, and a note too long. Refused by the field, the note kept.
  const note = `They post this everywhere. ${'x'.repeat(500)}`;
  await page.getByLabel('Note for the moderators (optional)').fill(note);
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByTestId('report-error')).toBeVisible();
  await expect(page.getByLabel('Note for the moderators (optional)')).toHaveValue(note);
  await expect(page.locator('.field-error')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.getByLabel('Note for the moderators (optional)').fill('They post this everywhere.');
  await page.getByRole('radio', { name: 'Spam' }).check();
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByTestId('reported-notice')).toContainText('the moderators will look at your report');
  // Once per member: the form is not offered again.
  await page.goto(`/p/${idea.id}/report?comment=${comment.id}`);
  await expect(page.getByTestId('already-reported')).toBeVisible();
  // Their own comment, or their own idea: told at once, no form to fill in only to be refused.
  const own = await signedInPage(browser, baseURL as string, pbUrl, commenter);
  await own.goto(`/p/${idea.id}/report?comment=${comment.id}`);
  await expect(own.getByTestId('own-item')).toContainText('This is yours');
  await expect(own.getByTestId('report-form')).toHaveCount(0);
  const ideaAuthor = await signedInPage(browser, baseURL as string, pbUrl, author);
  await ideaAuthor.goto(`/p/${idea.id}/report`);
  await expect(ideaAuthor.getByTestId('own-item')).toBeVisible();
  await ideaAuthor.goto(`/p/${idea.id}/report?comment=${comment.id}`);
  await expect(ideaAuthor.getByTestId('report-form')).toBeVisible();

  const moderator = await signedInPage(browser, baseURL as string, pbUrl, {
    email: 'moderator@example.com',
    password: demoPassword(),
  });
  await moderator.goto('/admin');
  await hydrated(moderator);
  const row = moderator.getByTestId('reported-item').filter({ hasText: words });
  await expectNoAxeViolations(moderator);
  await expect(row.getByTestId('report-count')).toHaveText('1 report');
  await expect(row).toContainText('Spam');
  await expect(row).not.toContainText(reporter.name);
  await row.getByRole('button', { name: `Hide ${words}` }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(async () => (await admin.collection('comments').getOne(comment.id)).hidden as boolean).toBe(true);
  await Promise.all([page.context().close(), moderator.context().close()]);
});

test('an admin sets blocked words and Turnstile keys; a bad key is refused by its field and nothing typed is lost', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
}) => {
  const page = await signedInPage(browser, baseURL as string, pbUrl, {
    email: 'admin@example.com',
    password: demoPassword(),
  });
  const guard = await admin.collection('spam_guard').getFirstListItem('');
  const site = await admin.collection('site').getFirstListItem('');
  try {
    await page.goto('/admin/settings');
    const form = page.getByTestId('spam-guard-form');
    await form.getByLabel('Blocked words').fill('casino\nviagra');
    await form.getByLabel('Blocked domains').fill('spam.example');
    await form.getByLabel('Cloudflare Turnstile site key').fill('not a key!');
    await form.getByLabel('Cloudflare Turnstile secret key').fill('a-secret');
    await form.getByRole('button', { name: 'Save spam settings' }).click();
    const key = page.getByTestId('spam-guard-form').getByLabel('Cloudflare Turnstile site key');
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await expect(key).toHaveValue('not a key!');
    await expect(page.getByTestId('spam-guard-form').getByLabel('Blocked words')).toHaveValue('casino\nviagra');
    // The secret is never sent back to the browser, not even after a refusal.
    await expect(page.getByTestId('spam-guard-form').getByLabel('Cloudflare Turnstile secret key')).toHaveValue('');
    await key.fill('');
    await page.getByTestId('spam-guard-form').getByRole('button', { name: 'Save spam settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Spam settings saved.' })).toBeVisible();
    expect((await admin.collection('spam_guard').getOne(guard.id)).blocked_words).toBe('casino\nviagra');
    expect(await page.content()).not.toContain('a-secret');
  } finally {
    await admin
      .collection('spam_guard')
      .update(guard.id, { blocked_words: '', blocked_domains: '', turnstile_secret: '' });
    await admin.collection('site').update(site.id, { turnstile_site_key: '' });
    await page.context().close();
  }
});
