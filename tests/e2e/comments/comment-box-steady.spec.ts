// Starting a comment shows the image picker, which loads only then: it appears below the buttons, so the
// "Comment" button never moves under a pointer already on its way (a click there once posted nothing).
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { NOT_INTERACTIVE } from '../ideas-helpers';
import { createIdea, signedInPage, unique } from '../staff-helpers';

// A slow connection: the picker's script arrives a second after the comment is started.
async function slowPicker(page: Page) {
  await page.route('**/_astro/FilePicker.*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
}

test('a member starts a comment and the Comment button stays where it is while the image picker loads', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const idea = await createIdea(admin, member.id, unique('Print the roadmap'));
  const page = await signedInPage(browser, baseURL as string, pbUrl, member);
  await slowPicker(page);
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const submit = page.getByRole('button', { name: 'Comment', exact: true });
  await page.getByLabel('Add a comment').fill('Hello while the picker loads');
  const before = await submit.boundingBox();
  await expect(page.getByRole('button', { name: 'Attach images (0/3)' })).toBeVisible();
  expect(await submit.boundingBox()).toEqual(before);
  await submit.click();
  await expect(page.getByTestId('comment').filter({ hasText: 'Hello while the picker loads' })).toBeVisible();
  await expect(page.getByLabel('Add a comment')).toHaveValue('');

  // Clicking Comment in a box never started starts it at mousedown (the form takes focus): the click still
  // lands, and says why nothing was posted.
  await page.reload();
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  await submit.click();
  await expect(page.getByText('Write something first.')).toBeVisible();
  await expect(page.getByLabel('Add a comment')).toBeFocused();
});
