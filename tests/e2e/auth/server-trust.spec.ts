// The server trusts nothing it did not check: a forged auth cookie is a signed-out visitor, sign-in never
// leads off the site, and cross-site form posts are refused without a stack trace.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { clientFromOwnAddress } from '../own-address';

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]:not([data-hydrate-waits])')).toHaveCount(0);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The cookie the browser client writes, with whatever token and record we like. */
function authCookie(baseURL: string, token: string, record: Record<string, unknown>) {
  return {
    name: 'pb_auth',
    value: encodeURIComponent(JSON.stringify({ token, record })),
    url: baseURL,
  };
}

test.describe('a forged auth cookie', () => {
  // Only the server's judgement is tested: with scripts on, the browser client would rewrite the cookie.
  test.use({ javaScriptEnabled: false });

  test('a member’s real token with "role": "admin" written into the record gets no staff page', async ({
    page,
    context,
    baseURL,
    pbUrl,
    createMember,
  }) => {
    const member = await createMember();
    const pb = clientFromOwnAddress(pbUrl);
    const { token, record } = await pb.collection('users').authWithPassword(member.email, member.password);
    await context.addCookies([authCookie(baseURL as string, token, { ...record, role: 'admin' })]);

    for (const path of ['/admin', '/admin/members', '/admin/settings']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
      await expect(page.getByText('Members', { exact: true })).toHaveCount(0);
    }
    // The real member is still signed in (their own name in the header), as a member.
    await page.goto('/');
    await expect(page.getByRole('banner').getByText(member.name, { exact: true })).toBeVisible();
  });

  test('an unsigned token is a signed-out visitor, and the cookie is cleared', async ({
    page,
    context,
    baseURL,
    createMember,
  }) => {
    const member = await createMember();
    const header = base64url({ alg: 'none', typ: 'JWT' });
    const payload = base64url({
      id: member.id,
      type: 'auth',
      collectionId: '_pb_users_auth_',
      refreshable: true,
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    const record = { id: member.id, collectionName: 'users', name: member.name, role: 'admin', verified: true };
    await context.addCookies([authCookie(baseURL as string, `${header}.${payload}.`, record)]);

    const response = await page.goto('/admin/members');
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    const cookies = await context.cookies(baseURL as string);
    expect(cookies.find((c) => c.name === 'pb_auth')).toBeUndefined();
  });
});

test.describe('signing in with a hostile next=', () => {
  for (const next of ['%2F.%2F%2Fevil.example%2Fpwned', '%2F..%2F%2Fevil.example', '/..//evil.example']) {
    test(`next=${next} stays on the site`, async ({ page, createMember, baseURL }) => {
      const member = await createMember();
      await open(page, `/signin?next=${next}`);
      await page.getByLabel('Email', { exact: true }).fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(page.getByRole('banner').getByText(member.name, { exact: true })).toBeVisible();
    });
  }
});

test('a cross-site form post is refused with 403 and no stack trace', async ({ request, baseURL }) => {
  for (const path of ['/', '/signin', '/p/nothing-here/vote', '/admin/settings']) {
    const response = await request.post(`${baseURL}${path}`, {
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      data: 'title=hi',
      maxRedirects: 0,
    });
    const body = await response.text();
    expect(response.status(), path).toBe(403);
    expect(body).not.toMatch(/\bat .*\.(js|mjs|ts):\d+|\/work\/|node_modules|file:\/\//);
  }
});
