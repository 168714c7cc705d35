// Staff moderate the discussion: internal notes only staff see, and hiding a member's comment.
import { expect, test } from '../fixtures';
import { clientFor, createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('a moderator leaves an internal note that members never see, and hides a rude comment', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const rude = await createMember();
  const idea = await createIdea(admin, author.id, unique('Offline mode'));
  const rudeClient = await clientFor(pbUrl, rude.email, rude.password);
  const rudeText = unique('This idea is stupid');
  await rudeClient.collection('comments').create({ post: idea.id, author: rude.id, body: rudeText });

  const staff = await browser.newContext();
  await signIn(staff, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const page = await staff.newPage();
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const note = unique('Engineering estimates two sprints');
  await page.getByRole('textbox', { name: 'Add a comment' }).fill(note);
  await page.getByLabel('Internal note (only staff see it)').check();
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const noteItem = page.getByTestId('comment').filter({ hasText: note });
  await expect(noteItem.getByText('Internal note', { exact: true })).toBeVisible();
  const rudeItem = page.getByTestId('comment').filter({ hasText: rudeText });
  await rudeItem.getByRole('button', { name: 'Hide' }).click();
  await expect(rudeItem.getByText('Hidden from members')).toBeVisible();
  await expect
    .poll(async () => (await admin.collection('comments').getFullList({ filter: `post = "${idea.id}"` })).length)
    .toBe(2);

  const member = await browser.newContext();
  await signIn(member, baseURL as string, pbUrl, author.email, author.password);
  const memberPage = await member.newPage();
  await memberPage.goto(`/p/${idea.id}`);
  await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(memberPage.getByText(note)).toHaveCount(0);
  await expect(memberPage.getByText(rudeText)).toHaveCount(0);

  const rudePage = await (async () => {
    const context = await browser.newContext();
    await signIn(context, baseURL as string, pbUrl, rude.email, rude.password);
    return context.newPage();
  })();
  await rudePage.goto(`/p/${idea.id}`);
  await expect(rudePage.getByText(rudeText)).toBeVisible();
  await Promise.all([staff.close(), member.close(), rudePage.context().close()]);
});
