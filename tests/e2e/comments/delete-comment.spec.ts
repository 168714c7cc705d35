// A member deletes their own comment: asked first, in place and in the page's words, what goes with it (its
// replies), with focus on the answer; Cancel keeps everything and gives focus back; Delete removes the comment and
// its replies for good.
import { expect, test } from '../fixtures';
import { NOT_INTERACTIVE } from '../ideas-helpers';
import { clientFor, createIdea, signedInPage, unique } from '../staff-helpers';

test('a member deleting their comment is asked first, and its replies go with it only once they say so', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const replier = await createMember();
  const idea = await createIdea(admin, member.id, unique('Export boards as PDF'));
  const mine = await (await clientFor(pbUrl, member.email, member.password))
    .collection('comments')
    .create({ post: idea.id, author: member.id, body: unique('We print these for meetings') });
  const reply = await (await clientFor(pbUrl, replier.email, replier.password))
    .collection('comments')
    .create({ post: idea.id, author: replier.id, parent: mine.id, body: unique('Same here') });

  const page = await signedInPage(browser, baseURL as string, pbUrl, member);
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const comment = page.locator(`#c-${mine.id}`);
  const ask = comment.getByRole('group', { name: 'Delete this comment and its reply? They can’t be brought back.' });

  await comment.getByRole('button', { name: 'Delete' }).click();
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Delete' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(comment.getByRole('button', { name: 'Delete' })).toBeFocused();
  await expect(page.getByText(reply.body)).toBeVisible();
  expect((await admin.collection('comments').getFullList({ filter: `post = "${idea.id}"` })).length).toBe(2);

  await comment.getByRole('button', { name: 'Delete' }).click();
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(mine.body)).toHaveCount(0);
  await expect(page.getByText(reply.body)).toHaveCount(0);
  await expect
    .poll(async () => (await admin.collection('comments').getFullList({ filter: `post = "${idea.id}"` })).length)
    .toBe(0);
  await page.reload();
  await expect(page.getByText(mine.body)).toHaveCount(0);
  await page.context().close();
});
