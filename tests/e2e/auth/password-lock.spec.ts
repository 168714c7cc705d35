// Wrong passwords as people meet them: a stranger's guesses from elsewhere never lock a member out, and a
// member who mistypes too often is told, in words and in their language, how long to wait.
import type { Page } from '@playwright/test';
import { requestFrom } from '../../support/from-address';
import { expect, test } from '../fixtures';

async function typePassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((r) => r.url().includes('/auth-with-password'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return (await answered).status();
}

async function openSignIn(page: Page) {
  await page.goto('/signin');
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
}

test('a stranger guessing a member’s password from another address does not lock the member out', async ({
  page,
  pbUrl,
  createMember,
}) => {
  const member = await createMember();
  const url = `${pbUrl}/api/collections/users/auth-with-password`;
  for (let i = 0; i < 12; i++) {
    await requestFrom('127.0.0.2', url, { method: 'POST', json: { identity: member.email, password: `guess-${i}` } });
  }
  const stranger = await requestFrom('127.0.0.2', url, {
    method: 'POST',
    json: { identity: member.email, password: member.password },
  });
  expect(stranger.status).toBe(429);

  await openSignIn(page);
  expect(await typePassword(page, member.email, member.password)).toBe(200);
  await expect(page.getByRole('banner').getByText(member.name, { exact: true })).toBeVisible();
});

test('a member who mistypes their password ten times is told how many minutes to wait', async ({
  page,
  createMember,
}) => {
  const member = await createMember();
  await openSignIn(page);
  for (let i = 0; i < 10; i++) expect(await typePassword(page, member.email, `typo-${i}`)).toBe(400);
  expect(await typePassword(page, member.email, member.password)).toBe(429);
  await expect(page.getByRole('alert')).toHaveText('Too many sign-in attempts: try again in 10 minutes.');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
});
