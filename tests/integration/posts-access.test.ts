// Who may list, view, create, update and delete posts, and which fields nobody may write.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTOR_NAMES,
  type ActorName,
  type Actors,
  allowed,
  createActors,
  createBoard,
  createPost,
  idOf,
  type Outcome,
  outcomeOf,
} from '../support/chorus-fixtures';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

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

type Case = { action: string; expected: Record<ActorName, Outcome>; run: (name: ActorName) => Promise<unknown> };
const posts = (name: ActorName) => actors[name].collection('posts');

const cases: Case[] = [
  {
    action: 'list a public board',
    expected: allowed(...ACTOR_NAMES),
    run: async (name) => {
      const list = await posts(name).getFullList({ filter: `board = "${board.id}"` });
      if (!list.some((p) => p.id === post.id)) throw new Error('post missing from list');
    },
  },
  { action: 'view', expected: allowed(...ACTOR_NAMES), run: (name) => posts(name).getOne(post.id) },
  {
    action: 'create as oneself',
    expected: allowed('member', 'other', 'moderator', 'admin'),
    run: (name) => posts(name).create({ board: board.id, author: idOf(actors[name]), title: 'Mine' }),
  },
  {
    action: 'create as someone else',
    expected: allowed(),
    run: (name) =>
      posts(name).create({
        board: board.id,
        author: idOf(actors[name === 'other' ? 'member' : 'other']),
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
  it.each(ACTOR_NAMES)('%s', async (name) => {
    expect(await outcomeOf(() => run(name))).toBe(expected[name]);
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
    expect(await outcomeOf(() => posts('member').update(post.id, { [field]: value }))).toBe('denied');
  });
  it.each(Object.entries(forbidden))('a member cannot create with %s', async (field, value) => {
    const create = () =>
      posts('member').create({ board: board.id, author: idOf(actors.member), title: 'x', [field]: value });
    expect(await outcomeOf(create)).toBe('denied');
  });
  it('the author cannot set status, move authorship, change board or merge', async () => {
    const statuses = await pb.admin.collection('statuses').getFullList();
    const other = await createBoard(pb, 'public');
    const target = await createPost(pb, board, actors.other);
    for (const change of [
      { status: statuses.find((s) => s.slug === 'planned')?.id },
      { author: idOf(actors.other) },
      { board: other.id },
      { merged_into: target.id },
    ]) {
      expect(await outcomeOf(() => posts('member').update(post.id, change)), JSON.stringify(change)).toBe('denied');
    }
  });
  it('staff cannot write counters or authorship either, and a superuser write of counters is ignored', async () => {
    expect(await outcomeOf(() => posts('admin').update(post.id, { vote_count: 5 }))).toBe('denied');
    expect(await outcomeOf(() => posts('moderator').update(post.id, { author: idOf(actors.admin) }))).toBe('denied');
    const after = await pb.admin.collection('posts').update(post.id, { vote_count: 5, trending_score: 1e9 });
    expect(after.vote_count).toBe(0);
    expect(after.trending_score).toBeLessThan(1000);
  });
});
