// API keys against a real PocketBase: created by an admin and shown once, acting with their scope's powers
// (read, member, staff) on PocketBase's own routes, limited per key, revoked at once, and audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, keyClient } from '../support/api-keys';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type Actors, attempt, createActors, createBoard, createPost } from '../support/world';

let pb: TestPocketBase;
let actors: Actors;

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
}, 60_000);
afterAll(() => pb?.stop());

describe('API keys', () => {
  it('acts with its scope: a read key reads and cannot write; a staff key acts as a moderator', async () => {
    const board = await createBoard(pb, 'public');
    const staffBoard = await createBoard(pb, 'staff');
    const post = await createPost(pb, board, actors.member);
    await createPost(pb, staffBoard, actors.admin);
    const read = await createApiKey(actors.admin, 'read');
    expect(read.token.length).toBeGreaterThan(100);
    const reader = keyClient(pb.url, read.token);
    const seen = await reader.collection('posts').getFullList();
    expect(seen.map((p) => p.id)).toContain(post.id);
    expect(seen.every((p) => p.board !== staffBoard.id)).toBe(true);
    const write = await attempt(() => reader.collection('posts').update(post.id, { status: '' }));
    expect(write).toBe(false);
    const comment = await attempt(() => reader.collection('comments').create({ post: post.id, body: 'hi' }));
    expect(comment).toBe(false);
    const route = await reader
      .send(`/api/chorus/posts/${post.id}/merge`, { method: 'POST', body: { into: post.id } })
      .catch((e) => e.response);
    expect(route.message).toMatch(/only read/);

    const staff = await createApiKey(actors.admin, 'staff');
    const staffClient = keyClient(pb.url, staff.token);
    const all = await staffClient.collection('posts').getFullList();
    expect(all.some((p) => p.board === staffBoard.id)).toBe(true);
    const self = await staffClient.send('/api/chorus/api-keys/self', {});
    expect(self).toMatchObject({ scope: 'staff', name: 'staff key' });
  });

  it('is limited per key, revoked at once, and audited with its creator', async () => {
    const key = await createApiKey(actors.admin, 'read', { rate_limit: 3, name: 'Tight' });
    const client = keyClient(pb.url, key.token);
    for (let i = 0; i < 3; i += 1) await client.collection('boards').getList(1, 1);
    const over = await client
      .collection('boards')
      .getList(1, 1)
      .catch((e) => e);
    expect(over.status).toBe(429);
    expect(over.response.message).toMatch(/limit/);

    const other = await createApiKey(actors.admin, 'member', { name: 'Gone soon' });
    const gone = keyClient(pb.url, other.token);
    await gone.collection('boards').getList(1, 1);
    await actors.admin.send(`/api/chorus/api-keys/${other.id}/revoke`, { method: 'POST' });
    const after = await gone.send('/api/chorus/api-keys/self', {}).catch((e) => e.status);
    expect(after).toBe(401);
    const entries = await actors.admin.collection('audit_entries').getFullList({ filter: 'action ~ "api_key."' });
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['api_key.create', 'api_key.revoke']));
  });
});
