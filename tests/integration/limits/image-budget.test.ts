// Every image field refuses pictures over the pixel budget and files that are not the image they claim,
// before anything is stored or thumbnailed; PocketBase's memory stays low while it refuses them.

import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blackPng } from '../../support/images';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { pidListeningOn, residentMiB } from '../../support/process-memory';

let pb: TestPocketBase;
let member: PocketBase;
let admin: PocketBase;
let boardId: string;
let postId: string;
let siteId: string;
const HUGE = blackPng(20000, 20000);
const SMALL = blackPng(64, 48);

beforeAll(async () => {
  pb = await startTestPocketBase();
  [member, admin] = await Promise.all([pb.actor('member'), pb.actor('admin')]);
  boardId = (await pb.admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' })).id;
  const author = member.authStore.record?.id;
  postId = (await pb.admin.collection('posts').create({ board: boardId, author, title: 'Hi', approved: true })).id;
  siteId = (await pb.admin.collection('site').getFirstListItem('')).id;
});
afterAll(() => pb?.stop());

const fileOf = (bytes: Buffer, name: string, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

function form(fields: Record<string, string>, field: string, file: File): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  data.append(field, file);
  return data;
}

/** Each image field, with a way for an allowed actor to upload one file to it. */
const UPLOADS = {
  'posts.images': (file: File) =>
    member.collection('posts').create(form({ board: boardId, author: idOf(member), title: 'Shot' }, 'images', file)),
  'comments.images': (file: File) =>
    member.collection('comments').create(form({ post: postId, author: idOf(member), body: 'See' }, 'images', file)),
  'users.avatar': (file: File) => member.collection('users').update(idOf(member), form({}, 'avatar', file)),
  'site.logo': (file: File) => admin.collection('site').update(siteId, form({}, 'logo', file)),
  'changelog_entries.cover': (file: File) =>
    admin
      .collection('changelog_entries')
      .create(form({ title: 'Release', slug: `r-${Date.now()}`, state: 'draft' }, 'cover', file)),
} satisfies Record<string, (file: File) => Promise<unknown>>;
type Target = keyof typeof UPLOADS;
const TARGETS = Object.keys(UPLOADS) as Target[];
const fieldOf = (target: Target) => target.split('.')[1] as string;

function idOf(client: PocketBase): string {
  return client.authStore.record?.id ?? '';
}

async function refusal(upload: Promise<unknown>): Promise<{ status: number; fields: Record<string, string> }> {
  try {
    await upload;
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    const data = error.response.data as Record<string, { message: string }>;
    return { status: error.status, fields: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.message])) };
  }
  throw new Error('The upload was accepted');
}

describe('image uploads', () => {
  it.each(TARGETS)('%s refuses a 20000×20000 PNG with a field message', async (target) => {
    const field = fieldOf(target);
    const { status, fields } = await refusal(UPLOADS[target](fileOf(HUGE, 'huge.png')));
    expect(status).toBe(400);
    expect(fields).toEqual({
      [field]: '"huge.png" is 20000×20000 pixels: images may be at most 10000 pixels on a side and 40 megapixels.',
    });
  });

  it('keeps PocketBase small while it refuses huge images, two at a time', async () => {
    const pid = pidListeningOn(pb.url);
    const before = residentMiB(pid);
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        refusal(UPLOADS['posts.images'](fileOf(HUGE, 'a.png'))),
        refusal(UPLOADS['comments.images'](fileOf(HUGE, 'b.png'))),
      ]);
    }
    expect(HUGE.length).toBeLessThan(1024 * 1024);
    expect(residentMiB(pid) - before).toBeLessThan(100);
  });

  it.each(TARGETS)('%s refuses bytes that are not the image they claim', async (target) => {
    const field = fieldOf(target);
    const text = await refusal(UPLOADS[target](fileOf(Buffer.from('just some text'), 'notes.png')));
    expect(text.fields[field]).toBe('"notes.png" is not a JPEG, PNG, GIF or WebP image.');
    const renamed = await refusal(UPLOADS[target](fileOf(SMALL, 'photo.jpg', 'image/jpeg')));
    expect(renamed.fields[field]).toBe('"photo.jpg" is a PNG image under another name: rename it and try again.');
  });

  it.each(TARGETS)('%s accepts a normal image and serves its thumbnail', async (target) => {
    const field = fieldOf(target);
    const record = (await UPLOADS[target](fileOf(SMALL, 'small.png'))) as Record<string, string | string[]>;
    const name = [record[field]].flat()[0];
    expect(name).toMatch(/^small_\w+\.png$/);
    // A draft's cover is a protected file (only staff read drafts): the operator's file token opens it.
    const token = await pb.admin.files.getToken();
    const thumb = await fetch(
      `${pb.url}/api/files/${record.collectionName}/${record.id}/${name}?thumb=32x32&token=${token}`,
    );
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/png');
  });
});
