// An admin who deletes a segment, an alert rule, a webhook, a company or a tag is asked first and told what goes with it; saying
// no (or Escape) removes nothing and puts focus back on the button, saying yes removes it (src/ui/confirm-first.ts:
// the site's own modal dialog, for plain forms and islands alike); on an idea's page, a moderator deleting it is asked in
// place (src/ui/AskFirst.tsx).
import type { Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { expect, test } from '../fixtures';
import { NOT_INTERACTIVE } from '../ideas-helpers';
import { createIdea, signedInPage, unique } from '../staff-helpers';

interface Case {
  page: string;
  collection: string;
  make(admin: PocketBase, name: string): Promise<{ id: string }>;
  /** What the question says goes with it. */
  question: RegExp;
}

const CASES: Case[] = [
  {
    page: '/admin/segments',
    collection: 'segments',
    make: (admin, name) =>
      admin
        .collection('segments')
        .create({ name, conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'gold' }] } }),
    question: /Alert rules that count its voters go with it; members keep their accounts\.$/,
  },
  {
    page: '/admin/alerts',
    collection: 'alert_rules',
    make: (admin, name) => admin.collection('alert_rules').create({ name, metric: 'votes', threshold: 50 }),
    question: /Its record of firings goes with it\.$/,
  },
  {
    page: '/admin/webhooks',
    collection: 'webhooks',
    make: (admin, name) =>
      admin
        .collection('webhooks')
        .create({ name, url: 'https://hooks.example.com/chorus', kind: 'standard', events: ['idea.posted'] }),
    question: /Events stop going to it, and its delivery log goes with it\.$/,
  },
  {
    page: '/admin/companies',
    collection: 'companies',
    make: (admin, name) => admin.collection('companies').create({ external_id: `co-${Date.now()}`, name }),
    question: /Its members keep their accounts but lose their company\.$/,
  },
  {
    page: '/admin/tags',
    collection: 'tags',
    make: (admin, name) =>
      admin.collection('tags').create({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), color: '#2266aa' }),
    question: /\?$/,
  },
];

/** Clicks the Delete button of the item named `name`, answers the dialog, and returns what it asked. */
async function deleteAnswering(page: Page, name: string, answer: boolean): Promise<string> {
  // A button named after its item ("Delete Gold"), or the Delete button in the item's own part of the page.
  const labelled = page.getByRole('button', { name: new RegExp(`^Delete.*${name}`) });
  const item = page.locator('li, section, article, tr').filter({ hasText: name }).last();
  const button = (await labelled.count()) > 0 ? labelled : item.getByRole('button', { name: /^Delete/ });
  await button.click();
  // The site's own modal dialog, in its language: focus inside it, on Cancel.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const question = (await dialog.locator('#confirm-question').textContent()) ?? '';
  await expect(dialog).toHaveAccessibleName(question);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: answer ? 'Delete' : 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  if (!answer) await expect(button).toBeFocused(); // focus goes back where it was
  return question;
}

for (const { page: path, collection, make, question } of CASES) {
  test(`an admin deleting on ${path} is asked first and told what goes with it`, async ({
    browser,
    baseURL,
    pbUrl,
    admin,
    createMember,
  }) => {
    const staff = await createMember({ role: 'admin' });
    const name = unique('Doomed');
    const record = await make(admin, name);
    const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
    await page.goto(path);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);

    expect(await deleteAnswering(page, name, false)).toMatch(new RegExp(`${name}”?[?？]`));
    await page.waitForTimeout(300); // a refused click sends nothing: give a wrong one the time to arrive
    expect((await admin.collection(collection).getOne(record.id)).id).toBe(record.id);

    expect(await deleteAnswering(page, name, true)).toMatch(question);
    await expect
      .poll(() =>
        admin
          .collection(collection)
          .getOne(record.id)
          .then(
            () => 'still there',
            () => 'gone',
          ),
      )
      .toBe('gone');
    await page.context().close();
  });
}

test('Escape closes the question and deletes nothing', async ({ browser, baseURL, pbUrl, admin, createMember }) => {
  const staff = await createMember({ role: 'admin' });
  const name = unique('Kept');
  const record = await admin.collection('alert_rules').create({ name, metric: 'votes', threshold: 50 });
  const page = await signedInPage(browser, baseURL as string, pbUrl, staff);
  await page.goto('/admin/alerts');
  await page.locator('li').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.waitForTimeout(300);
  expect((await admin.collection('alert_rules').getOne(record.id)).id).toBe(record.id);
  await page.context().close();
});

test('a moderator deleting an idea from its page is asked first, in place, what goes with it', async ({
  browser,
  baseURL,
  pbUrl,
  admin,
  createMember,
}) => {
  const moderator = await createMember({ role: 'moderator' });
  const author = await createMember();
  const idea = await createIdea(admin, author.id, unique('A duplicate of dark mode'));
  const page = await signedInPage(browser, baseURL as string, pbUrl, moderator);
  await page.goto(`/p/${idea.id}`);
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
  const panel = page.getByTestId('staff-panel');
  const ask = panel.getByRole('group', {
    name: 'Delete this idea with its votes and comments? This cannot be undone.',
  });

  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(ask.getByRole('button', { name: 'Delete' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Delete' })).toBeFocused();
  expect((await admin.collection('posts').getOne(idea.id)).id).toBe(idea.id);

  await panel.getByRole('button', { name: 'Delete' }).click();
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new URL('/', baseURL as string).href);
  await expect
    .poll(() =>
      admin
        .collection('posts')
        .getOne(idea.id)
        .then(
          () => 'still there',
          () => 'gone',
        ),
    )
    .toBe('gone');
  await page.context().close();
});
