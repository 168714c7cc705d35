// A list of ideas as cards (GET /api/chorus/idea-cards, server/cmd/pocketbase/idea_cards.go, issue 59): every actor
// gets, for every list the site shows (each sort, a board, a status, a tag, their own ideas, the ideas they voted
// for, a page past the first), exactly the ideas PocketBase's records API lists them under the posts' list rule, in
// the same order, each card equal to the record's fields; what the records API refuses is refused here too. A staff
// list's numbers (GET /api/chorus/idea-insights) are post_insights' rows under its list rule, as its records API lists them.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPosts, SORTS, type Sort } from '../../../src/features/ideas/posts-data';
import { loadInsights } from '../../../src/features/priority/staff-lists';
import type { IdeaCard } from '../../../src/lib/pb/post-types';
import { createApiKey, keyClient } from '../../support/api-keys';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actor, type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

const CARD_FIELDS = [
  'collectionId',
  'collectionName',
  'id',
  'board',
  'author',
  'author_name',
  'author_avatar',
  'title',
  'body',
  'status',
  'vote_count',
  'comment_count',
  'trending_score',
  'pinned',
  'locked',
  'approved',
  'merged_into',
  'eta',
  'created',
  'updated',
] as const satisfies readonly (keyof IdeaCard)[];

let pb: TestPocketBase;
let actors: Actors;
const boards = {} as Record<'public' | 'members' | 'staff', RecordModel>;
let tag: RecordModel;
let planned: RecordModel;

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  for (const visibility of ['public', 'members', 'staff'] as const)
    boards[visibility] = await createBoard(pb, visibility);
  tag = await pb.admin.collection('tags').create({ name: `cards-${Date.now().toString(36)}`, color: '#123456' });
  planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
  const authors = [actors.member, actors['other member'], actors.moderator];
  let n = 0;
  for (const board of Object.values(boards)) {
    for (const author of authors) {
      n++;
      await createPost(pb, board, author, {
        title: `Idea ${n}`,
        body: `**Details** of idea ${n}, [a link](https://example.com/${n})`,
        ...(n % 3 === 0 && { status: planned.id }),
        ...(n % 2 === 0 && { tags: [tag.id] }),
        ...(n % 4 === 0 && { pinned: true }),
        ...(n % 5 === 0 && { locked: true }),
      });
    }
    // Waiting for approval: its author and staff list it, nobody else.
    await createPost(pb, board, actors.member, { title: `Unapproved on ${board.visibility}`, approved: false });
  }
  const target = await createPost(pb, boards.public, actors.member, { title: 'Kept' });
  await createPost(pb, boards.public, actors.member, { title: 'Merged away', merged_into: target.id });
  // Votes and comments order the "top" and "discussed" lists, and name the ideas "I voted for".
  const ideas = await pb.admin.collection('posts').getFullList({ filter: 'approved = true', sort: 'created' });
  for (const [i, idea] of ideas.entries()) {
    for (const voter of [actors.member, actors['other member'], actors.moderator].slice(0, i % 4)) {
      await pb.admin.collection('votes').create({ post: idea.id, user: idOf(voter) });
    }
    if (i % 3 === 1)
      await pb.admin.collection('comments').create({ post: idea.id, author: idOf(actors.member), body: 'Yes' });
  }
}, 180_000);
afterAll(() => pb?.stop());

/** What the records API lists `client` for the same filter and sort, as cards. */
async function byTheRecordsApi(client: PocketBase, filter: string, sort: string, page = 1, perPage = 20) {
  const list = await client.collection('posts').getList(page, perPage, { filter, sort, skipTotal: true });
  return list.items.map((record) => Object.fromEntries(CARD_FIELDS.map((field) => [field, record[field]])));
}

/** The site's lists: [what the list asks for, the filter it sends] (src/lib/pb/idea-list-filter.ts). */
const LISTS: {
  name: string;
  query: (actor: Actor) => Parameters<typeof listPosts>[1];
  filter: (actor: Actor) => string;
}[] = [
  { name: 'every board', query: () => ({}), filter: () => 'merged_into = ""' },
  {
    name: 'the public board',
    query: () => ({ board: boards.public.id }),
    filter: () => `merged_into = "" && board = "${boards.public.id}"`,
  },
  {
    name: 'the members board',
    query: () => ({ board: boards.members.id }),
    filter: () => `merged_into = "" && board = "${boards.members.id}"`,
  },
  {
    name: 'planned',
    query: () => ({ status: 'planned' }),
    filter: () => 'merged_into = "" && status.slug = "planned"',
  },
  { name: 'a tag', query: () => ({ tag: tag.id }), filter: () => `merged_into = "" && tags ~ "${tag.id}"` },
  {
    name: 'my ideas',
    query: (actor) => ({ mine: actor === 'visitor' ? 'nobody' : idOf(actors[actor]) }),
    filter: (actor) => `merged_into = "" && author = "${actor === 'visitor' ? 'nobody' : idOf(actors[actor])}"`,
  },
  {
    name: 'ideas I voted for',
    query: (actor) => ({ voted: actor === 'visitor' ? 'nobody' : idOf(actors[actor]) }),
    filter: (actor) =>
      `merged_into = "" && votes_via_post.user ?= "${actor === 'visitor' ? 'nobody' : idOf(actors[actor])}"`,
  },
];

describe('each actor gets the ideas the records API lists them, in its order, each card its record', () => {
  for (const list of LISTS) {
    for (const sort of Object.keys(SORTS) as Sort[]) {
      it.each(ACTORS)(`%s: ${list.name}, ${sort}`, async (actor: Actor) => {
        const client = actors[actor];
        const page = await listPosts(client, { ...list.query(actor), sort });
        const expected = await byTheRecordsApi(client, list.filter(actor), SORTS[sort]);
        expect(page.items).toEqual(expected);
        expect(page.hasNext).toBe(false);
      });
    }
  }

  it('who lists what: a visitor the public ideas, a member the members board too, staff everything', async () => {
    const titles = async (actor: Actor) => (await listPosts(actors[actor], { sort: 'new' })).items.map((i) => i.title);
    const visitor = await titles('visitor');
    expect(visitor).toContain('Idea 1');
    expect(visitor).not.toContain('Idea 4'); // the members board
    expect(visitor).not.toContain('Idea 7'); // the staff board
    expect(visitor).not.toContain('Unapproved on public');
    expect(visitor).not.toContain('Merged away');
    expect(await titles('member')).toEqual(expect.arrayContaining(['Idea 4', 'Unapproved on public']));
    expect(await titles('member')).not.toContain('Idea 7');
    expect(await titles('other member')).not.toContain('Unapproved on public');
    expect(await titles('moderator')).toEqual(expect.arrayContaining(['Idea 7', 'Unapproved on staff']));
  });

  it('pages: the second page of two at a time is the records API’s second page', async () => {
    const cards = await actors.member.send<{ items: IdeaCard[]; page: number; perPage: number }>(
      '/api/chorus/idea-cards',
      { query: { filter: 'merged_into = ""', sort: '-vote_count,-created', page: 2, perPage: 2 } },
    );
    expect(cards.page).toBe(2);
    expect(cards.perPage).toBe(2);
    expect(cards.items).toEqual(await byTheRecordsApi(actors.member, 'merged_into = ""', '-vote_count,-created', 2, 2));
    // A page is at most as long as the records API's, whatever is asked.
    const huge = await actors.visitor.send('/api/chorus/idea-cards', { query: { perPage: 100_000 } });
    expect(huge.perPage).toBe((await actors.visitor.collection('posts').getList(1, 100_000)).perPage);
  });
});

describe('refused as the records API refuses, and what it allows answered alike', () => {
  const cards = (client: PocketBase, query: Record<string, string>) =>
    client.send<{ items: IdeaCard[] }>('/api/chorus/idea-cards', { query });
  /** The outcome of a list: its ids, or the status it was refused with. */
  const outcome = (list: Promise<{ items: { id: string }[] }>) =>
    list.then(
      (page) => page.items.map((item) => item.id),
      (error: { status: number }) => error.status,
    );

  it.each([
    ['a filter naming @request', { filter: '@request.auth.role = "admin"' }, 403],
    ['a filter naming @collection', { filter: '@collection.users.email != ""' }, 403],
    ['a sort naming @request', { sort: '@request.auth.id' }, 403],
    ['a malformed filter', { filter: "title = 'unclosed" }, 400],
    ['a field ideas do not have', { filter: 'password = "x"' }, 400],
    ['a sort on a field ideas do not have', { sort: '-nope' }, 400],
  ])('%s', async (_name, query, status) => {
    for (const actor of ['visitor', 'member'] as const) {
      await expect(cards(actors[actor], query)).rejects.toMatchObject({ status });
      await expect(actors[actor].collection('posts').getList(1, 20, query)).rejects.toMatchObject({ status });
    }
  });

  // Through the author: whatever PocketBase lets a caller learn of a user there (their email only when they show it).
  it.each([
    ['a filter on an author’s email', { filter: 'author.email ~ "@"' }],
    ['a sort on an author’s email', { sort: 'author.email,id' }],
    ['a filter on an author’s role', { filter: 'author.role = "member"' }],
  ])('%s', async (_name, query) => {
    for (const actor of ACTORS) {
      const client = actors[actor];
      expect(await outcome(cards(client, query)), actor).toEqual(
        await outcome(client.collection('posts').getList(1, 30, { ...query, skipTotal: true })),
      );
    }
  });

  it('hostile text in a filter is a bound value, not SQL', async () => {
    const page = await cards(actors.visitor, { filter: `title = "x' OR 1=1 --"` });
    expect(page).toMatchObject({ items: [] });
  });

  it('an API key is sent to the records API, where its own limit counts it', async () => {
    const key = await createApiKey(actors.admin, 'read');
    await expect(cards(keyClient(pb.url, key.token), {})).rejects.toMatchObject({ status: 403 });
    await expect(keyClient(pb.url, key.token).collection('posts').getList(1, 1)).resolves.toBeDefined();
  });
});

describe('a staff list’s numbers (GET /api/chorus/idea-insights)', () => {
  /** What post_insights' records API lists `client` of those ideas, by id. */
  async function byTheRecordsApi(client: PocketBase, ids: string[]) {
    const rows = await client.collection('post_insights').getFullList({
      filter: ids.map((id) => client.filter('id = {:id}', { id })).join(' || '),
      fields: 'id,score,revenue',
    });
    return Object.fromEntries(rows.map((row) => [row.id, { score: row.score, revenue: row.revenue }]));
  }

  it.each(ACTORS)('%s gets what the records API lists them: staff every idea’s, anyone else none', async (actor) => {
    const ids = (await pb.admin.collection('posts').getFullList({ fields: 'id' })).map((post) => post.id);
    const [first = ''] = ids;
    await pb.admin.collection('post_insights').update(first, { revenue: 1200 });
    const client = actors[actor];
    const insights = await loadInsights(client, ids);
    expect(insights).toEqual(await byTheRecordsApi(client, ids));
    const staff = actor === 'moderator' || actor === 'admin';
    expect(Object.keys(insights)).toHaveLength(staff ? ids.length : 0);
    if (staff) expect(insights[first]).toMatchObject({ revenue: 1200 });
  });

  it('reads at most 100 ideas an ask, takes hostile ids as values, and refuses an API key', async () => {
    const ids = (await pb.admin.collection('posts').getFullList({ fields: 'id' })).map((post) => post.id);
    const [first = '', second = ''] = ids;
    const many = [...Array.from({ length: 100 }, (_, n) => `nothing${n}`), ...ids];
    expect(await loadInsights(actors.moderator, many)).toEqual({});
    const hostile = [`${first}" || id != "`, "x') OR 1=1 --", second];
    expect(Object.keys(await loadInsights(actors.moderator, hostile))).toEqual([second]);
    const key = await createApiKey(actors.admin, 'staff');
    await expect(loadInsights(keyClient(pb.url, key.token), ids)).rejects.toMatchObject({ status: 403 });
  });
});
