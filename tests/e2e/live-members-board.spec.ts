// Live updates on a members-only board reach the members who see it, and the crowd on public boards
// listens only to the ideas' public copies (never to `posts`, whose rule costs a query per subscriber).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createIdea, ideaWithSignedInMember, openPage, signInContext } from './ideas-helpers';
import { clientFor } from './staff-helpers';

/** Every topic the page asks PocketBase's realtime stream for, from the requests it sends. */
function recordTopics(page: Page): Set<string> {
  const topics = new Set<string>();
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/realtime')) return;
    const body = request.postDataJSON() as { subscriptions?: string[] };
    for (const topic of body.subscriptions ?? []) topics.add(topic.split('?')[0] ?? '');
  });
  return topics;
}

test('a member on a members-only board sees another member’s vote live', async ({
  browser,
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const { id } = await ideaWithSignedInMember(
    { admin, createMember, context, pbUrl, baseURL },
    { title: 'Beta: offline sync', board: 'beta' },
  );
  const voter = await createMember();
  await openPage(page, `/p/${id}`);
  const list = await context.newPage();
  await list.goto('/b/beta?sort=new');
  const card = list.locator(`li.post-card[data-post="${id}"]`);
  await expect(card.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(card.getByTestId('vote-count')).toHaveText('0');
  await page.waitForTimeout(500); // the live stream subscribes right after hydration

  const voterContext = await browser.newContext();
  await signInContext(voterContext, pbUrl, baseURL as string, voter);
  const voterPage = await voterContext.newPage();
  await openPage(voterPage, `/p/${id}`);
  await voterPage.getByTestId('vote-button').click();

  await expect(page.getByTestId('vote-count')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Voters' }).getByRole('img', { name: voter.name })).toBeVisible();
  await expect(card.getByTestId('vote-count')).toHaveText('1');
  await voterContext.close();
});

test('a visitor’s open idea and board pages listen only to public copies, and see votes live', async ({
  page,
  admin,
  pbUrl,
  createMember,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const id = await createIdea(admin, { author: author.id, title: `Public copy ${Date.now().toString(36)}` });
  const topics = recordTopics(page);
  await openPage(page, `/p/${id}`);
  await page.waitForTimeout(500);
  const client = await clientFor(pbUrl, voter.email, voter.password);
  await client.collection('votes').create({ post: id, user: voter.id });
  await expect(page.getByTestId('vote-count')).toHaveText('1');
  await page.goto('/b/features?sort=new');
  await expect(page.locator(`li.post-card[data-post="${id}"] astro-island[ssr]`)).toHaveCount(0);
  await expect.poll(() => topics.has('post_live/*')).toBe(true);
  expect([...topics].filter((topic) => topic.startsWith('posts'))).toEqual([]);
  expect(topics.has(`post_live/${id}`)).toBe(true);
});
