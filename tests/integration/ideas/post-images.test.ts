// Post images: up to five real images, thumbnails served, anything else refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, attempt, createActors, createBoard, idOf } from '../../support/world';

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let pb: TestPocketBase;
let actors: Actors;
let boardId: string;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  boardId = (await createBoard(pb, 'public')).id;
});
afterAll(() => pb?.stop());

function postForm(files: { name: string; bytes: Buffer; type: string }[]): FormData {
  const form = new FormData();
  form.set('board', boardId);
  form.set('author', idOf(actors.member));
  form.set('title', 'With screenshots');
  for (const file of files)
    form.append('images', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return form;
}
const png = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `shot-${i}.png`, bytes: PNG, type: 'image/png' }));

describe('post images', () => {
  it('accepts five images and serves a thumbnail', async () => {
    const post = await actors.member.collection('posts').create(postForm(png(5)));
    expect(post.images).toHaveLength(5);
    const thumb = await fetch(pb.visitor().files.getURL(post, post.images[0], { thumb: '100x100' }));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toContain('image/png');
  });
  it('refuses a sixth image and a text file named .png', async () => {
    expect(await attempt(() => actors.member.collection('posts').create(postForm(png(6))))).toBe(false);
    const fake = { name: 'notes.png', bytes: Buffer.from('just some text, not an image'), type: 'image/png' };
    expect(await attempt(() => actors.member.collection('posts').create(postForm([fake])))).toBe(false);
  });
});
