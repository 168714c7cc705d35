// Custom fields on ideas, in the user's words: an admin adds fields to a board, a member must answer the
// required one, the idea shows it, and a staff-only field stays with staff.

import type { BrowserContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openPage } from '../ideas-helpers';
import { signIn, unique } from '../staff-helpers';

test('an admin adds a required select field to a board; a member posting without it sees the error next to the field, picks an option, and the idea page shows it; a staff-only field is shown to staff and not to the member', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  test.setTimeout(150_000); // an admin, a member and a staff member, each in a browser
  const slug = unique('fields').replace(/\W+/g, '-').toLowerCase();
  await admin.collection('boards').create({ name: `Fields ${slug}`, slug, visibility: 'public' });
  const staff = await createMember({ role: 'admin' });
  const member = await createMember();
  const contextOf = async (who: { email: string; password: string }): Promise<BrowserContext> => {
    const context = await browser.newContext();
    await signIn(context, baseURL as string, pbUrl, who.email, who.password);
    return context;
  };

  // The admin adds a required single-choice field and a staff-only text field.
  const adminPage = await (await contextOf(staff)).newPage();
  await openPage(adminPage, `/admin/fields?board=${slug}`);
  const addField = async (key: string, label: string, type: string, options: string, flags: string[]) => {
    const form = adminPage.getByRole('form', { name: 'New field' });
    await form.getByLabel('Key').fill(key);
    await form.getByLabel('Label').fill(label);
    await form.getByLabel('Type').selectOption({ label: type });
    await form.getByLabel('Options').fill(options);
    for (const flag of flags) await form.getByLabel(flag, { exact: true }).check();
    await form.getByRole('button', { name: 'Add field' }).click();
    await expect(adminPage.getByRole('form', { name: `Field ${label}` })).toBeVisible();
  };
  await addField('area', 'Area', 'Single choice', 'Billing, Reports', ['Public', 'Required']);
  await addField('deal', 'Deal', 'Text', '', []);

  // The member posts without answering it: the message sits beside the field, and nothing typed is lost.
  const memberPage = await (await contextOf(member)).newPage();
  await openPage(memberPage, `/b/${slug}`);
  await memberPage.getByRole('button', { name: 'Share an idea' }).click();
  await memberPage.getByLabel('Title').fill('Invoices in my currency');
  const composer = memberPage.getByRole('form', { name: /^Share an idea/ });
  const area = composer.getByLabel('Area');
  await expect(area).toBeVisible();
  await expect(composer.getByLabel('Deal')).toHaveCount(0);
  await memberPage.getByRole('button', { name: 'Post idea' }).click();
  const areaField = memberPage.locator('[data-field="area"]');
  await expect(areaField.locator('.field-error')).toHaveText('Required.');
  await expect(area).toHaveAttribute('aria-invalid', 'true');
  await expect(memberPage.getByLabel('Title')).toHaveValue('Invoices in my currency');

  await area.selectOption('Billing');
  await expect(areaField.locator('.field-error')).toHaveCount(0);
  await memberPage.getByRole('button', { name: 'Post idea' }).click();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Invoices in my currency' })).toBeVisible();
  await expect(memberPage.getByTestId('idea-fields')).toContainText('Area');
  await expect(memberPage.getByTestId('idea-fields')).toContainText('Billing');
  const ideaPath = new URL(memberPage.url()).pathname;

  // Staff set the staff-only field on the idea and see it; the member does not.
  await openPage(adminPage, ideaPath);
  const staffFields = adminPage.getByTestId('staff-fields');
  await staffFields.getByLabel('Deal').fill('Renewal worth 40 seats');
  await staffFields.getByRole('button', { name: 'Save fields' }).click();
  await expect(adminPage.getByText('Fields saved.')).toBeVisible();
  await openPage(adminPage, ideaPath);
  await expect(adminPage.getByTestId('staff-fields').locator('dd')).toHaveText('Renewal worth 40 seats');
  await expect(adminPage.getByTestId('idea-fields').first()).toContainText('Billing');

  await openPage(memberPage, ideaPath);
  await expect(memberPage.getByTestId('idea-fields')).toContainText('Billing');
  await expect(memberPage.getByTestId('staff-fields')).toHaveCount(0);
  await expect(memberPage.getByText('Renewal worth 40 seats')).toHaveCount(0);

  // Anyone filters the board by the public field from the list's filters (a plain GET form).
  await openPage(memberPage, `/b/${slug}`);
  const filters = memberPage.locator('form.list-filters');
  await filters.locator('summary').click();
  await filters.getByLabel('Area').selectOption('Reports');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(memberPage).toHaveURL(/field\.area=Reports/);
  await expect(memberPage.locator('.post-card', { hasText: 'Invoices in my currency' })).toHaveCount(0);
  await memberPage.locator('form.list-filters').getByLabel('Area').selectOption('Billing');
  await memberPage.locator('form.list-filters').getByRole('button', { name: 'Apply filters' }).click();
  await expect(memberPage.locator('.post-card', { hasText: 'Invoices in my currency' })).toHaveCount(1);
});
