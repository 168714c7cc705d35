// PocketBase refuses a huge JSON body at once (413) while uploads keep their own limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyPng } from '../support/images';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

describe('request body limit', () => {
  it('refuses a 40 MB JSON body quickly with 413', async () => {
    const member = await pb.actor('member');
    const board = await pb.admin.collection('boards').create({ name: 'B', slug: 'b', visibility: 'public' });
    const body = JSON.stringify({
      board: board.id,
      author: member.authStore.record?.id,
      title: 'x',
      body: 'y'.repeat(40 * 1024 * 1024),
    });
    const started = Date.now();
    const response = await fetch(`${pb.url}/api/collections/posts/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: member.authStore.token },
      body,
    }).catch((error) => error);
    // PocketBase may answer before it has read the whole body, and close the connection.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        status: 413,
        message: 'The request is too large (at most 1 MB, files excepted).',
        data: {},
      });
    } else {
      expect(String(response.cause?.code ?? response.cause)).toMatch(/EPIPE|ECONNRESET|UND_ERR_SOCKET/);
    }
    expect(Date.now() - started).toBeLessThan(5000);
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
