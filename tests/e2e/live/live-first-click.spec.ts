// Actions work from the first click: before the page's scripts have run, and with JavaScript off.
import { expect, test } from '../fixtures';
import { createIdea, openPage, signInContext } from '../ideas-helpers';

test('a member who clicks Vote the moment the page appears has voted', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const voter = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Vote before the scripts run' });
  await signInContext(context, pbUrl, baseURL as string, voter);
  // The page's scripts arrive two seconds late, as on a slow phone: the click comes first.
  await page.route('**/_astro/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  // Not waiting for DOMContentLoaded: it waits for the page's module scripts, which are held back too.
  await page.goto(`/p/${id}`, { waitUntil: 'commit' });
  await expect(page.getByTestId('vote-button')).toBeVisible();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])').first()).toBeAttached();
  await page.getByTestId('vote-button').click();
  await expect(page).toHaveURL(new RegExp(`/p/${id}$`));
  await expect(page.getByTestId('vote-count')).toHaveText('1');
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await admin.collection('posts').getOne(id)).vote_count).toBe(1);
  // Once the scripts run, the button still says voted, and a second click takes the vote back.
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('vote-button').click();
  await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await admin.collection('posts').getOne(id)).vote_count).toBe(0);
  // With scripts on, the note for pages without them is not there.
  await expect(page.getByRole('note')).toHaveCount(0);
});

test('a visitor who clicks "Share an idea" before the scripts run gets the composer', async ({ page }) => {
  await page.route('**/_astro/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/b/features', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Share an idea' }).click();
  await expect(page.getByRole('form', { name: 'Share an idea on Feature requests' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/b\/features$/);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a member votes, unvotes, follows and comments', async ({
    page,
    context,
    pbUrl,
    baseURL,
    admin,
    createMember,
  }) => {
    const author = await createMember();
    const member = await createMember();
    const id = await createIdea(admin, { author: author.id, title: 'Works without JavaScript' });
    await signInContext(context, pbUrl, baseURL as string, member);
    await page.goto(`/p/${id}`);
    // What needs scripts is said plainly, once, and what works without them too.
    await expect(page.getByRole('note')).toHaveText(/^JavaScript is off: voting, following and commenting still work/);
    await page.getByTestId('vote-button').click();
    await expect(page.getByTestId('vote-count')).toHaveText('1');
    await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'true');
    // Voting followed the idea, and the page says so.
    await expect(page.getByTestId('follow-button')).toHaveText('Following');
    await expect(page.getByRole('img', { name: member.name })).toBeVisible();
    await page.getByTestId('vote-button').click();
    await expect(page.getByTestId('vote-count')).toHaveText('0');
    await expect(page.getByTestId('vote-button')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('follow-button').click();
    await expect(page.getByTestId('follow-button')).toHaveText('Follow');

    await page.getByRole('textbox', { name: 'Add a comment' }).fill('Typed with **no** scripts at all');
    await page.getByRole('button', { name: 'Comment' }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${id}#c-[a-z0-9]{15}$`));
    const comment = page.getByTestId('comment').filter({ hasText: 'Typed with' });
    await expect(comment.locator('.prose strong')).toHaveText('no');
    await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();
  });

  test('a refused vote says why (the idea is locked)', async ({
    page,
    context,
    pbUrl,
    baseURL,
    admin,
    createMember,
  }) => {
    const author = await createMember();
    const member = await createMember();
    const id = await createIdea(admin, { author: author.id, title: 'Locked without JavaScript' });
    await signInContext(context, pbUrl, baseURL as string, member);
    await page.goto(`/p/${id}`);
    await admin.collection('posts').update(id, { locked: true });
    await page.getByTestId('vote-button').click();
    await expect(page.getByTestId('form-notice')).toHaveText(
      'Your vote was not counted: the idea may be locked or closed, or your account blocked.',
    );
    await expect(page.getByTestId('vote-count')).toHaveText('0');
  });
});

test('the edit page of someone else’s idea answers 403', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const other = await createMember();
  const id = await createIdea(admin, { author: author.id, title: 'Not yours to edit' });
  await signInContext(context, pbUrl, baseURL as string, other);
  const response = await page.goto(`/p/${id}/edit`);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId('edit-refused')).toContainText('Only the author can edit this idea.');
  await openPage(page, `/p/${id}`);
});
