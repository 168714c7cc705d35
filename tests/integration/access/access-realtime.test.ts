// Realtime follows the same access model: the eight actors each hold one realtime connection, records of
// every visibility are created, and each record's create event reaches exactly those who may see it.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime, type RealtimeListener } from '../../support/realtime';
import {
  ACTORS,
  type Actor,
  type Actors,
  allowed,
  createActors,
  createBoard,
  createComment,
  createPost,
  type Expectation,
  idOf,
} from '../../support/world';

const TOPICS = [
  'posts/*',
  'comments/*',
  'reactions/*',
  'post_staff_tags/*',
  'tags/*',
  'changelog_entries/*',
  'votes/*',
  'notifications/*',
  'boards/*',
];

let pb: TestPocketBase;
let actors: Actors;
const listeners = {} as Record<Actor, RealtimeListener>;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  for (const actor of ACTORS) listeners[actor] = await listenRealtime(actors[actor], TOPICS);
});
afterAll(async () => {
  for (const listener of Object.values(listeners)) listener.close();
  await pb?.stop();
});

describe('realtime create events, per actor', () => {
  it('reach exactly whoever may see each record', async () => {
    const admin = pb.admin;
    const publicBoard = await createBoard(pb, 'public');
    const staffBoard = await createBoard(pb, 'staff');
    const post = await createPost(pb, publicBoard, actors.member);
    const staffPost = await createPost(pb, staffBoard, actors.moderator);
    const queued = await createPost(pb, publicBoard, actors.member, { approved: false });
    const comment = await createComment(pb, post, actors['other member']);
    const internal = await createComment(pb, post, actors.moderator, { internal: true });
    const hidden = await createComment(pb, post, actors.member, { hidden: true });
    const hiddenReaction = await admin
      .collection('reactions')
      .create({ comment: hidden.id, user: idOf(actors['other member']), emoji: '👀' });
    const staffTag = await admin.collection('tags').create({ name: 'triage', color: '#123456', staff_only: true });
    const staffTags = await admin.collection('post_staff_tags').create({ post: post.id, tags: [staffTag.id] });
    const draft = await admin.collection('changelog_entries').create({ title: 'Soon', slug: 'soon', state: 'draft' });
    const vote = await admin.collection('votes').create({ post: post.id, user: idOf(actors.member) });
    const notification = await admin.collection('notifications').create({ user: idOf(actors.member), kind: 'comment' });

    const STAFF = allowed('moderator', 'admin');
    const cases: [string, RecordModel, Expectation][] = [
      ['a public board', publicBoard, allowed(...ACTORS)],
      ['a staff board', staffBoard, STAFF],
      ['an idea', post, allowed(...ACTORS)],
      ['an idea of a staff board', staffPost, STAFF],
      ['a queued idea', queued, allowed('member', 'moderator', 'admin')],
      ['a comment', comment, allowed(...ACTORS)],
      ['an internal comment', internal, STAFF],
      ['a hidden comment', hidden, allowed('member', 'moderator', 'admin')],
      ['a reaction to a hidden comment', hiddenReaction, allowed('member', 'moderator', 'admin')],
      ['a staff-only tag', staffTag, STAFF],
      ['staff tags of an idea', staffTags, STAFF],
      ['a changelog draft', draft, STAFF],
      ['a vote', vote, allowed('member', 'moderator', 'admin')],
      ['a notification', notification, allowed('member')],
    ];
    // The last record is the member's notification: once it arrived, everything before it was sent.
    await listeners.member.waitFor((e) => e.record.id === notification.id);
    await listeners.admin.waitFor((e) => e.record.id === vote.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const [what, record, expected] of cases) {
      const received = Object.fromEntries(
        ACTORS.map((actor) => [
          actor,
          listeners[actor].events.some((e) => e.action === 'create' && e.record.id === record.id),
        ]),
      );
      expect(received, what).toEqual(expected);
    }
  });
});
