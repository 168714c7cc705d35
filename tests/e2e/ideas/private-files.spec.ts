// Private files stay private (issue #42), as people meet them: the address of an image of a staff-only idea opens
// nothing for a visitor (neither the site's nor PocketBase's), while a moderator sees the image on the idea page;
// a public idea's image comes from the edge cache until the idea leaves the public board or the comment holding
// it is hidden, and then a visitor gets nothing. (PocketBase's side, person by person: tests/integration/ideas/private-files.test.ts.)
import type { APIRequestContext } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { expect, test } from '../fixtures';
import { openPage, PNG_1X1, signInContext } from '../ideas-helpers';
import { SHARED_STACK_GOAL_MS } from '../purge-goal';
import { unique } from '../staff-helpers';

async function boardOf(admin: PocketBase, visibility: 'public' | 'staff') {
  const slug = `files-${visibility}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return admin.collection('boards').create({ name: `Board ${slug}`, slug, visibility });
}

async function ideaWithImage(admin: PocketBase, boardId: string, authorId: string) {
  const form = new FormData();
  form.set('board', boardId);
  form.set('author', authorId);
  form.set('title', unique('Screenshot attached'));
  form.set('approved', 'true');
  form.append('images', new File([new Uint8Array(PNG_1X1)], 'screen.png', { type: 'image/png' }));
  return admin.collection('posts').create(form);
}

const siteAddress = (record: { collectionName: string; id: string }, name: string) =>
  `/files/${record.collectionName}/${record.id}/${name}`;

const visitorGets = async (request: APIRequestContext, path: string) => {
  const answer = await request.get(path);
  return { status: answer.status(), cache: answer.headers()['cf-cache-status'] ?? '' };
};

test('a visitor opens the address of an image of an idea on a staff-only board and gets nothing; a moderator sees it on the idea page', async ({
  page,
  context,
  playwright,
  admin,
  createMember,
  pbUrl,
  baseURL,
}) => {
  const moderator = await createMember({ role: 'moderator' });
  const idea = await ideaWithImage(admin, (await boardOf(admin, 'staff')).id, moderator.id);
  const name = idea['images'][0] as string;

  const visitor = await playwright.request.newContext({ baseURL: baseURL as string });
  for (const address of [
    siteAddress(idea, name),
    `${siteAddress(idea, name)}?thumb=320x0`,
    `${pbUrl}/api/files/posts/${idea.id}/${name}`,
    `${pbUrl}/api/files/posts/${idea.id}/${name}?thumb=320x0`,
  ]) {
    const answer = await visitor.get(address);
    expect(answer.status(), address).toBe(404);
    expect((await answer.body()).includes(Buffer.from(PNG_1X1.subarray(0, 8))), address).toBe(false);
  }
  // A forged sign-in (the middleware checks no session for images: PocketBase refuses it a file token) gets
  // what a visitor gets.
  const forgedPayload = Buffer.from(JSON.stringify({ id: moderator.id, exp: 4102444800 })).toString('base64url');
  const forged = encodeURIComponent(
    JSON.stringify({ token: `eyJhbGciOiJIUzI1NiJ9.${forgedPayload}.forged`, record: { collectionName: 'users' } }),
  );
  const withForged = await visitor.get(siteAddress(idea, name), { headers: { cookie: `pb_auth=${forged}` } });
  expect(withForged.status()).toBe(404);
  await visitor.dispose();

  await signInContext(context, pbUrl, baseURL as string, moderator);
  await openPage(page, `/p/${idea.id}`);
  const image = page.getByRole('list', { name: 'Images' }).getByRole('img');
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a public idea’s image comes from the edge until the idea moves to a staff-only board; then a visitor gets nothing', async ({
  request,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const idea = await ideaWithImage(admin, (await boardOf(admin, 'public')).id, author.id);
  const address = `${siteAddress(idea, idea['images'][0])}?thumb=320x0`;
  await expect
    .poll(async () => (await visitorGets(request, address)).cache, { timeout: SHARED_STACK_GOAL_MS })
    .toBe('HIT');
  expect((await visitorGets(request, address)).status).toBe(200);

  await admin.collection('posts').update(idea.id, { board: (await boardOf(admin, 'staff')).id });
  await expect
    .poll(async () => (await visitorGets(request, address)).status, { timeout: SHARED_STACK_GOAL_MS })
    .toBe(404);
});

test('a comment’s image stops reaching visitors once a moderator hides the comment', async ({
  request,
  admin,
  createMember,
}) => {
  const author = await createMember();
  const idea = await ideaWithImage(admin, (await boardOf(admin, 'public')).id, author.id);
  const form = new FormData();
  form.set('post', idea.id);
  form.set('author', author.id);
  form.set('body', 'Here is what I see');
  form.append('images', new File([new Uint8Array(PNG_1X1)], 'mine.png', { type: 'image/png' }));
  const comment = await admin.collection('comments').create(form);
  const address = siteAddress(comment, comment['images'][0]);
  await expect
    .poll(async () => (await visitorGets(request, address)).cache, { timeout: SHARED_STACK_GOAL_MS })
    .toBe('HIT');

  await admin.collection('comments').update(comment.id, { hidden: true });
  await expect
    .poll(async () => (await visitorGets(request, address)).status, { timeout: SHARED_STACK_GOAL_MS })
    .toBe(404);
});
