// Staff close the loop: status changes reach the people who asked, live, in the app and by email.

import { expect, test } from '../fixtures';
import { clientFor, createIdea, demoPassword, signIn, unique } from '../staff-helpers';

test('staff change a status and a member watching the idea and the roadmap sees it move, then gets a notification and an email', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
  mail,
}) => {
  const member = await createMember();
  const title = unique('Keyboard shortcuts cheat sheet');
  const idea = await createIdea(admin, member.id, title);

  const memberContext = await browser.newContext();
  await signIn(memberContext, baseURL as string, pbUrl, member.email, member.password);
  const ideaPage = await memberContext.newPage();
  await ideaPage.goto(`/p/${idea.id}`);
  await expect(ideaPage.getByTestId('post-status')).toHaveText('Open');
  const roadmap = await memberContext.newPage();
  await roadmap.goto('/roadmap');
  const planned = roadmap.getByRole('region', { name: /Planned/ });
  await expect(planned.getByRole('link', { name: title })).toHaveCount(0);
  await expect(ideaPage.getByTestId('bell')).toBeVisible();

  const staffContext = await browser.newContext();
  await signIn(staffContext, baseURL as string, pbUrl, 'moderator@example.com', demoPassword());
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`/p/${idea.id}`);
  await expect(staffPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const panel = staffPage.getByTestId('staff-panel');
  await panel.getByLabel('Status').selectOption({ label: 'Planned' });
  await panel.getByLabel('Official response (optional)').fill('Planned for the next release.');
  await panel.getByRole('button', { name: 'Update status' }).click();

  await expect(ideaPage.getByTestId('post-status')).toHaveText('Planned');
  await expect(planned.getByRole('link', { name: title })).toBeVisible();
  await expect(ideaPage.getByTestId('bell-count')).toHaveText(/[1-9]/);

  await ideaPage.goto('/notifications');
  await expect(ideaPage.getByTestId('notification').first()).toContainText(title);
  const email = await mail.waitFor(member.email);
  expect(email.text).toContain(`/p/${idea.id}`);
  expect(email.text).toContain('/settings?unsubscribe=');

  // The timeline shows the change.
  await staffPage.reload();
  await expect(staffPage.getByRole('region', { name: 'Status history' })).toContainText('Planned');
  await memberContext.close();
  await staffContext.close();
});

test('a member marks notifications read one by one and all at once', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const moderator = await clientFor(pbUrl, 'moderator@example.com', demoPassword());
  const ideas = await Promise.all([1, 2].map((n) => createIdea(admin, member.id, unique(`Idea ${n}`))));
  const review = await admin.collection('statuses').getFirstListItem('slug = "under-review"');
  for (const idea of ideas) await moderator.collection('posts').update(idea.id, { status: review.id });

  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, member.email, member.password);
  const page = await context.newPage();
  await page.goto('/notifications');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByTestId('notification')).toHaveCount(2);
  await expect(page.getByTestId('bell-count')).toHaveText('2');
  await page.getByRole('button', { name: 'Mark read' }).first().click();
  await expect(page.getByTestId('bell-count')).toHaveText('1');
  // The bell empties at once (optimistic); the reload waits for the server's answer, which a navigation could cancel.
  const saved = page.waitForResponse((response) => response.url().includes('/api/chorus/notifications/read-all'));
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByTestId('bell-count')).toHaveCount(0);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mark read' })).toHaveCount(0);
  await context.close();
});
