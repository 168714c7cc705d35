// Everything on screen follows the truth, live, in two browsers: voters, the Follow button, list-card
// counts and status pills, hidden comments, and live comments that look as they will after a reload.
import { expect, test } from '../fixtures';
import { createIdea, NOT_INTERACTIVE, openPage, signInContext } from '../ideas-helpers';
import { clientFor } from '../staff-helpers';

test('when a member votes, another browser sees them among the voters, and they follow the idea', async ({
  browser,
  page,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Voters appear live' });
  await openPage(page, `/p/${id}`);
  await expect(page.getByRole('region', { name: 'Voters' })).toContainText('No votes yet.');

  const context = await browser.newContext();
  await signInContext(context, pbUrl, baseURL as string, voter);
  const voterPage = await context.newPage();
  await openPage(voterPage, `/p/${id}`);
  await expect(voterPage.getByTestId('follow-button')).toHaveText('Follow');
  await voterPage.getByTestId('vote-button').click();

  await expect(page.getByTestId('vote-count')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Voters' }).getByRole('img', { name: voter.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Voters' })).not.toContainText('No votes yet.');
  // Voting followed the idea on the server; the button says so without a reload.
  await expect(voterPage.getByTestId('follow-button')).toHaveText('Following');
  await expect(voterPage.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});

test('list cards follow comment counts and status changes live', async ({ page, pbUrl, admin, createMember }) => {
  const author = await createMember();
  const commenter = await createMember();
  const id = await createIdea(admin, { author: author.id, title: `Card counts ${Date.now().toString(36)}` });
  await page.goto('/b/features?sort=new');
  const card = page.locator(`li.post-card[data-post="${id}"]`);
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  await expect(card.getByTestId('comment-count')).toHaveText('0 comments');
  await expect(card.getByTestId('post-status')).toHaveText('Open');

  const client = await clientFor(pbUrl, commenter.email, commenter.password);
  await client.collection('comments').create({ post: id, author: commenter.id, body: 'First!' });
  await expect(card.getByTestId('comment-count')).toHaveText('1 comment');
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await admin.collection('posts').update(id, { status: planned.id });
  await expect(card.getByTestId('post-status')).toHaveText('Planned');
});

test('a comment staff hide disappears from a member’s open page', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const reader = await createMember();
  const rude = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Hidden comments leave' });
  const client = await clientFor(pbUrl, rude.email, rude.password);
  const comment = await client.collection('comments').create({ post: id, author: rude.id, body: 'Something rude' });
  await signInContext(context, pbUrl, baseURL as string, reader);
  await openPage(page, `/p/${id}`);
  await expect(page.getByTestId('comment').filter({ hasText: 'Something rude' })).toBeVisible();
  await page.waitForTimeout(500); // the live stream subscribes right after hydration
  await admin.collection('comments').update(comment.id, { hidden: true });
  await expect(page.getByTestId('comment').filter({ hasText: 'Something rude' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '0 comments' })).toBeVisible();
});

test('a live comment with markdown looks exactly as it does after a reload', async ({
  page,
  pbUrl,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const commenter = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Markdown arrives live' });
  // An established member: a new member's first comment with a link waits for review (pb_hooks/moderation/holds.pb.js).
  await createIdea(admin, { author: commenter.id, title: 'An earlier idea' });
  await openPage(page, `/p/${id}`);
  await page.waitForTimeout(500);
  const client = await clientFor(pbUrl, commenter.email, commenter.password);
  const body = 'Opened with **bold**, a [link](https://example.com) and a list:\n\n- one\n- two\n\n<script>x</script>';
  await client.collection('comments').create({ post: id, author: commenter.id, body });
  const live = page.getByTestId('comment').filter({ hasText: 'Opened with' }).locator('.prose');
  await expect(live.locator('strong')).toHaveText('bold');
  await expect(live.getByRole('listitem')).toHaveText(['one', 'two']);
  const liveHtml = await live.innerHTML();
  await page.reload();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const reloaded = page.getByTestId('comment').filter({ hasText: 'Opened with' }).locator('.prose');
  expect(await reloaded.innerHTML()).toBe(liveHtml);
  await expect(reloaded.getByRole('link', { name: 'link' })).toHaveAttribute('rel', 'nofollow ugc noopener');
});
