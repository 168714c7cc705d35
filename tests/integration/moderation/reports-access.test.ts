// Reports of ideas and comments (issue 38): who may create, read, update and delete them (the eight actors,
// the item's author as "other member"), one per member per item, counted per member, closed by staff.
import type { RecordModel } from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  type Actor,
  type Actors,
  allowed,
  attempt,
  createActors,
  createBoard,
  createComment,
  createPost,
  expectAccess,
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

const reports = (name: Actor) => actors[name].collection('reports');
// The item's author is "other member"; "member" is the usual reporter.
const anIdea = () => createPost(pb, board, actors['other member']);
const aComment = async () => createComment(pb, await anIdea(), actors['other member']);
const report = (name: Actor, post: RecordModel, comment?: RecordModel, fields: Record<string, unknown> = {}) =>
  reports(name).create({
    post: post.id,
    comment: comment?.id ?? '',
    reporter: idOf(actors[name]),
    reason: 'spam',
    note: 'Selling watches',
    ...fields,
  });
const REPORTERS = allowed('member', 'moderator', 'admin');

describe('reports access', () => {
  it('create on an idea: active members and staff who did not write it, as themselves', async () => {
    await expectAccess(async (name) => report(name, await anIdea()), REPORTERS);
    await expectAccess(
      async (name) =>
        reports(name).create({ post: (await anIdea()).id, reporter: idOf(actors.member), reason: 'spam' }),
      allowed('member'),
      'as someone else',
    );
  });
  it('create on a comment: the same, and the comment must belong to the idea named', async () => {
    await expectAccess(async (name) => {
      const comment = await aComment();
      return report(name, { id: comment.post } as RecordModel, comment);
    }, REPORTERS);
    const [comment, elsewhere] = await Promise.all([aComment(), anIdea()]);
    expect(await attempt(() => report('member', elsewhere, comment))).toBe(false);
  });
  it('create refuses bad input: no reason, an unknown reason, a long note, an outcome set by the reporter', async () => {
    // A reporter of its own: refused attempts count against the limit too.
    const [post, reporter] = await Promise.all([anIdea(), pb.actor('member')]);
    const send = (fields: Record<string, unknown>) =>
      reporter.collection('reports').create({ post: post.id, reporter: idOf(reporter), reason: 'spam', ...fields });
    expect(await attempt(() => send({ reason: '' }))).toBe(false);
    expect(await attempt(() => send({ reason: 'boring' }))).toBe(false);
    expect(await attempt(() => send({ note: 'x'.repeat(501) }))).toBe(false);
    expect(await attempt(() => send({ outcome: 'dismissed' }))).toBe(false);
    expect(await attempt(() => send({ resolved_by: idOf(actors.admin) }))).toBe(false);
    expect(await attempt(() => send({}))).toBe(true);
  });
  it('nobody reports what they cannot see: a hidden comment, an idea on a staff board', async () => {
    const hidden = await createComment(pb, await anIdea(), actors['other member'], { hidden: true });
    await expectAccess(
      (name) => report(name, { id: hidden.post } as RecordModel, hidden),
      allowed('moderator', 'admin'),
    );
    const staffIdea = await createPost(pb, await createBoard(pb, 'staff'), actors['other member']);
    await expectAccess((name) => report(name, staffIdea), allowed('moderator', 'admin'));
  });
  it('one report per member per item', async () => {
    const post = await anIdea();
    const comment = await createComment(pb, post, actors['other member']);
    await report('member', post);
    expect(await attempt(() => report('member', post))).toBe(false);
    await report('member', post, comment);
    expect(await attempt(() => report('member', post, comment))).toBe(false);
    expect(await attempt(() => report('moderator', post))).toBe(true);
  });
  it('read: the reporter their own, staff all; the author and other members never see who reported', async () => {
    const post = await anIdea();
    const mine = await report('member', post);
    await report('moderator', post);
    await expectAccess((name) => reports(name).getOne(mine.id), allowed('member', 'moderator', 'admin'));
    const listed = await reports('member').getFullList({ filter: `post = "${post.id}"` });
    expect(listed.map((r) => r.id)).toEqual([mine.id]);
    expect(await reports('other member').getFullList({ filter: `post = "${post.id}"` })).toHaveLength(0);
    expect(await reports('admin').getFullList({ filter: `post = "${post.id}"` })).toHaveLength(2);
  });
  it('update: staff set the outcome (signed by the server); nobody changes what was reported', async () => {
    await expectAccess(
      async (name) => reports(name).update((await report('member', await anIdea())).id, { outcome: 'dismissed' }),
      allowed('moderator', 'admin'),
    );
    const open = await report('member', await anIdea());
    const closed = await reports('moderator').update(open.id, { outcome: 'dismissed' });
    expect(closed.resolved_by).toBe(idOf(actors.moderator));
    // In the audit log, as a staff action.
    const entries = await pb.admin
      .collection('audit_entries')
      .getFullList({ filter: pb.admin.filter('target_id = {:id}', { id: open.id }) });
    expect(entries).toMatchObject([
      { action: 'report.update', actor: idOf(actors.moderator), after: { outcome: 'dismissed' } },
    ]);
    expect(await attempt(() => reports('moderator').update(open.id, { reason: 'abuse' }))).toBe(false);
    expect(await attempt(() => reports('member').update(open.id, { note: 'changed' }))).toBe(false);
  });
  it('delete: nobody, not even an admin; a report leaves with its item', async () => {
    const post = await anIdea();
    const made = await report('member', post);
    await expectAccess((name) => reports(name).delete(made.id), allowed());
    await actors.moderator.collection('posts').delete(post.id);
    expect(await attempt(() => reports('admin').getOne(made.id))).toBe(false);
  });
  it('hiding a reported comment or idea closes its open reports as acted on', async () => {
    const comment = await aComment();
    const onComment = await report('member', { id: comment.post } as RecordModel, comment);
    await actors.moderator.collection('comments').update(comment.id, { hidden: true });
    expect((await reports('admin').getOne(onComment.id)).outcome).toBe('acted');
    const post = await anIdea();
    const onIdea = await report('member', post);
    await actors.moderator.collection('posts').update(post.id, { approved: false });
    expect((await reports('admin').getOne(onIdea.id)).outcome).toBe('acted');
  });
  it('a member sends at most 20 reports an hour; the 21st is refused with 429', async () => {
    const reporter = await pb.actor('member');
    const send = async () =>
      reporter.collection('reports').create({ post: (await anIdea()).id, reporter: idOf(reporter), reason: 'spam' });
    for (let i = 0; i < 20; i += 1) await send();
    const refusal = await send().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ClientResponseError);
    expect((refusal as ClientResponseError).status).toBe(429);
  });
});
