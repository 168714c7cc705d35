// Live updates on a members-only board reach the members who see it over PocketBase's stream, with its
// rules (a visitor's public pages listen at the edge instead: live-edge.spec.ts).
import { expect, test } from '../fixtures';
import { ideaWithSignedInMember, openPage, signInContext } from '../ideas-helpers';

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
