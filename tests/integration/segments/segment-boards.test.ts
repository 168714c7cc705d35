// A board visible only to a segment (issue #24): its members (blocked ones read only) and active staff see
// the board, its ideas and comments, vote and find them through search; anyone else cannot even learn it
// exists (404s, empty lists and searches, no filter that probes it).
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, allowed, attempt, createActors, expectAccess, idOf, refused } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let post: RecordModel;
let comment: RecordModel;
const WORD = 'zebracorn';
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  const gold = await pb.admin.collection('companies').create({ external_id: 'gold', name: 'Gold Inc', plan: 'Gold' });
  for (const actor of ['member', 'blocked member'] as const) {
    await pb.admin.collection('member_profiles').create({ user: idOf(actors[actor]), company: gold.id });
  }
  const segment = await pb.admin
    .collection('segments')
    .create({ name: 'Gold', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Gold' }] } });
  board = await actors.admin
    .collection('boards')
    .create({ name: 'Gold corner', slug: 'gold-corner', visibility: 'segment', segment: segment.id });
  post = await pb.admin.collection('posts').create({
    board: board.id,
    author: idOf(actors.member),
    title: `A ${WORD} for Gold`,
    body: 'Only Gold customers read this',
    approved: true,
  });
  comment = await pb.admin.collection('comments').create({ post: post.id, author: idOf(actors.member), body: 'Yes' });
});
afterAll(() => pb?.stop());

const SEES = allowed('member', 'blocked member', 'moderator', 'admin');
const nonEmpty = (list: { items: unknown[] }) => {
  if (list.items.length === 0) throw refused('not in the list');
};

describe('a segment board', () => {
  it('is listed and read by its segment and active staff only', async () => {
    await expectAccess(async (actor) => {
      nonEmpty(await actors[actor].collection('boards').getList(1, 50, { filter: `id = "${board.id}"` }));
      await actors[actor].collection('boards').getOne(board.id);
    }, SEES);
  });

  it('its ideas, comments and status events follow the board', async () => {
    await expectAccess(async (actor) => {
      nonEmpty(await actors[actor].collection('posts').getList(1, 50, { filter: `board = "${board.id}"` }));
      await actors[actor].collection('posts').getOne(post.id);
    }, SEES);
    await expectAccess(async (actor) => {
      nonEmpty(await actors[actor].collection('comments').getList(1, 50, { filter: `post = "${post.id}"` }));
      await actors[actor].collection('comments').getOne(comment.id);
    }, SEES);
  });

  it('its segment’s active members and active staff vote, comment and post there', async () => {
    const writers = allowed('member', 'moderator', 'admin');
    await expectAccess(
      (actor) => actors[actor].collection('votes').create({ post: post.id, user: idOf(actors[actor]) }),
      writers,
    );
    await expectAccess(
      (actor) =>
        actors[actor].collection('comments').create({ post: post.id, author: idOf(actors[actor]), body: 'Me too' }),
      writers,
    );
    await expectAccess(
      (actor) =>
        actors[actor]
          .collection('posts')
          .create({ board: board.id, author: idOf(actors[actor]), title: `Idea by ${actor}`, body: 'x' }),
      writers,
    );
  });

  it('search finds its ideas for those who see them only', async () => {
    await expectAccess(async (actor) => {
      const found = await actors[actor].send(`/api/chorus/search?q=${WORD}`, {});
      nonEmpty(found);
      expect(found.items[0].id).toBe(post.id);
    }, SEES);
  });

  it.each(['visitor', 'other member', 'blocked moderator'] as const)('%s cannot learn it exists', async (actor) => {
    const client: PocketBase = actors[actor];
    const status = async (action: () => Promise<unknown>) => {
      try {
        await action();
        return 200;
      } catch (error) {
        if (error instanceof ClientResponseError) return error.status;
        throw error;
      }
    };
    // The same answer as for an id that does not exist.
    expect(await status(() => client.collection('boards').getOne(board.id))).toBe(404);
    expect(await status(() => client.collection('posts').getOne(post.id))).toBe(404);
    expect(await status(() => client.collection('comments').getOne(comment.id))).toBe(404);
    for (const filter of [
      'slug = "gold-corner"',
      'visibility = "segment"',
      'segment != ""',
      'segment.name = "Gold"',
      'segment.segment_members_via_segment.user ?= @request.auth.id',
    ]) {
      const boards = await attempt(async () => nonEmpty(await client.collection('boards').getList(1, 5, { filter })));
      expect(boards, filter).toBe(false);
    }
    for (const filter of ['board.slug = "gold-corner"', `title ~ "${WORD}"`, 'board.visibility = "segment"']) {
      const posts = await attempt(async () => nonEmpty(await client.collection('posts').getList(1, 5, { filter })));
      expect(posts, filter).toBe(false);
    }
    const search = await client.send(`/api/chorus/search?q=${WORD}`, {});
    expect(search.totalItems).toBe(0);
    expect(await attempt(() => client.collection('votes').create({ post: post.id, user: idOf(client) }))).toBe(false);
  });

  it('members cannot list who else is in the segment through the board', async () => {
    const probe = `id = "${board.id}" && segment.segment_members_via_segment.user ?= "${idOf(actors['blocked member'])}"`;
    const found = await attempt(async () =>
      nonEmpty(await actors.member.collection('boards').getList(1, 5, { filter: probe })),
    );
    expect(found).toBe(false);
    const expanded = await actors.member.collection('boards').getOne(board.id, { expand: 'segment' });
    expect(expanded.expand?.segment).toBeUndefined();
  });

  it('leaves the segment: a member who leaves it loses the board at once', async () => {
    const someone = await pb.actor('member');
    const gold = await pb.admin.collection('companies').getFirstListItem('external_id = "gold"');
    const profile = await pb.admin.collection('member_profiles').create({ user: idOf(someone), company: gold.id });
    expect(await attempt(() => someone.collection('boards').getOne(board.id))).toBe(true);
    await pb.admin.collection('member_profiles').update(profile.id, { company: '' });
    expect(await attempt(() => someone.collection('boards').getOne(board.id))).toBe(false);
  });

  it('must name its segment', async () => {
    const made = await attempt(() =>
      actors.admin.collection('boards').create({ name: 'Nobody', slug: 'nobody', visibility: 'segment' }),
    );
    expect(made).toBe(false);
  });
});
