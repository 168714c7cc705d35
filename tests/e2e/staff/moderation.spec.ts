// Staff moderation in the user's words: merging duplicates, the approval queue, blocking.
import { expect, test } from '../fixtures';
import { clientFor, createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('staff merge a duplicate: its votes move to the original (someone who voted for both counts once) and its address leads there', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const both = await createMember();
  const originalTitle = unique('Sync with Dropbox');
  const original = await createIdea(admin, author.id, originalTitle);
  const duplicate = await createIdea(admin, author.id, unique('Dropbox syncing please'));
  const voterClient = await clientFor(pbUrl, voter.email, voter.password);
  await voterClient.collection('votes').create({ post: duplicate.id, user: voter.id });
  const bothClient = await clientFor(pbUrl, both.email, both.password);
  for (const post of [original, duplicate])
    await bothClient.collection('votes').create({ post: post.id, user: both.id });

  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const page = await context.newPage();
  await page.goto(`/p/${duplicate.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const panel = page.getByTestId('staff-panel');
  await panel.getByLabel('Search ideas to merge into').fill(originalTitle);
  await panel.getByRole('button', { name: 'Search' }).click();
  await panel.getByRole('button', { name: 'Merge here' }).click();
  // Asked first, in place, saying what moves.
  const ask = panel.getByRole('group', {
    name: `Merge this idea into “${originalTitle}”? Its votes and followers move there.`,
  });
  await ask.getByRole('button', { name: 'Merge here' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${original.id}$`));
  await expect(page.getByTestId('vote-count').first()).toHaveText('2');

  await page.goto(`/p/${duplicate.id}`);
  await expect(page).toHaveURL(new RegExp(`/p/${original.id}$`));
  await context.close();
});

test('with approval on, a new idea waits in the queue until staff approve it', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const site = await admin.collection('site').getFirstListItem('');
  await admin.collection('site').update(site.id, { require_approval: true });
  try {
    const member = await createMember();
    const memberClient = await clientFor(pbUrl, member.email, member.password);
    const board = await admin.collection('boards').getFirstListItem('slug = "features"');
    const title = unique('Queued idea');
    const post = await memberClient
      .collection('posts')
      .create({ board: board.id, author: member.id, title, body: 'Please approve me.' });

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    expect((await visitorPage.goto(`/p/${post.id}`))?.status()).toBe(404);

    const staff = await browser.newContext();
    await signIn(staff, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
    const queue = await staff.newPage();
    await queue.goto('/admin');
    await expect(queue.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    const row = queue.getByTestId('queued-post').filter({ hasText: title });
    await expect(row).toContainText(member.name);
    await row.getByRole('button', { name: `Approve ${title}` }).click();
    await expect(row).toHaveCount(0);
    await expect.poll(async () => (await visitorPage.goto(`/p/${post.id}`))?.status()).toBe(200);
    await visitor.close();
    await staff.close();
  } finally {
    await admin.collection('site').update(site.id, { require_approval: false });
  }
});

test('a moderator blocks a member, who then cannot vote', async ({ browser, baseURL, pbUrl, admin, createMember }) => {
  const member = await createMember({ name: unique('Spammy Sam') });
  const idea = await createIdea(admin, member.id, unique('Blocked voters'));
  const staff = await browser.newContext();
  await signIn(staff, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const members = await staff.newPage();
  await members.goto(`/admin/members?q=${encodeURIComponent(member.name)}`);
  await expect(members.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await members.getByRole('button', { name: `Block ${member.name}` }).click();
  await expect(members.getByRole('button', { name: `Unblock ${member.name}` })).toBeVisible();
  await expect.poll(async () => (await admin.collection('users').getOne(member.id)).blocked).toBe(true);

  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, member.email, member.password);
  const page = await context.newPage();
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByTestId('vote-button').click();
  await expect(page.getByTestId('toast').first()).toContainText(/blocked/i);
  await expect(page.getByTestId('vote-count')).toHaveText('0');
  expect((await admin.collection('posts').getOne(idea.id)).vote_count).toBe(0);
  await staff.close();
  await context.close();
});

test('staff record a customer’s vote by email, then lock the idea', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const idea = await createIdea(admin, author.id, unique('Vote for a customer'));
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const page = await context.newPage();
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const panel = page.getByTestId('staff-panel');
  const customer = `customer-${Date.now().toString(36)}@example.com`;
  await panel.getByLabel('Customer email').fill(customer);
  await panel.getByRole('button', { name: 'Add vote' }).click();
  await expect(panel.getByText(/Vote recorded for .*new account/)).toBeVisible();
  await expect(page.getByTestId('vote-count').first()).toHaveText('1');
  const vote = await admin.collection('votes').getFirstListItem(admin.filter('post = {:post}', { post: idea.id }));
  expect(vote.on_behalf_by).toBeTruthy();

  await panel.getByRole('button', { name: 'Lock' }).click();
  await expect(panel.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect.poll(async () => (await admin.collection('posts').getOne(idea.id)).locked).toBe(true);
  await page.reload();
  await expect(page.getByTestId('locked-notice')).toBeVisible();
  await context.close();
});
