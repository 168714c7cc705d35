// The composer keeps what people type: through a sign-in detour, a reload and refused input.

import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openPage, PNG_1X1, signInContext } from '../ideas-helpers';
import { createIdea, unique } from '../staff-helpers';

/** Signs `member` in and opens the composer on the Features board. */
async function openComposerAs(
  page: Page,
  context: BrowserContext,
  pbUrl: string,
  baseURL: string,
  member: Parameters<typeof signInContext>[3],
): Promise<void> {
  await signInContext(context, pbUrl, baseURL, member);
  await openPage(page, '/b/features');
  await page.getByRole('button', { name: 'Share an idea' }).click();
}

test('a visitor’s draft survives the sign-in detour', async ({ page, createMember }) => {
  await openPage(page, '/b/features');
  await page.getByRole('button', { name: 'Share an idea' }).click();
  await page.getByLabel('Title').fill('Draft that survives sign-in');
  await page.getByLabel('Details (Markdown)').fill('Typed before signing in.');
  await page.getByRole('button', { name: 'Sign in to post' }).click();
  await expect(page).toHaveURL(/\/signin\?next=%2Fb%2Ffeatures/);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  const member = await createMember();
  const form = page.getByRole('form', { name: 'Sign in with a password' });
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password').fill(member.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/b\/features$/);
  await expect(page.getByLabel('Title')).toHaveValue('Draft that survives sign-in');
  await expect(page.getByLabel('Details (Markdown)')).toHaveValue('Typed before signing in.');
  await page.reload();
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('Draft that survives sign-in');
  await page.getByRole('button', { name: 'Post idea' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Draft that survives sign-in' })).toBeVisible();
  await openPage(page, '/b/features');
  await expect(page.getByLabel('Title')).toHaveCount(0);
});

test('bad input gives clear messages and loses nothing typed', async ({
  page,
  context,
  pbUrl,
  baseURL,
  createMember,
}) => {
  const member = await createMember();
  await openComposerAs(page, context, pbUrl, baseURL as string, member);
  await page.getByLabel('Details (Markdown)').fill('My carefully written description.');
  await page.getByRole('button', { name: 'Post idea' }).click();
  await expect(page.getByText('Give your idea a title.')).toBeVisible();

  const long = 'x'.repeat(500);
  await page.getByLabel('Title').fill(long);
  await page.getByRole('button', { name: 'Post idea' }).click();
  await expect(page.getByText(/at most 120 characters; this one has 500/)).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(long);

  const picker = page.getByLabel(/^Images/);
  const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1X1 });
  await picker.setInputFiles([1, 2, 3, 4, 5, 6].map((n) => png(`shot-${n}.png`)));
  await expect(page.getByTestId('image-errors')).toContainText(
    'shot-6.png was not added: at most 5 images can be attached.',
  );
  await expect(page.getByRole('img', { name: /Attachment/ })).toHaveCount(5);
  await page.getByRole('button', { name: 'Remove image 5' }).click();

  await picker.setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(20 * 1024 * 1024) }]);
  await expect(page.getByTestId('image-errors')).toContainText('huge.png is 20.0 MB: images can be at most 5 MB.');
  await picker.setInputFiles([
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, honestly') },
  ]);
  await expect(page.getByTestId('image-errors')).toContainText('notes.png is not a JPEG, PNG, WebP or GIF image.');
  await expect(page.getByRole('img', { name: /Attachment/ })).toHaveCount(4);

  await expect(page.getByLabel('Details (Markdown)')).toHaveValue('My carefully written description.');
  await page.getByLabel('Title').fill('A fine title after all');
  await page.getByRole('button', { name: 'Post idea' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A fine title after all' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Images' }).getByRole('img')).toHaveCount(4);
});

test('similar ideas are suggested while the title is typed', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  // An idea of the test's own (other tests post "Dark mode" ideas on the shared stack): its rare word is typed.
  const title = unique('Offline mode for the mobile app');
  await createIdea(admin, member.id, title);
  await openComposerAs(page, context, pbUrl, baseURL as string, member);
  await page.getByLabel('Title').fill(`offline ${title.split(' ').at(-1)}`);
  // Among the suggestions: the board's own list may show the idea too, as soon as its live update arrives.
  await expect(page.getByTestId('similar-ideas').getByRole('link', { name: title })).toBeVisible();
});

test('a member typing an idea that already exists in other words sees it, with its votes, and votes instead', async ({
  page,
  context,
  pbUrl,
  baseURL,
  admin,
  createMember,
}) => {
  const member = await createMember();
  // No word in common with what is typed below: found by meaning (the local AI stand-in: cosine 0.64), on a
  // subject no other test writes about.
  const existing = 'Keyboard shortcuts for moving between ideas';
  await createIdea(admin, member.id, existing);
  await openComposerAs(page, context, pbUrl, baseURL as string, member);
  await page.getByLabel('Title').fill('Hotkeys to navigate the list without a mouse');
  const similar = page.getByTestId('similar-ideas');
  const idea = similar.getByRole('listitem').filter({ hasText: existing }).first();
  await expect(idea).toBeVisible({ timeout: 15_000 });
  await expect(idea).toContainText(/\d+ votes?/);
  await idea.getByRole('button', { name: 'Vote instead' }).click();
  await expect(idea.getByTestId('voted-instead')).toHaveText('Your vote counts here');
  // Posting is never blocked: the idea can still be posted.
  await expect(page.getByRole('button', { name: 'Post idea' })).toBeEnabled();
  // Another visit: the idea already has their vote, and says so instead of offering one the server would refuse.
  await openPage(page, '/b/features?share=1');
  await page.getByLabel('Title').fill('Hotkeys to navigate the list without a mouse, please');
  const again = page.getByTestId('similar-ideas').getByRole('listitem').filter({ hasText: existing }).first();
  await expect(again.getByTestId('voted-instead')).toBeVisible({ timeout: 15_000 });
  await expect(again.getByRole('button', { name: 'Vote instead' })).toHaveCount(0);
});
