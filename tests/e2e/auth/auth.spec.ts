// Signing up, in and out, as a person does it in the browser, against the built site and a real PocketBase.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/** Opens a page and waits until its islands have hydrated. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
}

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';
const newEmail = () => `newcomer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function signIn(page: Page, email: string, password: string) {
  await open(page, '/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const accountMenu = (page: Page, name: string) => page.getByRole('banner').getByText(name, { exact: true });
const signInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Sign in' });

test('a newcomer signs up with an emailed code', async ({ page, mail, admin }) => {
  const email = newEmail();
  await open(page, '/signup');
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`We emailed a 6-digit code to ${email}`)).toBeVisible();

  // The code step survives a reload.
  await page.reload();
  const code = codeIn((await mail.waitFor(email, /sign-in code/)).text);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page, 'Ada Lovelace')).toBeVisible();
  const user = await admin.collection('users').getFirstListItem(`email = "${email}"`);
  expect(user.verified).toBe(true);
});

test('a member signs in with a password and signs out from the account menu', async ({ page, createMember }) => {
  const member = await createMember();
  await open(page, '/signin?next=%2F%3Fcame%3Dback');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/\?came=back$/);
  await expect(accountMenu(page, member.name)).toBeVisible();

  // Signed-in members are sent home from the sign-in and sign-up pages.
  await open(page, '/signin');
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('banner').getByText(member.name).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(signInLink(page)).toBeVisible();
  await page.reload();
  await expect(signInLink(page)).toBeVisible();
});

test('a member signs in with a code emailed to them', async ({ page, mail, createMember }) => {
  const member = await createMember();
  await open(page, '/signin');
  await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(codeIn((await mail.waitFor(member.email, /sign-in code/)).text));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(accountMenu(page, member.name)).toBeVisible();
});

test('a sign-in link cannot send a member to another site', async ({ page, createMember }) => {
  const member = await createMember();
  await open(page, '/signin?next=//evil.example/steal');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('bad input shows messages next to the fields and keeps what was typed', async ({ page, createMember }) => {
  const member = await createMember();
  await open(page, '/signup');
  const name = page.getByLabel('Name', { exact: true });
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });
  await name.fill('Typo Person');
  await email.fill('not-an-email');
  await password.fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('alert')).toContainText('check the fields');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/email address like name@example\.com/);
  await expect(password).toHaveAccessibleDescription(/at least 8 characters/i);
  await expect(name).toHaveValue('Typo Person');
  await expect(email).toHaveValue('not-an-email');
  await expect(password).toHaveValue('short');

  // A taken email gets the answer a new one gets (nobody learns who has an account; its holder is emailed):
  // the code form. A wrong code is refused next to the code field, and stays typed.
  await email.fill(member.email);
  await password.fill('a-long-password-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = page.getByLabel('Code', { exact: true });
  await code.fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(code).toHaveAccessibleDescription(/wrong or has expired/);
  await expect(code).toHaveValue('000000');

  // A wrong password on sign in says so, and keeps the email.
  await open(page, '/signin');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('do not match');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
});

test('two islands and two tabs follow one session', async ({ context, createMember }) => {
  const member = await createMember();
  const [first, second] = [await context.newPage(), await context.newPage()];
  await open(second, '/');
  await expect(second.getByTestId('welcome-prompt')).toContainText('Sign in');

  await signIn(first, member.email, member.password);
  await expect(accountMenu(first, member.name)).toBeVisible();
  for (const page of [first, second]) {
    await expect(accountMenu(page, member.name)).toBeVisible();
    await expect(page.getByTestId('welcome-prompt')).toContainText(`Welcome back, ${member.name}`);
  }

  await second.getByRole('banner').getByText(member.name).click();
  await second.getByRole('button', { name: 'Sign out' }).click();
  for (const page of [second, first]) {
    await expect(signInLink(page)).toBeVisible();
    await expect(page.getByTestId('welcome-prompt')).toContainText('create an account');
  }
});
