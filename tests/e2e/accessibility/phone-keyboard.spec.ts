// On a phone, with the keyboard only: the header is compact, its menu opens, reaches sign in and closes
// with Escape (focus back on its button), and a member votes from the roadmap.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signInContext } from '../ideas-helpers';
import { createIdea, unique } from '../staff-helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** Whether Chromium tells screen readers that `selector` is expanded (popover buttons get it natively). */
async function isExpandedForScreenReaders(page: Page, selector: string): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await cdp.detach();
  return nodes[0]?.properties?.find((p) => p.name === 'expanded')?.value.value === true;
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('the header is one compact row that touches no edge', async ({ page }) => {
  await page.goto('/');
  const header = await page.getByRole('banner').boundingBox();
  expect(header?.height).toBeLessThanOrEqual(56);
  for (const part of [page.getByRole('link', { name: 'Lumen' }).first(), page.getByRole('button', { name: 'Menu' })]) {
    const box = await part.boundingBox();
    if (!box) throw new Error('a header part is not shown');
    expect(box.x).toBeGreaterThanOrEqual(12);
    expect(box.x + box.width).toBeLessThanOrEqual(390 - 12);
    expect(box.y).toBeGreaterThanOrEqual(4);
  }
  // Sign in and Sign up wait in the menu.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeHidden();
});

test('a visitor opens the menu with the keyboard, Escape closes it, and they reach sign in', async ({ page }) => {
  await page.goto('/b/features');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await tabTo(page, menuButton);
  expect(await isExpandedForScreenReaders(page, '.menu-toggle')).toBe(false);
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  expect(await isExpandedForScreenReaders(page, '.menu-toggle')).toBe(true);
  await expect(nav.getByRole('link', { name: 'Feature requests' })).toHaveAttribute('aria-current', 'page');
  // Tab moves into the menu: its first link (other tests may have added boards before this one).
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  const signInLink = page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true });
  await tabTo(page, signInLink); // past every board in the menu (other tests add boards)
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/signin\?next=%2Fb%2Ffeatures$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Lumen' })).toBeVisible();
});

test('a member votes for a planned idea from the roadmap with the keyboard', async ({
  page,
  context,
  admin,
  pbUrl,
  baseURL,
  createMember,
}) => {
  const member = await createMember();
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  const idea = await createIdea(admin, (await createMember()).id, unique('Roadmap vote'));
  await admin.collection('posts').update(idea.id, { status: planned.id });
  await signInContext(context, pbUrl, baseURL as string, member);
  await page.goto('/roadmap');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const card = page.locator(`[data-post="${idea.id}"]`);
  await expect(card.getByRole('link', { name: idea.title })).toBeVisible();
  const vote = card.getByRole('button', { name: /^Vote/ });
  await expect(vote).toHaveAttribute('aria-pressed', 'false');
  await tabTo(page, vote, 80);
  await page.keyboard.press('Enter');
  await expect(vote).toHaveAttribute('aria-pressed', 'true');
  await expect(vote.getByTestId('vote-count')).toHaveText('1');
  await expect
    .poll(async () => (await admin.collection('votes').getFullList({ filter: `post = "${idea.id}"` })).length)
    .toBe(1);
  await expect(card).toBeInViewport();
});
