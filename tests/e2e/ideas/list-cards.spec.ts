// Idea lists stay cheap to start and live: no React root per card, yet every card (also far below the
// fold) follows votes, comments and status changes, and its vote works before and after the scripts run.
import { expect, test } from '../fixtures';
import { createIdea, ideaWithSignedInMember, NOT_INTERACTIVE, openPage } from '../ideas-helpers';
import { reloadUntilShown } from '../purge-goal';
import { clientFor } from '../staff-helpers';

const PHONE = { width: 390, height: 844 };

for (const path of ['/', '/b/features']) {
  test(`${path} hydrates a few React roots, none per card`, async ({ page }) => {
    await openPage(page, path);
    expect(await page.locator('.post-card').count()).toBeGreaterThanOrEqual(10);
    await expect(page.locator('.post-card astro-island')).toHaveCount(0);
    // Header (bell, account, what's new, release notice), welcome and composer, search, toasts.
    expect(await page.locator('astro-island').count()).toBeLessThanOrEqual(8);
  });
}

test('a card far below the fold follows votes, comments and status live, and votes in place', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const { id, author } = await ideaWithSignedInMember(
    { admin, createMember, context, pbUrl, baseURL },
    { title: `Far down ${Date.now().toString(36)}` },
  );
  // Six newer ideas put it well below a phone's first screen, whatever the header and cards measure.
  for (let i = 0; i < 6; i++) await createIdea(admin, { author: author.id, title: `Newer than it ${i}` });
  await page.setViewportSize(PHONE);
  await openPage(page, '/b/features?sort=new');
  await expect(page.locator('.toaster')).toHaveAttribute('data-live', 'ready');
  const card = page.locator(`li.post-card[data-post="${id}"]`);
  await expect(card).not.toBeInViewport();

  const commenter = await clientFor(pbUrl, author.email, author.password);
  await commenter.collection('comments').create({ post: id, author: author.id, body: 'Seen from afar' });
  await admin.collection('votes').create({ post: id, user: author.id });
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await admin.collection('posts').update(id, { status: planned.id });
  await expect(card.getByTestId('comment-count')).toHaveText('1 comment');
  await expect(card.getByTestId('vote-count')).toHaveText('1');
  await expect(card.getByTestId('post-status')).toHaveText('Planned');
  await expect(card.getByTestId('post-status')).toHaveAttribute('data-status', 'planned');

  const url = page.url();
  await card.getByTestId('vote-button').click();
  await expect(card.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('vote-count')).toHaveText('2');
  await expect(card.getByTestId('vote-button')).toHaveAccessibleName('Vote, 2 votes');
  expect(page.url()).toBe(url);
  await expect.poll(async () => (await admin.collection('posts').getOne(id)).vote_count).toBe(2);
});

test('a card’s vote clicked before the scripts run is a plain form that comes back voted', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const { id } = await ideaWithSignedInMember(
    { admin, createMember, context, pbUrl, baseURL },
    { title: `Early click ${Date.now().toString(36)}` },
  );
  // The member's board is the member audience's cached copy: it lists the new idea once the purge lands.
  await page.goto('/b/features?sort=new');
  await reloadUntilShown(page, page.locator(`li.post-card[data-post="${id}"]`));
  await page.route('**/_astro/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  // (Module scripts hold DOMContentLoaded back: wait for the card itself, not for the load events.)
  await page.goto('/b/features?sort=new', { waitUntil: 'commit' });
  const card = page.locator(`li.post-card[data-post="${id}"]`);
  await expect(card).toBeVisible();
  await expect(page.locator('[data-live-cards="waiting"]')).toHaveCount(1);
  const plainForm = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/p/${id}/vote`));
  await card.getByTestId('vote-button').click();
  await plainForm;
  await expect.poll(async () => (await admin.collection('posts').getOne(id)).vote_count).toBe(1);
  await expect(page).toHaveURL(/\/b\/features\?sort=new$/);
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0, { timeout: 15_000 });
  // Lists do not know the member's votes on the server: the live list learns them once it runs.
  await expect(card.getByTestId('vote-count')).toHaveText('1');
  await expect(card.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
});

test('on a phone, cards far below the fold wait to be drawn until scrolled near, and a keyboard user reaching one sees it with its whole focus ring', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openPage(page, '/');
  const cards = page.locator('.post-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  const drawn = (index: number) =>
    cards
      .nth(index)
      .locator('.post-card-title')
      .evaluate((title) => title.checkVisibility({ contentVisibilityAuto: true }));
  // The first screen is drawn at once; the last card is not, until it comes near.
  const count = await cards.count();
  expect(await drawn(0)).toBe(true);
  expect(await drawn(count - 1)).toBe(false);
  const last = cards.last();
  const lastVote = last.getByTestId('vote-button');
  // Tab through to the last card's vote button, as a keyboard user does.
  await cards
    .nth(count - 4)
    .getByTestId('vote-button')
    .focus();
  for (let i = 0; i < 40; i++) {
    if (await lastVote.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(lastVote).toBeFocused();
  await expect(lastVote).toBeInViewport({ ratio: 1 });
  expect(await drawn(count - 1)).toBe(true);
  await expect(lastVote).toHaveCSS('outline-style', 'solid');
  // The focus ring (outline plus offset) lies inside the card, so the card's paint containment clips none of it.
  const [ring, card] = await lastVote.evaluate((button) => {
    const style = getComputedStyle(button);
    const out = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const box = button.getBoundingClientRect();
    const cardBox = (button.closest('.post-card') as HTMLElement).getBoundingClientRect();
    return [
      { left: box.left - out, top: box.top - out, right: box.right + out, bottom: box.bottom + out },
      { left: cardBox.left, top: cardBox.top, right: cardBox.right, bottom: cardBox.bottom },
    ];
  });
  expect(ring.left).toBeGreaterThanOrEqual(card.left);
  expect(ring.top).toBeGreaterThanOrEqual(card.top);
  expect(ring.right).toBeLessThanOrEqual(card.right);
  expect(ring.bottom).toBeLessThanOrEqual(card.bottom);
});
