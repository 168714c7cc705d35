// A member's emails come in the language they picked, whoever writes to them and in whatever language.
import { expect, test } from '../fixtures';
import { clientFor, createIdea, signIn, unique } from '../staff-helpers';

test('a member who picks Japanese gets a Japanese email when someone comments on their idea', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
  mail,
}) => {
  const author = await createMember();
  // As the settings page does: the member sets their own language with their own client.
  const own = await clientFor(pbUrl, author.email, author.password);
  await own.collection('users').update(author.id, { locale: 'ja' });
  const title = unique('Offline mode');
  const idea = await createIdea(admin, author.id, title);

  const commenter = await createMember({ name: 'Grace' });
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, commenter.email, commenter.password);
  const page = await context.newPage();
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Yes please, for the train.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Yes please, for the train.' })).toBeVisible();

  const email = await mail.waitFor(author.email, /コメント/);
  expect(email.subject).toBe(`「${title}」 に新しいコメントがあります`);
  expect(email.text).toContain(`Grace さんが 「${title}」 にコメントしました。`);
  expect(email.text).toContain(`/p/${idea.id}`);
  expect(email.html).toContain('<html lang="ja" dir="ltr">');
  expect(email.html).toContain(`<p>Grace さんが 「${title}」 にコメントしました。</p>`);
  await context.close();
});
