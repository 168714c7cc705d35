// Staff actions on ideas and comments, by every kind of actor: status and official response, tags,
// pin, lock, hide (approved = false), approve, delete, internal and hidden comments, merged_into guard.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  ACTORS,
  type Actors,
  allowed,
  attempt,
  createActors,
  createBoard,
  createPost,
  idOf,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let planned: RecordModel;
let staffTag: RecordModel;
let publicTag: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
  staffTag = await pb.admin.collection('tags').create({ name: 'triage', color: '#123456', staff_only: true });
  publicTag = await pb.admin.collection('tags').create({ name: 'ui', color: '#654321' });
});
afterAll(() => pb?.stop());

const STAFF = allowed('moderator', 'admin');
const ACTIONS: Record<string, () => Record<string, unknown>> = {
  'change the status with a response': () => ({ status: planned.id, response: 'On our list.' }),
  'tag with a public tag': () => ({ tags: [publicTag.id] }),
  pin: () => ({ pinned: true }),
  lock: () => ({ locked: true }),
  'hide (approved = false)': () => ({ approved: false }),
};

describe('staff actions on an idea', () => {
  for (const [action, body] of Object.entries(ACTIONS)) {
    it.each(ACTORS)(`%s: ${action}`, async (name) => {
      const post = await createPost(pb, board, name === 'visitor' ? actors.member : actors[name]);
      const outcome = await attempt(() => actors[name].collection('posts').update(post.id, body()));
      expect(outcome).toBe(STAFF[name]);
    });
  }
  it.each(ACTORS)('%s: approve a queued idea', async (name) => {
    const post = await createPost(pb, board, actors['other member'], { approved: false });
    expect(await attempt(() => actors[name].collection('posts').update(post.id, { approved: true }))).toBe(STAFF[name]);
  });
  it.each(ACTORS)("%s: delete someone else's idea", async (name) => {
    const post = await createPost(pb, board, actors['other member']);
    const expected = allowed('other member', 'moderator', 'admin')[name];
    expect(await attempt(() => actors[name].collection('posts').delete(post.id))).toBe(expected);
  });
  it.each(ACTORS)('%s cannot set merged_into directly (only the merge route)', async (name) => {
    const [a, b] = [await createPost(pb, board, actors.member), await createPost(pb, board, actors.member)];
    expect(await attempt(() => actors[name].collection('posts').update(a.id, { merged_into: b.id }))).toBe(false);
  });
  it('the response is signed and dated by the server; a hidden idea is seen by its author and staff only', async () => {
    const post = await createPost(pb, board, actors.member);
    const updated = await actors.moderator
      .collection('posts')
      .update(post.id, { response: 'Thanks!', approved: false });
    expect(updated.response_by).toBe(idOf(actors.moderator));
    expect(updated.response_at).not.toBe('');
    for (const name of ACTORS) {
      const seen = await attempt(() => actors[name].collection('posts').getOne(post.id));
      expect(seen, name).toBe(allowed('member', 'moderator', 'admin')[name]);
    }
  });
  it('staff-only tags live apart from the idea (post_staff_tags), readable by active staff only', async () => {
    const post = await createPost(pb, board, actors.member, { tags: [publicTag.id] });
    await actors.moderator.collection('post_staff_tags').create({ post: post.id, tags: [staffTag.id] });
    const expand = 'post_staff_tags_via_post';
    const staffTagsSeenBy = async (name: keyof Actors) => {
      const idea = await actors[name].collection('posts').getOne(post.id, { expand });
      expect(idea.tags, name).toEqual([publicTag.id]);
      return [idea.expand?.post_staff_tags_via_post ?? []].flat().flatMap((r: RecordModel) => r.tags);
    };
    for (const name of ACTORS) expect(await staffTagsSeenBy(name), name).toEqual(STAFF[name] ? [staffTag.id] : []);
    expect(await attempt(() => actors.member.collection('tags').getOne(staffTag.id))).toBe(false);
  });
});

describe('staff actions on comments', () => {
  const comment = async (fields: Record<string, unknown> = {}) => {
    const post = await createPost(pb, board, actors.member);
    return pb.admin
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Hi', ...fields });
  };
  it.each(ACTORS)("%s: hide someone else's comment", async (name) => {
    const c = await comment();
    expect(await attempt(() => actors[name].collection('comments').update(c.id, { hidden: true }))).toBe(STAFF[name]);
  });
  it.each(ACTORS)("%s: delete someone else's comment", async (name) => {
    const c = await comment();
    const expected = allowed('other member', 'moderator', 'admin')[name];
    expect(await attempt(() => actors[name].collection('comments').delete(c.id))).toBe(expected);
  });
  it.each(ACTORS)('%s: write an internal comment', async (name) => {
    const post = await createPost(pb, board, actors.member);
    const body = { post: post.id, author: idOf(actors[name]), body: 'Staff note', internal: true };
    expect(await attempt(() => actors[name].collection('comments').create(body))).toBe(STAFF[name]);
  });
  it('staff never rewrite a comment; a hidden one is seen by its author and staff only', async () => {
    const c = await comment();
    expect(await attempt(() => actors.admin.collection('comments').update(c.id, { body: 'Edited' }))).toBe(false);
    await actors.moderator.collection('comments').update(c.id, { hidden: true });
    for (const name of ACTORS) {
      const seen = await attempt(() => actors[name].collection('comments').getOne(c.id));
      expect(seen, name).toBe(allowed('other member', 'moderator', 'admin')[name]);
    }
    const own = await comment();
    expect(await attempt(() => actors['other member'].collection('comments').update(own.id, { hidden: true }))).toBe(
      false,
    );
  });
});
