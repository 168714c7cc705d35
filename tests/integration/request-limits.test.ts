// PocketBase refuses a huge JSON body at once (413) while uploads keep their own limits.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyPng } from '../support/images';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

describe('request body limit', () => {
  it('refuses a 40 MB JSON body with 413 before reading it', async () => {
    const member = await pb.actor('member');
    // Announce 40 MB, send only the first megabyte, and wait: the answer must come without the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolvePromise, reject) => {
      const req = request(`${pb.url}/api/collections/posts/records`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(40 * 1024 * 1024),
          authorization: member.authStore.token,
        },
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
      req.write(`{"title":"${'y'.repeat(1024 * 1024)}`);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      status: 413,
      code: 'requestTooLarge',
      message: 'The request is too large (at most 1 MB, files excepted).',
      data: {},
    });
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
