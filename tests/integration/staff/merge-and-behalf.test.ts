// The staff routes: merge a duplicate, vote on behalf of a customer, export ideas as CSV.
import type PocketBase from 'pocketbase';
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
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(() => pb?.stop());

const vote = (who: PocketBase, post: RecordModel) => who.collection('votes').create({ post: post.id, user: idOf(who) });
const post = (client: PocketBase, path: string, body: Record<string, unknown>) =>
  client.send(path, { method: 'POST', body });

describe('POST /api/chorus/posts/{id}/merge', () => {
  it.each(ACTORS)('%s: merge a duplicate', async (name) => {
    const [dup, target] = [
      await createPost(pb, board, actors.member),
      await createPost(pb, board, actors['other member']),
    ];
    const outcome = await attempt(() => post(actors[name], `/api/chorus/posts/${dup.id}/merge`, { into: target.id }));
    expect(outcome).toBe(allowed('moderator', 'admin')[name]);
  });
  it('moves votes without double-counting, moves followers, recounts both and notifies the voters', async () => {
    const dup = await createPost(pb, board, actors.member);
    const target = await createPost(pb, board, actors['other member']);
    const [a, b, c] = await Promise.all([pb.actor('member'), pb.actor('member'), pb.actor('member')]);
    await Promise.all([vote(a, dup), vote(b, dup), vote(actors.moderator, dup), vote(b, target), vote(c, target)]);
    const res = await post(actors.moderator, `/api/chorus/posts/${dup.id}/merge`, { into: target.id });
    expect(res.duplicate).toMatchObject({ id: dup.id, merged_into: target.id, vote_count: 0 });
    expect(res.target).toMatchObject({ id: target.id, vote_count: 4 }); // a, b, c and the moderator
    const votes = await pb.admin.collection('votes').getFullList({ filter: `post = "${target.id}"` });
    expect(votes.map((v) => v.user).sort()).toEqual([a, b, c, actors.moderator].map(idOf).sort());
    const follows = await pb.admin.collection('subscriptions').getFullList({ filter: `post = "${target.id}"` });
    expect(follows.map((s) => s.user).sort()).toEqual(
      [actors['other member'], a, b, c, actors.moderator, actors.member].map(idOf).sort(),
    );
    expect(await pb.admin.collection('subscriptions').getFullList({ filter: `post = "${dup.id}"` })).toHaveLength(0);
    const notes = await pb.admin
      .collection('notifications')
      .getFullList({ filter: `kind = "merge" && post = "${dup.id}"` });
    expect(notes.map((n) => n.user).sort()).toEqual([a, b].map(idOf).sort());
    expect(await attempt(() => vote(c, dup))).toBe(false);
  });
  it('refuses a merge into itself, into a merged idea, or twice', async () => {
    const dup = await createPost(pb, board, actors.member);
    const target = await createPost(pb, board, actors.member);
    const third = await createPost(pb, board, actors.member);
    const merge = (from: RecordModel, into: string) =>
      attempt(() => post(actors.admin, `/api/chorus/posts/${from.id}/merge`, { into }));
    expect(await merge(dup, dup.id)).toBe(false);
    expect(await merge(dup, '')).toBe(false);
    expect(await merge(dup, target.id)).toBe(true);
    expect(await merge(dup, third.id)).toBe(false);
    expect(await merge(third, dup.id)).toBe(false);
  });
});

describe('POST /api/chorus/posts/{id}/vote-on-behalf', () => {
  it.each(ACTORS)('%s: vote on behalf of a customer', async (name) => {
    const idea = await createPost(pb, board, actors.member);
    const body = { email: `customer-${name}-${Date.now()}@example.test` };
    const outcome = await attempt(() => post(actors[name], `/api/chorus/posts/${idea.id}/vote-on-behalf`, body));
    expect(outcome).toBe(allowed('moderator', 'admin')[name]);
  });
  it('creates an unverified member for a new email, signs the vote and counts it once', async () => {
    const idea = await createPost(pb, board, actors.member);
    const email = `Acme-${Date.now()}@Example.test`;
    const path = `/api/chorus/posts/${idea.id}/vote-on-behalf`;
    const first = await post(actors.moderator, path, { email, name: 'Acme buyer' });
    expect(first).toMatchObject({ user_created: true, already_voted: false, user: { name: 'Acme buyer' } });
    const again = await post(actors.admin, path, { email });
    expect(again).toMatchObject({ user_created: false, already_voted: true, user: { id: first.user.id } });
    const user = await pb.admin.collection('users').getOne(first.user.id);
    expect(user).toMatchObject({ email: email.toLowerCase(), verified: false, role: 'member' });
    const votes = await pb.admin.collection('votes').getFullList({ filter: `post = "${idea.id}"` });
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ user: first.user.id, on_behalf_by: idOf(actors.moderator) });
    expect((await pb.visitor().collection('posts').getOne(idea.id)).vote_count).toBe(1);
    const existing = await post(actors.admin, path, { email: actors['other member'].authStore.record?.email });
    expect(existing).toMatchObject({
      user_created: false,
      already_voted: false,
      user: { id: idOf(actors['other member']) },
    });
    expect(await attempt(() => post(actors.admin, path, { email: 'not an email' }))).toBe(false);
  });
});

describe('GET /api/chorus/export/posts.csv', () => {
  it.each(ACTORS)('%s: export ideas', async (name) => {
    const outcome = await attempt(() => actors[name].send('/api/chorus/export/posts.csv', {}));
    expect(outcome).toBe(allowed('admin')[name]);
  });
  it('has one row per idea with counts, author and url path, escaped safely', async () => {
    const idea = await createPost(pb, board, actors.member, { title: '=SUM(A1), "quoted"' });
    await vote(actors['other member'], idea);
    const token = actors.admin.authStore.token;
    const res = await fetch(`${pb.url}/api/chorus/export/posts.csv`, { headers: { Authorization: token } });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(
      /^id,title,board,status,vote_count,comment_count,author,created,url,revenue,companies,score,eta(,|$)/,
    );
    const row = lines.find((line) => line.startsWith(idea.id));
    const author = actors.member.authStore.record?.name;
    expect(row).toContain(`,"'=SUM(A1), ""quoted""",${board.name},Open,1,0,${author},`);
    expect(row).toContain(`,/p/${idea.id},0,0,0,`);
  });
});
