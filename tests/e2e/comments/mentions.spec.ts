// Mentions in comments: a member types @ and picks someone from the suggestions; the person they named sees
// their bell count go up at once, without reloading, and reads who mentioned them where.

import { expect, test } from '../fixtures';
import { createIdea, signIn, unique } from '../staff-helpers';

test('a mention notifies the mentioned member live', async ({ browser, baseURL, pbUrl, admin, createMember }) => {
  const writer = await createMember({ name: unique('Wanda') });
  const named = await createMember({ name: unique('Bea Mentioned') });
  const title = unique('Offline mode for the app');
  const idea = await createIdea(admin, writer.id, title);

  // The member who will be mentioned is reading something else, signed in.
  const namedContext = await browser.newContext();
  await signIn(namedContext, baseURL as string, pbUrl, named.email, named.password);
  const namedPage = await namedContext.newPage();
  await namedPage.goto('/');
  await expect(namedPage.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(namedPage.getByTestId('bell')).toBeVisible();
  await expect(namedPage.getByTestId('bell-count')).toHaveCount(0);

  const writerContext = await browser.newContext();
  await signIn(writerContext, baseURL as string, pbUrl, writer.email, writer.password);
  const page = await writerContext.newPage();
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.click();
  await box.pressSequentially('Could you try this, @Bea');
  const suggestions = page.getByRole('listbox', { name: 'People to mention' });
  await expect(suggestions.getByRole('option', { name: named.name })).toBeVisible();
  await suggestions.getByRole('option', { name: named.name }).click();
  await expect(box).toHaveValue(`Could you try this, @[${named.name}](user:${named.id}) `);
  await box.pressSequentially('please?');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();

  // The comment shows the name, not the markup.
  const comment = page.getByTestId('comment').filter({ hasText: 'please?' });
  await expect(comment.locator('.mention')).toHaveText(`@${named.name}`);
  await expect(comment).not.toContainText('user:');

  // The mentioned member's bell counts it, live.
  await expect(namedPage.getByTestId('bell-count')).toHaveText('1');
  await namedPage.goto('/notifications');
  await expect(namedPage.getByTestId('notification').first()).toContainText(
    `${writer.name} mentioned you on “${title}”`,
  );

  await namedContext.close();
  await writerContext.close();
});

test('a comment naming more than ten people is refused in the form, its text kept', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const writer = await createMember();
  const idea = await createIdea(admin, writer.id, unique('Bulk export'));
  const context = await browser.newContext();
  await signIn(context, baseURL as string, pbUrl, writer.email, writer.password);
  const page = await context.newPage();
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  const eleven = Array.from({ length: 11 }, (_, i) => `@[P${i}](user:${String(i).padStart(15, 'a')})`).join(' ');
  await box.fill(eleven);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Mention at most 10 people in one comment.')).toBeVisible();
  await expect(box).toHaveValue(eleven);
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await context.close();
});
