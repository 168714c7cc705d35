// Runs its own stack, so restarting PocketBase here never disturbs the other tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { connectAsSuperuser } from '../../scripts/lib/configure-pocketbase.mjs';
import { freePorts } from '../../scripts/lib/ports.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { expect, test } from './fixtures';

test('while PocketBase restarts, a visitor’s idea page stays live at the edge and shows the next vote', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-restart-'));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, seed: false, build: 'if-missing' });
  try {
    const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
    const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
    const password = 'a-long-password-123';
    const voter = await admin
      .collection('users')
      .create({ email: 'voter@example.com', password, passwordConfirm: password, name: 'Voter', verified: true });
    const post = await admin
      .collection('posts')
      .create({ board: board.id, author: voter.id, title: 'Keep working through restarts', approved: true });

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
    await client.collection('users').authWithPassword('voter@example.com', password);
    await client.collection('votes').create({ post: post.id, user: voter.id });

    await expect(page.getByTestId('vote-count')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByText('Reconnecting…')).toHaveCount(0);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
