// Helpers for the staff, roadmap and changelog stories: sign a browser in as someone, make ideas.
import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { clientFromOwnAddress } from './own-address';

export const demoPassword = () => process.env.E2E_DEMO_PASSWORD ?? '';

/** A signed-in SDK client (as the browser would have). */
export async function clientFor(pbUrl: string, email: string, password: string): Promise<PocketBase> {
  const pb = clientFromOwnAddress(pbUrl);
  await pb.collection('users').authWithPassword(email, password);
  return pb;
}

/** Signs a browser context in: the auth cookie SSR reads and the localStorage the islands read. */
export async function signIn(context: BrowserContext, baseURL: string, pbUrl: string, email: string, password: string) {
  return adoptSession(context, baseURL, await clientFor(pbUrl, email, password));
}

/** The auth cookie the site reads for signed-in client `pb`, as a request's Cookie header carries it (pb_auth=…). */
export function authCookie(pb: PocketBase): string {
  return (
    pb.authStore
      .exportToCookie({ httpOnly: false, secure: false, sameSite: 'Lax', path: '/' }, 'pb_auth')
      .split(';')[0] ?? ''
  );
}

/** Gives a browser context the session of signed-in client `pb` (a password sign-in, or a superuser's impersonation). */
export async function adoptSession(context: BrowserContext, baseURL: string, pb: PocketBase) {
  const value = authCookie(pb).slice('pb_auth='.length);
  const stored = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record });
  // A page of the site already open holds the session too, before the cookie is set: the site's browser client
  // mirrors localStorage into the cookie when it starts, and one starting later on that page (an idle island)
  // would otherwise clear the cookie to match its empty storage (the next page then signed out).
  const origin = new URL(baseURL).origin;
  for (const open of context.pages()) {
    if (new URL(open.url()).origin !== origin) continue;
    await open.evaluate((auth) => localStorage.setItem('pocketbase_auth', auth), stored);
  }
  await context.addCookies([{ name: 'pb_auth', value, url: baseURL }]);
  await context.addInitScript((auth) => {
    if (!localStorage.getItem('pocketbase_auth')) localStorage.setItem('pocketbase_auth', auth);
  }, stored);
  return pb;
}

/** A new browser context signed in as `account`, and a page in it (close it with `page.context().close()`). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  pbUrl: string,
  account: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext();
  await signIn(context, baseURL, pbUrl, account.email, account.password);
  return context.newPage();
}

/** An approved idea on the demo features board, written as `authorId`, in the Open status. */
export async function createIdea(admin: PocketBase, authorId: string, title: string) {
  const [board, open] = await Promise.all([
    admin.collection('boards').getFirstListItem('slug = "features"'),
    admin.collection('statuses').getFirstListItem('slug = "open"'),
  ]);
  return admin.collection('posts').create({
    board: board.id,
    author: authorId,
    title,
    body: `${title}: details.`,
    status: open.id,
    approved: true,
  });
}

export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * Chooses `value` in a select of a just-hydrated island until `shown` (what the choice reveals) is visible. React 19
 * hydrates after Astro marks the island hydrated, and a controlled select changed in between is set back to its
 * state (under load the whole choice was lost, and the next fill waited for a field that never came). A real user's
 * choice made in that instant is lost the same way; they see it and choose again, as this does.
 */
export async function chooseUntilShown(select: Locator, value: string, shown: Locator): Promise<void> {
  await expect(async () => {
    await select.selectOption(value);
    await expect(shown).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
