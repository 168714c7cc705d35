// The staff duplicate queue in the user's words: a moderator merges a suggested duplicate from the queue.
import { expectPageHasNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { clientFor, createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('a moderator merges a suggested duplicate from the queue: the newer idea goes into the older, each voter counted once', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const both = await createMember();
  const word = unique('').trim(); // one word both titles share, so this pair is the test's own
  // The same words in another order: the pair scores 1, so the newest such pair heads the queue's first page
  // (best score, then newest), however many pairs the other stories on this stack have queued.
  const olderTitle = `Sync calendar with Google ${word}`;
  const newerTitle = `Google calendar sync with ${word}`;
  const older = await createIdea(admin, author.id, olderTitle);
  const newer = await createIdea(admin, author.id, newerTitle);
  const voterClient = await clientFor(pbUrl, voter.email, voter.password);
  await voterClient.collection('votes').create({ post: newer.id, user: voter.id });
  const bothClient = await clientFor(pbUrl, both.email, both.password);
  for (const post of [older, newer]) await bothClient.collection('votes').create({ post: post.id, user: both.id });
  // The check runs in the background every minute; run it now instead of waiting.
  await admin.crons.run('chorus_duplicates');
  await expect
    .poll(
      async () =>
        (
          await admin.collection('duplicate_suggestions').getList(1, 1, {
            // This pair (the newer idea may pair with a retry's ideas, or another story's, too).
            filter: `(post = "${newer.id}" && candidate = "${older.id}") || (post = "${older.id}" && candidate = "${newer.id}")`,
          })
        ).totalItems,
      { timeout: 30_000 },
    )
    .toBe(1);

  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Duplicates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suggested duplicates' })).toBeVisible();
  await expectPageHasNoAxeViolations(page, '/admin/duplicates');
  const pair = page.getByRole('row').filter({ hasText: newerTitle }).filter({ hasText: olderTitle });
  // Why, in the words both titles have (in the order of the idea checked first).
  await expect(pair).toContainText(/Same words: (?=[^·]*google)(?=[^·]*calendar)(?=[^·]*sync)/);
  await pair.getByRole('button', { name: `Merge into “${olderTitle}”` }).click();
  // Asked first, saying what moves.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Merge “${newerTitle}” into “${olderTitle}”? Its votes and followers move there.`);
  await dialog.getByRole('button', { name: `Merge into “${olderTitle}”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Merged' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: newerTitle })).toHaveCount(0);

  await page.goto(`/p/${newer.id}`);
  await expect(page).toHaveURL(new RegExp(`/p/${older.id}$`));
  await expect(page.getByTestId('vote-count').first()).toHaveText('2'); // the newer idea's voter, and the one who voted for both once
  await context.close();
});
