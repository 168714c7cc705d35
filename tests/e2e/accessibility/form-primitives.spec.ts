// Each form primitive refused through a real form (#37): a radio group (an API key's scope), a checkbox (deleting
// an account), a textarea (a release's text) and a file (a release's cover). The message sits next to its control,
// the control (or group) is marked invalid and a screen reader reads the message with it, and everything else
// typed stays.
import { expectNoAxeViolations } from '../axe';
import { expect, test } from '../fixtures';
import { NOT_INTERACTIVE } from '../ideas-helpers';
import { signedInPage, unique } from '../staff-helpers';

test('an admin makes an API key without choosing what it may do: told beside the scopes, read with them, and the name and limit stay', async ({
  browser,
  baseURL,
  pbUrl,
  createMember,
}) => {
  const staff = await createMember({ role: 'admin' });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/api-keys');
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Create a key' });
  const scopes = form.getByRole('radiogroup', { name: 'Scope' });

  // On a phone each scope is a radio of its usual size with its words on the same line beside it.
  for (const name of ['Read', 'Member', 'Staff']) {
    const radio = scopes.getByRole('radio', { name });
    await expect(radio).not.toBeChecked();
    const box = await radio.boundingBox();
    const words = await scopes.getByText(name, { exact: true }).boundingBox();
    expect(box?.width).toBeLessThanOrEqual(24);
    expect(box?.height).toBeLessThanOrEqual(24);
    expect(words?.height).toBeLessThanOrEqual(32);
    expect(words?.x).toBeGreaterThan((box?.x ?? 0) + (box?.width ?? 0));
  }

  const name = unique('Nightly export');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Requests a minute (optional)').fill('120');
  await form.getByRole('button', { name: 'Create key' }).click();

  const message = "Choose the key's scope: read, member or staff.";
  await expect(scopes).toHaveAttribute('aria-invalid', 'true');
  await expect(scopes).toHaveAccessibleDescription(message);
  await expect(scopes.getByText(message)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await expect(form.getByLabel('Requests a minute (optional)')).toHaveValue('120');
  await expect(page.getByTestId('api-key-row').filter({ hasText: name })).toHaveCount(0);
  await expectNoAxeViolations(page, '/admin/api-keys, no scope chosen');

  // Choosing one makes the key, and the group is no longer marked.
  await scopes.getByRole('radio', { name: 'Member' }).check();
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-api-key')).toBeVisible();
  await expect(scopes).not.toHaveAttribute('aria-invalid', 'true');
  await page.context().close();
});

test('a member deletes their account without ticking “I understand”: told beside the box, read with it, and nothing is deleted', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const member = await createMember();
  const page = await signedInPage(browser, baseURL as string, pbUrl, member);
  await page.goto('/settings');
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const danger = page.getByRole('region', { name: 'Delete my account' });
  await danger.getByLabel('Your password').fill(member.password);
  await danger.getByRole('button', { name: 'Confirm' }).click();
  await expect(danger.getByText('For the next five minutes you can delete the account.')).toBeVisible();
  await danger.getByRole('button', { name: 'Delete the account forever' }).click();

  const box = danger.getByRole('checkbox', { name: 'I understand this cannot be undone' });
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription('Tick the box to confirm.');
  const message = danger.locator('#understand-error');
  await expect(message).toHaveText('Tick the box to confirm.');
  await expect(message).toBeVisible();
  expect(
    await message.evaluate((el) => el.previousElementSibling?.contains(document.getElementById('understand'))),
  ).toBe(true);
  await expect(page).toHaveURL(/\/settings$/);
  expect((await admin.collection('users').getOne(member.id)).id).toBe(member.id);

  // The confirmation is kept: ticking the box is all it takes now.
  await box.check();
  await danger.getByRole('button', { name: 'Delete the account forever' }).click();
  await expect(page).toHaveURL(/\/settings\?deleted=1$/);
  await page.context().close();
});

test('staff write a release text longer than the changelog takes: told beside the text, read with it, and the title, text and labels stay', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const staff = await createMember({ role: 'admin' });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  await page.goto('/admin/changelog');
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const title = unique('Everything we shipped');
  const text = 'Faster search, quieter emails and a calmer board. '.repeat(1001); // 51,051 characters
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('What changed (Markdown)').fill(text);
  await page.getByRole('checkbox', { name: 'new' }).check();
  await page.getByRole('button', { name: 'Save draft' }).click();

  const body = page.getByLabel('What changed (Markdown)');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(body).toHaveAccessibleDescription(/Use at most 50,?000 characters\./);
  const message = page.locator('#entry-body-error');
  await expect(message).toBeVisible();
  expect(await message.evaluate((el) => el.previousElementSibling?.id)).toBe('entry-body');
  await expect(body).toHaveValue(text);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Title')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('checkbox', { name: 'new' })).toBeChecked();
  await expectNoAxeViolations(page, '/admin/changelog, text too long');
  const saved = await admin
    .collection('changelog_entries')
    .getList(1, 1, { filter: admin.filter('title = {:title}', { title }) });
  expect(saved.totalItems).toBe(0);
  await page.context().close();
});

test('staff give a release a cover that is not an image: told beside the picker, read with its button, and the rest of the release stays', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const staff = await createMember({ role: 'admin' });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  await page.goto('/admin/changelog');
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const title = unique('Cover story');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('What changed (Markdown)').fill('A new look for the board.');
  await page.getByLabel('Cover image').setInputFiles({
    name: 'cover.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('This is a note, not a picture.'),
  });
  await page.getByRole('button', { name: 'Save draft' }).click();

  const picker = page.getByRole('button', { name: 'Choose an image' });
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  const message = page.locator('#entry-cover-error');
  await expect(message).toBeVisible();
  const words = (await message.textContent()) ?? '';
  expect(words).toMatch(/\S/);
  await expect(picker).toHaveAccessibleDescription(new RegExp(`${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  expect(await message.evaluate((el) => el.previousElementSibling?.className)).toBe('file-picker');
  await expect(picker).toHaveAccessibleDescription(/cover\.txt/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('What changed (Markdown)')).toHaveValue('A new look for the board.');
  const saved = await admin
    .collection('changelog_entries')
    .getList(1, 1, { filter: admin.filter('title = {:title}', { title }) });
  expect(saved.totalItems).toBe(0);
  await page.context().close();
});
