// Runs its own stack, so restarting PocketBase here never disturbs the other tests.
import PocketBase from 'pocketbase';
import { expect, test } from '../fixtures';
import { publicIdea, VOTER_PASSWORD, withOwnStack } from '../own-stack';

test('while PocketBase restarts, a visitor’s idea page stays live at the edge and shows the next vote', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await withOwnStack(async (stack) => {
    const { voter, post } = await publicIdea(stack, { title: 'Keep working through restarts', voterName: 'Voter' });

    await page.goto(`${stack.siteUrl}/p/${post.id}`);
    await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
    await expect(page.getByTestId('vote-count')).toHaveText('0');
    // Only a live connection that was up can be lost: stopping PocketBase before it is would test nothing.
    await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready', { timeout: 15_000 });

    // The page's live socket is the edge's, not PocketBase's: a restart behind it drops nothing.
    await stack.pocketbase().stop();
    await page.waitForTimeout(1000);
    await expect(page.getByText('Reconnecting…')).toHaveCount(0);
    await stack.restartPocketBase();
    // A vote lands right after the restart, likely before the page has reconnected: it must still show up.
    const client = new PocketBase(stack.pbUrl);
    await client.collection('users').authWithPassword('voter@example.com', VOTER_PASSWORD);
    await client.collection('votes').create({ post: post.id, user: voter.id });

    await expect(page.getByTestId('vote-count')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByText('Reconnecting…')).toHaveCount(0);
  });
});
