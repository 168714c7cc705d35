// PocketBase refuses huge bodies at once (413, unread) while uploads keep working (pb_hooks/platform/body-limits.pb.js).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyPng } from '../../support/images';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

const MB = 1024 * 1024;
/** The cap every route has, whatever its body: the largest upload a collection takes plus 1 MB of fields. */
const UPLOAD_LIMIT = 26 * MB;
const TOO_LARGE = { status: 413, message: 'Request entity too large.', data: {} };

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

/** Announces `announced` bytes of JSON, sends only the first megabyte and waits: the answer must come
 * without the rest. */
function announce(path: string, announced: number, token = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(`${pb.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(announced), authorization: token },
    });
    const timer = setTimeout(() => reject(new Error('PocketBase waited for the whole body')), 20_000);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolvePromise({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', () => {}); // the server may close the connection under our unfinished body
    req.write(`{"title":"${'y'.repeat(Math.min(announced - 20, MB))}`);
  });
}

describe('request body limit', () => {
  it('refuses a 40 MB JSON body on a record route with 413 before reading it', async () => {
    const member = await pb.actor('member');
    const answer = await announce('/api/collections/posts/records', 40 * MB, member.authStore.token);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
  });

  it.each([
    ['sign-in', '/api/collections/users/auth-with-password'],
    ['an email request', '/api/collections/users/request-otp'],
    ['a Chorus route', '/api/chorus/sso'],
    ['realtime subscriptions', '/api/realtime'],
  ])('refuses a body over 1 MB to %s with 413 before reading it', async (_what, path) => {
    const answer = await announce(path, 1 * MB + 1);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
  });

  it('caps record routes at the largest upload the schema allows, plus 1 MB of fields', async () => {
    const collections = await pb.admin.collections.getFullList();
    const uploads = collections.map((c) =>
      c.fields
        .filter((f) => f.type === 'file')
        .reduce((sum, f) => sum + (f.maxSize as number) * Math.max(1, f.maxSelect as number), 0),
    );
    expect(Math.max(...uploads)).toBe(25 * MB); // ideas: 5 images of 5 MB
    expect(Math.max(...uploads) + MB).toBeLessThanOrEqual(UPLOAD_LIMIT);
    const member = await pb.actor('member');
    const over = await announce('/api/collections/comments/records', UPLOAD_LIMIT + 1, member.authStore.token);
    expect(over.status).toBe(413);
  });

  it('still takes normal JSON and multipart uploads over 1 MB', async () => {
    const member = await pb.actor('member');
    const board = await pb.admin.collection('boards').create({ name: 'C', slug: 'c', visibility: 'public' });
    const post = await member
      .collection('posts')
      .create({ board: board.id, author: member.authStore.record?.id, title: 'Small' });
    expect(post.title).toBe('Small');
    const big = noisyPng(1200, 1000);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const form = new FormData();
    form.set('board', board.id);
    form.set('author', member.authStore.record?.id ?? '');
    form.set('title', 'With a big image');
    form.append('images', new File([new Uint8Array(big)], 'big.png', { type: 'image/png' }));
    const withImage = await member.collection('posts').create(form);
    expect(withImage.images).toHaveLength(1);
  });
});
