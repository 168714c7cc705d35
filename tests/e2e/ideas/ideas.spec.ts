// Ideas, votes and comments, in the words of the people using them.

import { expect, test } from '../fixtures';
import { createIdea, NOT_INTERACTIVE, openPage, PNG_1X1, signInContext } from '../ideas-helpers';
import { reloadUntilShown } from '../purge-goal';

test('a member posts an idea with a pasted screenshot', async ({ page, context, pbUrl, baseURL, createMember }) => {
  const member = await createMember();
  await signInContext(context, pbUrl, baseURL as string, member);
  await openPage(page, '/b/features');
  await page.getByRole('button', { name: 'Share an idea' }).click();
  await page.getByLabel('Title').fill('Paste screenshots into ideas');
  await page.getByLabel('Details (Markdown)').fill('It would be **great** to paste images.');
  // Paste an image from the clipboard into the composer.
  await page.getByLabel('Details (Markdown)').evaluate(
    (element, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [...PNG_1X1],
  );
  await expect(page.getByRole('img', { name: /Attachment 1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Post idea' }).click();
  await expect(page).toHaveURL(/\/p\/[a-z0-9]{15}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paste screenshots into ideas' })).toBeVisible();
  await expect(page.locator('.prose strong')).toHaveText('great');
  await expect(page.getByRole('list', { name: 'Images' }).getByRole('img')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Voters' })).toBeVisible();
});

test('a member votes for an idea and takes the vote back', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Vote and unvote me' });
  await signInContext(context, pbUrl, baseURL as string, voter);
  await openPage(page, `/p/${id}`);
  const vote = page.getByTestId('vote-button');
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  await vote.click();
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('vote-count')).toHaveText('1');
  // The count shows at once (optimistic); reload once the server has the vote.
  await expect.poll(async () => (await admin.collection('posts').getOne(id)).vote_count).toBe(1);
  await page.reload();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: voter.name })).toBeVisible();
  await page.getByTestId('vote-button').click();
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('vote-count')).toHaveText('0');
  await expect.poll(async () => (await admin.collection('posts').getOne(id)).vote_count).toBe(0);
});

test('a visitor who votes is asked to sign in, comes back, and the vote counts', async ({
  page,
  admin,
  createMember,
}) => {
  const [author, voter] = [await createMember(), await createMember()];
  const id = await createIdea(admin, { author: author.id, title: 'Visitors must sign in to vote' });
  await openPage(page, `/p/${id}`);
  await page.getByTestId('vote-button').click();
  await expect(page).toHaveURL(new RegExp(`/signin\\?next=${encodeURIComponent(`/p/${id}`)}`));
  await page.getByLabel('Email', { exact: true }).fill(voter.email);
  await page.getByLabel('Password', { exact: true }).fill(voter.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${id}$`));
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  const votes = () => admin.collection('votes').getFullList({ filter: `user = "${voter.id}" && post = "${id}"` });
  await expect.poll(async () => (await votes()).length).toBe(1);
});

test('a member comments, another replies, and the author edits their comment', async ({
  browser,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const [alice, bob] = [await createMember({ name: 'Alice Example' }), await createMember({ name: 'Bob Example' })];
  const id = await createIdea(admin, { author: alice.id, title: 'Discuss me' });
  const aliceContext = await browser.newContext();
  await signInContext(aliceContext, pbUrl, baseURL as string, alice);
  const page = await aliceContext.newPage();
  await openPage(page, `${baseURL}/p/${id}`);
  await page.getByLabel('Add a comment').fill('First thoughts\non two lines');
  await page.getByLabel(/Attach images/).setInputFiles([{ name: 'shot.png', mimeType: 'image/png', buffer: PNG_1X1 }]);
  await expect(page.getByText('Attach images (1/3)')).toBeVisible();
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = page.getByTestId('comment').filter({ hasText: 'First thoughts' });
  await expect(comment).toBeVisible();
  await expect(comment).not.toContainText('sending');

  const bobContext = await browser.newContext();
  await signInContext(bobContext, pbUrl, baseURL as string, bob);
  const bobPage = await bobContext.newPage();
  await openPage(bobPage, `${baseURL}/p/${id}`);
  // Bob's page is the member audience's cached copy: it shows Alice's comment once its purge lands.
  await reloadUntilShown(bobPage, bobPage.getByRole('button', { name: 'Reply' }));
  await expect(bobPage.locator(NOT_INTERACTIVE)).toHaveCount(0, { timeout: 15_000 });
  await bobPage.getByRole('button', { name: 'Reply' }).click();
  await bobPage.getByLabel('Reply to Alice Example').fill('A reply from Bob');
  await bobPage.getByRole('button', { name: 'Reply', exact: true }).last().click();
  await expect(bobPage.getByRole('list', { name: 'Replies to Alice Example' })).toContainText('A reply from Bob');

  await comment.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Edit your comment').fill('Second thoughts');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Second thoughts' })).toContainText('edited');
  await page.reload();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Replies to Alice Example' })).toContainText('A reply from Bob');
  await expect(page.getByRole('img', { name: 'Attachment 1 from Alice Example' })).toBeVisible();
  await expect(page.getByTestId('comment').filter({ hasText: 'Second thoughts' })).toContainText('edited');
  await aliceContext.close();
  await bobContext.close();
});

test('two browsers: a vote and a comment in one appear in the other without reloading', async ({
  browser,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const [alice, bob] = [await createMember(), await createMember({ name: 'Live Bob' })];
  const id = await createIdea(admin, { author: alice.id, title: 'Watch me change live' });
  const watcher = await (await browser.newContext()).newPage();
  await openPage(watcher, `${baseURL}/p/${id}`);
  await expect(watcher.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  const bobContext = await browser.newContext();
  await signInContext(bobContext, pbUrl, baseURL as string, bob);
  const bobPage = await bobContext.newPage();
  await openPage(bobPage, `${baseURL}/p/${id}`);
  await bobPage.getByTestId('vote-button').click();
  await expect(watcher.getByTestId('vote-count')).toHaveText('1');
  await bobPage.getByLabel('Add a comment').fill('Hello from the other browser');
  await bobPage.getByRole('button', { name: 'Comment', exact: true }).click();
  const live = watcher.getByTestId('comment').filter({ hasText: 'Hello from the other browser' });
  await expect(live).toBeVisible();
  await expect(live).toContainText('New');
  // A status change by staff shows live too.
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await admin.collection('posts').update(id, { status: planned.id });
  await expect(watcher.getByTestId('post-status')).toHaveText('Planned');
  await bobContext.close();
});

test('markdown with scripts and javascript: links renders harmless', async ({ page, admin, createMember }) => {
  const author = await createMember();
  const id = await createIdea(admin, {
    author: author.id,
    title: 'Sneaky markdown',
    body: 'Hi <script>window.pwned = true</script> <img src=x onerror="window.pwned=true">\n\n[click me](javascript:window.pwned=true) and [safe](https://example.com)',
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openPage(page, `/p/${id}`);
  const prose = page.locator('.post .prose').first();
  await expect(prose).toContainText('<script>window.pwned = true</script>');
  await expect(prose.locator('script, img')).toHaveCount(0);
  await expect(prose.getByText('click me')).toBeVisible();
  await expect(prose.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(prose.getByRole('link', { name: 'safe' })).toHaveAttribute('rel', 'nofollow ugc noopener');
  await prose.getByText('click me').click();
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('a locked idea says so and refuses votes and comments', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const id = await createIdea(admin, { author: member.id, title: 'Locked idea', locked: true });
  await signInContext(context, pbUrl, baseURL as string, member);
  await openPage(page, `/p/${id}`);
  await expect(page.getByTestId('locked-notice')).toBeVisible();
  await expect(page.getByLabel('Add a comment')).toHaveCount(0);
  await page.getByTestId('vote-button').click();
  await expect(page.getByTestId('toast')).toContainText('locked');
});

test('a blocked member is told they can read but not write', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const blocked = await createMember({ blocked: true });
  const id = await createIdea(admin, { author: author.id, title: 'Blocked members read only' });
  await signInContext(context, pbUrl, baseURL as string, blocked);
  await openPage(page, `/p/${id}`);
  await expect(page.getByText('Your account is blocked')).toBeVisible();
  await page.getByTestId('vote-button').click();
  await expect(page.getByTestId('toast')).toContainText('blocked');
});

test('a list shows "1 new idea" instead of moving, and vote counts update live', async ({
  page,
  admin,
  createMember,
}) => {
  const author = await createMember();
  await openPage(page, '/b/features?sort=new');
  await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  const firstTitle = await page.locator('.post-card-title').first().textContent();
  // A title of its own: a second run of this story beside it (--repeat-each) posts one too.
  const title = `Posted while you were reading ${Date.now().toString(36)}`;
  const id = await createIdea(admin, { author: author.id, title });
  // "1 new idea", or more when another test posts to this board meanwhile.
  const newIdeas = page.getByRole('link', { name: /^\d+ new ideas?: show them$/ });
  await expect(newIdeas).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.post-card-title').first()).toHaveText(firstTitle ?? '');
  await newIdeas.click();
  await expect(page.locator('.post-card-title').filter({ hasText: title })).toBeVisible();
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  const card = page.locator(`[data-post="${id}"]`);
  await admin.collection('votes').create({ post: id, user: author.id });
  await expect(card.getByTestId('vote-count')).toHaveText('1');
});

test('an author edits their open idea', async ({ page, context, pbUrl, baseURL, admin, createMember }) => {
  const author = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Typo in the titel' });
  await signInContext(context, pbUrl, baseURL as string, author);
  await openPage(page, `/p/${id}`);
  await page.getByRole('link', { name: 'Edit your idea' }).click();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByLabel('Title').fill('Typo in the title, fixed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Typo in the title, fixed' })).toBeVisible();
});
