// Who may list, view, create, update and delete posts, and which fields nobody may write.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  ACTORS,
  type Actor,
  type Actors,
  allowed,
  attempt,
  createActors,
  createBoard,
  createPost,
  type Expectation,
  idOf,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let post: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  post = await createPost(pb, board, actors.member);
});
afterAll(() => pb?.stop());

type Case = { action: string; expected: Expectation; run: (name: Actor) => Promise<unknown> };
const posts = (name: Actor) => actors[name].collection('posts');

const cases: Case[] = [
  {
    action: 'list a public board',
    expected: allowed(...ACTORS),
    run: async (name) => {
      const list = await posts(name).getFullList({ filter: `board = "${board.id}"` });
      if (!list.some((p) => p.id === post.id)) throw new Error('post missing from list');
    },
  },
  { action: 'view', expected: allowed(...ACTORS), run: (name) => posts(name).getOne(post.id) },
  {
    action: 'create as oneself',
    expected: allowed('member', 'other member', 'moderator', 'admin'),
    run: (name) => posts(name).create({ board: board.id, author: idOf(actors[name]), title: 'Mine' }),
  },
  {
    action: 'create as someone else',
    expected: allowed(),
    run: (name) =>
      posts(name).create({
        board: board.id,
        author: idOf(actors[name === 'other member' ? 'member' : 'other member']),
        title: 'Forged',
      }),
  },
  {
    action: "update the member's post text",
    expected: allowed('member', 'moderator', 'admin'),
    run: (name) => posts(name).update(post.id, { title: `Edited by ${name}` }),
  },
  {
    action: "delete the member's post",
    expected: allowed('member', 'moderator', 'admin'),
    run: async (name) => {
      const victim = await createPost(pb, board, actors.member);
      await posts(name).delete(victim.id);
    },
  },
];

describe.each(cases)('posts: $action', ({ expected, run }) => {
  it.each(ACTORS)('%s', async (name) => {
    expect(await attempt(() => run(name))).toBe(expected[name]);
  });
});

describe('posts: fields members may not write', () => {
  const forbidden: Record<string, unknown> = {
    vote_count: 99,
    comment_count: 99,
    trending_score: 99,
    pinned: true,
    locked: true,
    approved: false,
    response: 'Official',
    response_at: '2030-01-01 00:00:00.000Z',
  };
  it.each(Object.entries(forbidden))('the author cannot update %s', async (field, value) => {
    expect(await attempt(() => posts('member').update(post.id, { [field]: value }))).toBe(false);
  });
  it.each(Object.entries(forbidden))('a member cannot create with %s', async (field, value) => {
    const create = () =>
      posts('member').create({ board: board.id, author: idOf(actors.member), title: 'x', [field]: value });
    expect(await attempt(create)).toBe(false);
  });
  it('the author cannot set status, move authorship, change board or merge', async () => {
    const statuses = await pb.admin.collection('statuses').getFullList();
    const other = await createBoard(pb, 'public');
    const target = await createPost(pb, board, actors['other member']);
    for (const change of [
      { status: statuses.find((s) => s.slug === 'planned')?.id },
      { author: idOf(actors['other member']) },
      { board: other.id },
      { merged_into: target.id },
    ]) {
      expect(await attempt(() => posts('member').update(post.id, change)), JSON.stringify(change)).toBe(false);
    }
  });
  it('staff cannot write counters or authorship either, and a superuser write of counters is ignored', async () => {
    expect(await attempt(() => posts('admin').update(post.id, { vote_count: 5 }))).toBe(false);
    expect(await attempt(() => posts('moderator').update(post.id, { author: idOf(actors.admin) }))).toBe(false);
    const after = await pb.admin.collection('posts').update(post.id, { vote_count: 5, trending_score: 1e9 });
    expect(after.vote_count).toBe(0);
    expect(after.trending_score).toBeLessThan(1000);
  });
});
