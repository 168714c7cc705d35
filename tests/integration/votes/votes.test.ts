// Votes: who may vote and see votes, counters under concurrency, and the public voters route.
import type PocketBase from 'pocketbase';
import { ClientResponseError, type RecordModel } from 'pocketbase';
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

const votes = (name: Actor) => actors[name].collection('votes');
const voteAs = (name: Actor, post: RecordModel) => votes(name).create({ post: post.id, user: idOf(actors[name]) });

describe('votes access', () => {
  it.each(ACTORS)('%s votes as themselves', async (name) => {
    const post = await createPost(pb, board, actors.member);
    expect(await attempt(() => voteAs(name, post))).toBe(allowed('member', 'other member', 'moderator', 'admin')[name]);
  });
  it.each(ACTORS)('%s cannot vote as someone else, nor on a locked or merged post', async (name) => {
    const post = await createPost(pb, board, actors.member);
    const someone = idOf(actors[name === 'other member' ? 'member' : 'other member']);
    expect(await attempt(() => votes(name).create({ post: post.id, user: someone }))).toBe(false);
    const locked = await createPost(pb, board, actors.member, { locked: true });
    const merged = await createPost(pb, board, actors.member, { merged_into: post.id });
    expect(await attempt(() => voteAs(name, locked))).toBe(false);
    expect(await attempt(() => voteAs(name, merged))).toBe(false);
  });
  it.each(ACTORS)("%s: list, view, update and delete the member's vote", async (name) => {
    const post = await createPost(pb, board, actors.member);
    const vote = await voteAs('member', post);
    await voteAs('other member', post);
    const seesAll = ['moderator', 'admin'].includes(name);
    const listed = await votes(name).getFullList({ filter: `post = "${post.id}"` });
    expect(listed.length).toBe(seesAll ? 2 : name === 'member' || name === 'other member' ? 1 : 0);
    expect(listed.every((v) => seesAll || v.user === idOf(actors[name]))).toBe(true);
    expect(await attempt(() => votes(name).getOne(vote.id))).toBe(allowed('member', 'moderator', 'admin')[name]);
    expect(await attempt(() => votes(name).update(vote.id, { user: idOf(actors[name]) }))).toBe(false);
    expect(await attempt(() => votes(name).delete(vote.id))).toBe(allowed('member')[name]);
  });
  it('staff vote on behalf of a customer; members cannot claim to', async () => {
    const post = await createPost(pb, board, actors.member);
    const customer = idOf(actors['other member']);
    const onBehalf = { post: post.id, user: customer, on_behalf_by: idOf(actors.moderator) };
    expect(await attempt(() => votes('member').create({ ...onBehalf, user: idOf(actors.member) }))).toBe(false);
    const vote = await votes('moderator').create(onBehalf);
    expect(await attempt(() => votes('moderator').delete(vote.id))).toBe(true);
  });
});

describe('vote counters', () => {
  it('50 concurrent votes by one member leave exactly one', async () => {
    const post = await createPost(pb, board, actors.member);
    const results = await Promise.all(Array.from({ length: 50 }, () => attempt(() => voteAs('other member', post))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await pb.admin.collection('votes').getFullList({ filter: `post = "${post.id}"` })).length).toBe(1);
    expect((await pb.admin.collection('posts').getOne(post.id)).vote_count).toBe(1);
  });
  it('stay exact after concurrent votes and unvotes by 20 members', async () => {
    const post = await createPost(pb, board, actors.member);
    const voters = await Promise.all(Array.from({ length: 20 }, () => pb.actor('member')));
    const cast = await Promise.all(voters.map((v) => v.collection('votes').create({ post: post.id, user: idOf(v) })));
    const afterVotes = await pb.visitor().collection('posts').getOne(post.id);
    expect(afterVotes.vote_count).toBe(20);
    await Promise.all(voters.slice(0, 7).map((voter, i) => voter.collection('votes').delete(cast[i]?.id ?? '')));
    const afterUnvotes = await pb.visitor().collection('posts').getOne(post.id);
    expect(afterUnvotes.vote_count).toBe(13);
    expect(afterUnvotes.trending_score).toBeGreaterThan(afterVotes.trending_score - 1);
    const followers = await pb.admin.collection('subscriptions').getFullList({ filter: `post = "${post.id}"` });
    expect(followers).toHaveLength(21); // the author and every voter
  });
});

describe('the answer to a vote', () => {
  it('carries the idea’s count and version after it, and nothing else the write left on the vote', async () => {
    const post = await createPost(pb, board, actors.member);
    await voteAs('other member', post);
    const vote = await voteAs('member', post);
    const idea = await pb.admin.collection('posts').getOne(post.id);
    expect(vote.idea).toEqual({ vote_count: 2, updated: idea.updated });
    expect(Object.keys(vote).filter((key) => key.startsWith('chorus_') || key === 'operator_vouched')).toEqual([]);
    // Only the write's own answer: the stored vote, read back, has none.
    expect((await votes('member').getOne(vote.id)).idea).toBeUndefined();
  });
  it('carries none for a vote held until its member confirms their email (it moved no count)', async () => {
    const post = await createPost(pb, board, actors.member);
    const unconfirmed = await pb.actor('member', { verified: false });
    const vote = await unconfirmed.collection('votes').create({ post: post.id, user: idOf(unconfirmed) });
    expect(vote.counted).toBe(false);
    expect(vote.idea).toBeUndefined();
  });
});

describe('the answer to a take-back', () => {
  /** DELETE of a vote as `client` sends it, and PocketBase's answer (the SDK's delete() drops the body). */
  const takeBack = (client: PocketBase, id: string) =>
    client.send<{ idea: { vote_count: number; updated: string } | null }>(
      `/api/collections/votes/records/${encodeURIComponent(id)}`,
      { method: 'DELETE' },
    );

  it('is 200 with the idea’s count and version after it, and null for a held vote (it moved no count)', async () => {
    const post = await createPost(pb, board, actors.member);
    await voteAs('other member', post);
    const vote = await voteAs('member', post);
    expect(await takeBack(actors.member, vote.id)).toEqual({
      idea: { vote_count: 1, updated: (await pb.admin.collection('posts').getOne(post.id)).updated },
    });
    const unconfirmed = await pb.actor('member', { verified: false });
    const held = await unconfirmed.collection('votes').create({ post: post.id, user: idOf(unconfirmed) });
    expect(await takeBack(unconfirmed, held.id)).toEqual({ idea: null });
    expect((await pb.admin.collection('posts').getOne(post.id)).vote_count).toBe(1);
  });

  it('is refused (404, no count) to another member, staff, a signed-out caller and a forged id; the vote stays', async () => {
    const post = await createPost(pb, board, actors.member);
    const vote = await voteAs('member', post);
    const refusedTo = [actors['other member'], actors.moderator, actors.admin, pb.visitor()];
    for (const client of refusedTo) {
      const refusal = await takeBack(client, vote.id).catch((error: ClientResponseError) => error);
      expect(refusal).toBeInstanceOf(ClientResponseError);
      expect((refusal as ClientResponseError).status).toBe(404);
      expect(JSON.stringify((refusal as ClientResponseError).response)).not.toContain('vote_count');
    }
    // One character off the real id (never the real one: ids end in any of 36 characters, 'x' among them).
    const oneOff = `${vote.id.slice(0, 14)}${vote.id.endsWith('x') ? 'y' : 'x'}`;
    for (const forged of ['forgedvote00000', oneOff, `${vote.id}' OR 1=1`]) {
      await expect(takeBack(actors.member, forged)).rejects.toMatchObject({ status: 404 });
    }
    expect((await pb.admin.collection('votes').getOne(vote.id)).id).toBe(vote.id);
    expect((await pb.admin.collection('posts').getOne(post.id)).vote_count).toBe(1);
  });
});

describe('GET /api/chorus/posts/{id}/voters', () => {
  it('lists names and avatars, never emails, to whoever sees the post', async () => {
    const post = await createPost(pb, board, actors.member);
    await voteAs('other member', post);
    await voteAs('admin', post);
    const res = await pb.visitor().send(`/api/chorus/posts/${post.id}/voters`, {});
    expect(res.totalItems).toBe(2);
    expect(res.items.map((u: RecordModel) => u.id)).toEqual([idOf(actors['other member']), idOf(actors.admin)]);
    expect(Object.keys(res.items[0]).sort()).toEqual([
      'avatar',
      'avatar_url',
      'collectionId',
      'collectionName',
      'id',
      'name',
    ]);
  });
  it('answers 404 for a post the caller may not see', async () => {
    const hidden = await createPost(pb, await createBoard(pb, 'staff'), actors.moderator);
    expect(await attempt(() => pb.visitor().send(`/api/chorus/posts/${hidden.id}/voters`, {}))).toBe(false);
    expect(await attempt(() => actors.member.send(`/api/chorus/posts/${hidden.id}/voters`, {}))).toBe(false);
    expect(await attempt(() => actors.moderator.send(`/api/chorus/posts/${hidden.id}/voters`, {}))).toBe(true);
  });
});
