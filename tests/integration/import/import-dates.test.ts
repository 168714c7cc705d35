import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { createBoard, createPost } from '../../support/world';

let pb: TestPocketBase;
let post: RecordModel;
const monthAgo = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
const importDates = (client: TestPocketBase['admin'], items: unknown[]) =>
  client.send('/api/chorus/import/dates', { method: 'POST', body: { items } });

beforeAll(async () => {
  pb = await startTestPocketBase();
  const author = await pb.actor('member');
  post = await createPost(pb, await createBoard(pb, 'public'), author);
});
afterAll(() => pb?.stop());

describe('importing the dates of ideas brought over from elsewhere', () => {
  it('lets a superuser backdate an idea, which then trends lower', async () => {
    const before = await pb.admin.collection('posts').getOne(post.id);
    await expect(importDates(pb.admin, [{ collection: 'posts', id: post.id, created: monthAgo }])).resolves.toEqual({
      updated: 1,
    });
    const after = await pb.admin.collection('posts').getOne(post.id);
    expect(new Date(after.created).toISOString()).toBe(monthAgo);
    expect(after.trending_score).toBeLessThan(before.trending_score);
  });

  it.each([
    ['visitor', 401],
    ['member', 403],
    ['admin', 403],
  ] as const)('refuses a %s (%i)', async (who, status) => {
    const client = who === 'visitor' ? pb.visitor() : await pb.actor(who);
    await expect(importDates(client, [{ collection: 'posts', id: post.id, created: monthAgo }])).rejects.toMatchObject({
      status,
    });
  });

  it('refuses other collections and future dates', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    await expect(
      importDates(pb.admin, [{ collection: 'users', id: post.id, created: monthAgo }]),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(importDates(pb.admin, [{ collection: 'posts', id: post.id, created: future }])).rejects.toMatchObject({
      status: 400,
    });
  });
});
