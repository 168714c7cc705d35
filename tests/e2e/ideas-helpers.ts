// Arranging ideas for end-to-end tests: a signed-in browser context and ideas made through the API.
import { type BrowserContext, expect, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import type { Member } from './fixtures';
import { signIn } from './staff-helpers';

/** Signs a member in for a whole browser context, as the sign-in page would (token in storage and cookie). */
export async function signInContext(context: BrowserContext, pbUrl: string, siteUrl: string, member: Member) {
  await signIn(context, siteUrl, pbUrl, member.email, member.password);
}

export async function boardId(admin: PocketBase, slug: string): Promise<string> {
  return (await admin.collection('boards').getFirstListItem(admin.filter('slug = {:slug}', { slug }))).id;
}

export async function createIdea(
  admin: PocketBase,
  fields: { author: string; title: string; body?: string; board?: string; locked?: boolean },
): Promise<string> {
  const board = await boardId(admin, fields.board ?? 'features');
  const post = await admin.collection('posts').create({
    board,
    author: fields.author,
    title: fields.title,
    body: fields.body ?? '',
    approved: true,
    locked: fields.locked ?? false,
  });
  return post.id;
}

/** The fixtures `ideaWithSignedInMember` arranges with. */
interface Arranging {
  admin: PocketBase;
  createMember: () => Promise<Member>;
  context: BrowserContext;
  pbUrl: string;
  baseURL: string | undefined;
}

/** The usual start of a test acting on an idea: an idea by one new member, another member signed in. */
export async function ideaWithSignedInMember(
  { admin, createMember, context, pbUrl, baseURL }: Arranging,
  idea: { title: string; board?: string },
): Promise<{ id: string; author: Member; member: Member }> {
  const author = await createMember();
  const member = await createMember();
  const id = await createIdea(admin, { author: author.id, ...idea });
  await signInContext(context, pbUrl, baseURL as string, member);
  return { id, author, member };
}

/** A tiny valid PNG (1×1). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What is not interactive yet: islands (Astro drops `ssr` once hydrated) other than those whose server
 * HTML works until a session or an interaction hydrates them (src/directives/), and idea lists whose
 * cards src/features/ideas/live-cards.ts has not bound yet. */
export const NOT_INTERACTIVE = 'astro-island[ssr]:not([data-hydrate-waits]), [data-live-cards="waiting"]';

/** Opens a page and waits until its islands and live lists are interactive. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0);
}
