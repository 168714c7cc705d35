// A long discussion, a page at a time (issue 35): the idea page shows the first hundred comments, "Show more
// comments" adds the rest in order (with JavaScript, and without it as a link), and a comment posted live while
// older ones are still unshown appears at once and is not shown twice when the gap is filled.
import { expect, test } from '../fixtures';
import { clientFor, createIdea, unique } from '../staff-helpers';

test('a visitor reads a 130-comment discussion page by page and sees a new comment arrive live', async ({
  page,
  browser,
  pbUrl,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const idea = await createIdea(admin, author.id, unique('Bulk editing'));
  for (let n = 1; n <= 130; n++) {
    await admin.collection('comments').create({ post: idea.id, author: author.id, body: `Comment number ${n}` });
  }
  const comments = page.getByTestId('comment');
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '130 comments' })).toBeVisible();
  await expect(comments).toHaveCount(100);

  // Someone comments while the visitor has not shown the older ones yet: it appears at once.
  const writer = await clientFor(pbUrl, author.email, author.password);
  const late = unique('Just tried the beta');
  await writer.collection('comments').create({ post: idea.id, author: author.id, body: late });
  await expect(comments.filter({ hasText: late })).toBeVisible();

  await page.getByRole('link', { name: 'Show more comments' }).click();
  await expect(comments).toHaveCount(131);
  await expect(page.getByRole('link', { name: 'Show more comments' })).toHaveCount(0);
  await expect(comments.filter({ hasText: late })).toHaveCount(1);
  const order = await comments.evaluateAll((items) => items.map((item) => item.textContent ?? ''));
  const numbers = order.map((text) => Number(text.match(/Comment number (\d+)/)?.[1] ?? 0)).filter(Boolean);
  expect(numbers).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
  expect(order.at(-1)).toContain(late);

  // Without JavaScript, the same button is a link to the longer page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto(`/p/${idea.id}`);
  await expect(plainPage.getByTestId('comment')).toHaveCount(100);
  // Followed from the keyboard: a click's point, taken as the page below it still settles, missed the link once in
  // three loaded runs (no request left the page); Enter on the focused link has no point to miss.
  await plainPage.getByRole('link', { name: 'Show more comments' }).press('Enter');
  await expect(plainPage).toHaveURL(/comments=200/);
  await expect(plainPage.getByTestId('comment')).toHaveCount(131);
  await plain.close();
});
