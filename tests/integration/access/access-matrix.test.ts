// The access matrix: the eight actors × every collection × list/view/create/update/delete, denials
// included, as one table of scenarios (PocketBase's table-driven style). The rules under test are
// pb_migrations/ built from pb_hooks/platform/access.js; each row says who may, everyone else must be refused.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
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
  expectAccess,
  freshActor,
  idOf,
  refused,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
type Fixture =
  | 'site'
  | 'publicBoard'
  | 'membersBoard'
  | 'staffBoard'
  | 'publicTag'
  | 'staffTag'
  | 'post'
  | 'staffPost'
  | 'queuedPost'
  | 'staffTags'
  | 'comment'
  | 'internal'
  | 'hidden'
  | 'reaction'
  | 'hiddenReaction'
  | 'vote'
  | 'planned'
  | 'event'
  | 'staffEvent'
  | 'published'
  | 'draft'
  | 'notification';
/** The records every scenario acts on, arranged once. */
const the = {} as Record<Fixture, RecordModel>;
let made = 0;
let victim = ''; // another member's account, whom nobody in the table is
const unique = (prefix: string) => `${prefix}-${++made}`;

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  victim = idOf(await pb.actor('member'));
  const admin = pb.admin;
  the.publicBoard = await createBoard(pb, 'public');
  the.membersBoard = await createBoard(pb, 'members');
  the.staffBoard = await createBoard(pb, 'staff');
  the.publicTag = await admin.collection('tags').create({ name: unique('public'), color: '#123456' });
  the.staffTag = await admin.collection('tags').create({ name: unique('triage'), color: '#654321', staff_only: true });
  the.post = await createPost(pb, the.publicBoard, actors.member, { tags: [the.publicTag.id] });
  the.staffPost = await createPost(pb, the.staffBoard, actors.moderator);
  the.queuedPost = await createPost(pb, the.publicBoard, actors.member, { approved: false });
  the.staffTags = await admin.collection('post_staff_tags').create({ post: the.post.id, tags: [the.staffTag.id] });
  the.comment = await createComment(pb, the.post, actors.member);
  the.internal = await createComment(pb, the.post, actors.moderator, { internal: true });
  the.hidden = await createComment(pb, the.post, actors.member, { hidden: true });
  the.reaction = await admin
    .collection('reactions')
    .create({ comment: the.comment.id, user: idOf(actors.member), emoji: '👍' });
  the.hiddenReaction = await admin
    .collection('reactions')
    .create({ comment: the.hidden.id, user: idOf(actors['other member']), emoji: '👀' });
  the.vote = await admin.collection('votes').create({ post: the.post.id, user: idOf(actors.member) });
  the.planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await admin.collection('posts').update(the.post.id, { status: the.planned.id });
  await admin.collection('posts').update(the.staffPost.id, { status: the.planned.id });
  the.event = await admin.collection('status_events').getFirstListItem(`post = "${the.post.id}"`);
  the.staffEvent = await admin.collection('status_events').getFirstListItem(`post = "${the.staffPost.id}"`);
  the.published = await admin
    .collection('changelog_entries')
    .create({ title: 'Out', slug: unique('out'), state: 'published' });
  the.draft = await admin
    .collection('changelog_entries')
    .create({ title: 'Soon', slug: unique('soon'), state: 'draft' });
  the.notification = await admin.collection('notifications').getFirstListItem(`user = "${idOf(actors.member)}"`);
  the.site = await admin.collection('site').getFirstListItem('');
});
afterAll(() => pb?.stop());

const as = (actor: Actor) => actors[actor];
const col = (actor: Actor, name: string) => as(actor).collection(name);
/** Lists `collection` as the actor and fails unless `id` is among the results. */
async function listsIt(actor: Actor, collection: string, id: string, options: Record<string, string> = {}) {
  const found = await col(actor, collection).getList(1, 50, { filter: `id = "${id}"`, ...options });
  if (!found.items.some((r) => r.id === id)) throw refused('not listed');
}
const member = () => actors.member;
/** A vote's DELETE as the site sends it (features/votes/votes-data.ts deleteVote); refused unless it answers the count. */
async function takeBack(actor: Actor, id: string) {
  const answer = await as(actor).send(`/api/collections/votes/records/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (typeof answer?.idea?.vote_count !== 'number') throw refused('no count in the answer');
}
const byAdmin = (collection: string, fields: Record<string, unknown>) => pb.admin.collection(collection).create(fields);
const newBoard = () => ({ name: 'Board', slug: unique('board'), visibility: 'public' });
const newStatus = () => ({ name: 'Status', slug: unique('status'), color: '#123456' });
const newTag = () => ({ name: unique('tag'), color: '#123456' });
const newEntry = () => ({ title: 'Release', slug: unique('release'), state: 'draft' });
const freshPost = (fields: Record<string, unknown> = {}) => createPost(pb, the.publicBoard, member(), fields);
const signUp = (fields: Record<string, unknown> = {}) => ({
  email: `${unique('newcomer')}@chorus.test`,
  name: 'Newcomer',
  password: TEST_PASSWORD,
  passwordConfirm: TEST_PASSWORD,
  ...fields,
});

const EVERYONE = allowed(...ACTORS);
const NOBODY = allowed();
const SIGNED_IN = allowed(...ACTORS.filter((a) => a !== 'visitor'));
const ACTIVE = allowed('member', 'other member', 'moderator', 'admin');
const STAFF = allowed('moderator', 'admin');
const ADMIN = allowed('admin');

type Scenario = [name: string, expected: Expectation, run: (actor: Actor) => Promise<unknown>];

const SCENARIOS: Record<string, Scenario[]> = {
  site: [
    ['list', EVERYONE, (a) => listsIt(a, 'site', the.site.id)],
    ['view', EVERYONE, (a) => col(a, 'site').getOne(the.site.id)],
    ['create', NOBODY, (a) => col(a, 'site').create({ name: 'Second' })],
    ['update', ADMIN, (a) => col(a, 'site').update(the.site.id, { tagline: 'Tell us what to build next' })],
    ['update the default language', ADMIN, (a) => col(a, 'site').update(the.site.id, { default_locale: 'en' })],
    ['let browsers choose the language', ADMIN, (a) => col(a, 'site').update(the.site.id, { browser_locale: false })],
    ['delete', NOBODY, (a) => col(a, 'site').delete(the.site.id)],
  ],
  users: [
    ['list another member', STAFF, (a) => listsIt(a, 'users', victim)],
    ['list oneself', SIGNED_IN, (a) => listsIt(a, 'users', idOf(as(a)))],
    ['list sorted by email', NOBODY, (a) => listsIt(a, 'users', victim, { sort: 'email' })],
    [
      'list filtered by an email preference',
      NOBODY,
      (a) => listsIt(a, 'users', victim, { filter: `id = "${victim}" && email_on_comment = true` }),
    ],
    [
      'list filtered by a digest frequency, time zone or sent-marker',
      NOBODY,
      (a) =>
        listsIt(a, 'users', victim, {
          filter: `id = "${victim}" && (comment_emails = "instant" || time_zone = "" || digest_daily_at = "")`,
        }),
    ],
    ['view another member', EVERYONE, (a) => col(a, 'users').getOne(victim)],
    ['create (sign up)', EVERYONE, (a) => col(a, 'users').create(signUp())],
    ['create as an admin', NOBODY, (a) => col(a, 'users').create(signUp({ role: 'admin' }))],
    ['update oneself', ACTIVE, (a) => col(a, 'users').update(idOf(as(a)), { name: `Renamed ${a}` })],
    ['update own role', NOBODY, (a) => col(a, 'users').update(idOf(as(a)), { role: 'admin' })],
    ['update own blocked flag', NOBODY, (a) => col(a, 'users').update(idOf(as(a)), { blocked: false })],
    [
      'update: block another member',
      STAFF,
      async (a) => col(a, 'users').update(idOf(await pb.actor('member')), { blocked: true }),
    ],
    [
      'update: make another member a moderator',
      ADMIN,
      async (a) => col(a, 'users').update(idOf(await pb.actor('member')), { role: 'moderator' }),
    ],
    ['update: rename another member', NOBODY, (a) => col(a, 'users').update(victim, { name: 'Hijacked' })],
    ['delete another member', NOBODY, (a) => col(a, 'users').delete(victim)],
    [
      // Accounts are erased through POST /api/chorus/me/delete (tests/integration/account/my-data.test.ts), never deleted.
      'delete oneself',
      NOBODY,
      async (a) => {
        const self = await freshActor(pb, a);
        await self.collection('users').delete(idOf(self));
      },
    ],
  ],
  boards: [
    ['list a public board', EVERYONE, (a) => listsIt(a, 'boards', the.publicBoard.id)],
    ['list a members board', SIGNED_IN, (a) => listsIt(a, 'boards', the.membersBoard.id)],
    ['list a staff board', STAFF, (a) => listsIt(a, 'boards', the.staffBoard.id)],
    ['view a staff board', STAFF, (a) => col(a, 'boards').getOne(the.staffBoard.id)],
    ['create', ADMIN, (a) => col(a, 'boards').create(newBoard())],
    [
      'update',
      ADMIN,
      async (a) => col(a, 'boards').update((await byAdmin('boards', newBoard())).id, { name: 'Renamed' }),
    ],
    ['delete', ADMIN, async (a) => col(a, 'boards').delete((await byAdmin('boards', newBoard())).id)],
  ],
  statuses: [
    ['list', EVERYONE, (a) => listsIt(a, 'statuses', the.planned.id)],
    ['view', EVERYONE, (a) => col(a, 'statuses').getOne(the.planned.id)],
    ['create', ADMIN, (a) => col(a, 'statuses').create(newStatus())],
    [
      'update',
      ADMIN,
      async (a) => col(a, 'statuses').update((await byAdmin('statuses', newStatus())).id, { name: 'New name' }),
    ],
    ['delete', ADMIN, async (a) => col(a, 'statuses').delete((await byAdmin('statuses', newStatus())).id)],
  ],
  tags: [
    ['list a public tag', EVERYONE, (a) => listsIt(a, 'tags', the.publicTag.id)],
    ['list a staff-only tag', STAFF, (a) => listsIt(a, 'tags', the.staffTag.id)],
    ['view a staff-only tag', STAFF, (a) => col(a, 'tags').getOne(the.staffTag.id)],
    ['create', ADMIN, (a) => col(a, 'tags').create(newTag())],
    ['update', ADMIN, async (a) => col(a, 'tags').update((await byAdmin('tags', newTag())).id, { color: '#abcdef' })],
    ['delete', ADMIN, async (a) => col(a, 'tags').delete((await byAdmin('tags', newTag())).id)],
  ],
  posts: [
    ['list an approved idea', EVERYONE, (a) => listsIt(a, 'posts', the.post.id)],
    ['list an idea of a staff board', STAFF, (a) => listsIt(a, 'posts', the.staffPost.id)],
    ['view a queued idea', allowed('member', 'moderator', 'admin'), (a) => col(a, 'posts').getOne(the.queuedPost.id)],
    [
      'list sorted by author email (only one’s own joins)',
      allowed('member'),
      (a) => listsIt(a, 'posts', the.post.id, { sort: 'author.email' }),
    ],
    [
      'create as oneself',
      ACTIVE,
      (a) => col(a, 'posts').create({ board: the.publicBoard.id, author: idOf(as(a)), title: 'Mine' }),
    ],
    [
      'create on a staff board',
      STAFF,
      (a) => col(a, 'posts').create({ board: the.staffBoard.id, author: idOf(as(a)), title: 'Plan' }),
    ],
    [
      'create with a staff-only tag',
      NOBODY,
      (a) =>
        col(a, 'posts').create({ board: the.publicBoard.id, author: idOf(as(a)), title: 'T', tags: [the.staffTag.id] }),
    ],
    [
      'update the member’s idea',
      allowed('member', 'moderator', 'admin'),
      (a) => col(a, 'posts').update(the.post.id, { title: `Edited by ${a}` }),
    ],
    ['update: pin', STAFF, (a) => col(a, 'posts').update(the.post.id, { pinned: true })],
    [
      'update: add a staff-only tag to posts.tags',
      NOBODY,
      (a) => col(a, 'posts').update(the.post.id, { tags: [the.staffTag.id] }),
    ],
    [
      'delete the member’s idea',
      allowed('member', 'moderator', 'admin'),
      async (a) => col(a, 'posts').delete((await freshPost()).id),
    ],
  ],
  post_staff_tags: [
    ['list', STAFF, (a) => listsIt(a, 'post_staff_tags', the.staffTags.id)],
    ['view', STAFF, (a) => col(a, 'post_staff_tags').getOne(the.staffTags.id)],
    [
      'create',
      STAFF,
      async (a) => col(a, 'post_staff_tags').create({ post: (await freshPost()).id, tags: [the.staffTag.id] }),
    ],
    [
      'create with a public tag',
      NOBODY,
      async (a) => col(a, 'post_staff_tags').create({ post: (await freshPost()).id, tags: [the.publicTag.id] }),
    ],
    ['update', STAFF, (a) => col(a, 'post_staff_tags').update(the.staffTags.id, { tags: [the.staffTag.id] })],
    [
      'delete',
      STAFF,
      async (a) =>
        col(a, 'post_staff_tags').delete((await byAdmin('post_staff_tags', { post: (await freshPost()).id })).id),
    ],
  ],
  votes: [
    ['list the member’s vote', allowed('member', 'moderator', 'admin'), (a) => listsIt(a, 'votes', the.vote.id)],
    [
      'create as oneself',
      ACTIVE,
      async (a) => col(a, 'votes').create({ post: (await freshPost()).id, user: idOf(as(a)) }),
    ],
    [
      'create for someone else',
      NOBODY,
      async (a) => col(a, 'votes').create({ post: (await freshPost()).id, user: victim }),
    ],
    ['update', NOBODY, (a) => col(a, 'votes').update(the.vote.id, { post: the.post.id })],
    [
      'delete the member’s vote',
      allowed('member'),
      async (a) =>
        col(a, 'votes').delete((await byAdmin('votes', { post: (await freshPost()).id, user: idOf(member()) })).id),
    ],
    // A take-back as the site sends it: its answer carries the idea's count (server/cmd/pocketbase/votes.go takeBack).
    [
      'take back the member’s vote, answered with the idea’s count',
      allowed('member'),
      async (a) => takeBack(a, (await byAdmin('votes', { post: (await freshPost()).id, user: idOf(member()) })).id),
    ],
    [
      'take back another member’s vote',
      NOBODY,
      async (a) => takeBack(a, (await byAdmin('votes', { post: (await freshPost()).id, user: victim })).id),
    ],
    ['take back a forged vote id', NOBODY, (a) => takeBack(a, 'forgedvote00000')],
    ['take back the member’s vote with a forged id', NOBODY, (a) => takeBack(a, `${the.vote.id}' || '1'='1`)],
  ],
  comments: [
    ['list a public comment', EVERYONE, (a) => listsIt(a, 'comments', the.comment.id)],
    ['list an internal comment', STAFF, (a) => listsIt(a, 'comments', the.internal.id)],
    ['view a hidden comment', allowed('member', 'moderator', 'admin'), (a) => col(a, 'comments').getOne(the.hidden.id)],
    ['create', ACTIVE, (a) => col(a, 'comments').create({ post: the.post.id, author: idOf(as(a)), body: 'Hi' })],
    [
      'create an internal note',
      STAFF,
      (a) => col(a, 'comments').create({ post: the.post.id, author: idOf(as(a)), body: 'Note', internal: true }),
    ],
    [
      'reply to a public comment',
      ACTIVE,
      (a) => col(a, 'comments').create({ post: the.post.id, author: idOf(as(a)), body: 'Re', parent: the.comment.id }),
    ],
    [
      'reply to an internal comment',
      STAFF,
      (a) => col(a, 'comments').create({ post: the.post.id, author: idOf(as(a)), body: 'Re', parent: the.internal.id }),
    ],
    [
      'reply to a hidden comment',
      STAFF,
      (a) => col(a, 'comments').create({ post: the.post.id, author: idOf(as(a)), body: 'Re', parent: the.hidden.id }),
    ],
    [
      'update the member’s text',
      allowed('member'),
      (a) => col(a, 'comments').update(the.comment.id, { body: `Edited by ${a}` }),
    ],
    [
      'update: hide',
      STAFF,
      async (a) => col(a, 'comments').update((await createComment(pb, the.post, member())).id, { hidden: true }),
    ],
    [
      'delete the member’s comment',
      allowed('member', 'moderator', 'admin'),
      async (a) => col(a, 'comments').delete((await createComment(pb, the.post, member())).id),
    ],
  ],
  reactions: [
    ['list one on a public comment', EVERYONE, (a) => listsIt(a, 'reactions', the.reaction.id)],
    [
      'list one on a hidden comment',
      allowed('member', 'moderator', 'admin'),
      (a) => listsIt(a, 'reactions', the.hiddenReaction.id),
    ],
    [
      'view one on a hidden comment',
      allowed('member', 'moderator', 'admin'),
      (a) => col(a, 'reactions').getOne(the.hiddenReaction.id),
    ],
    ['create', ACTIVE, (a) => col(a, 'reactions').create({ comment: the.comment.id, user: idOf(as(a)), emoji: '🎉' })],
    [
      'create on a hidden comment',
      STAFF,
      (a) => col(a, 'reactions').create({ comment: the.hidden.id, user: idOf(as(a)), emoji: '🎉' }),
    ],
    [
      'create on an internal comment',
      STAFF,
      (a) => col(a, 'reactions').create({ comment: the.internal.id, user: idOf(as(a)), emoji: '🎉' }),
    ],
    ['update', NOBODY, (a) => col(a, 'reactions').update(the.reaction.id, { emoji: '❤️' })],
    [
      'delete the member’s reaction',
      allowed('member'),
      async (a) =>
        col(a, 'reactions').delete(
          (
            await byAdmin('reactions', {
              comment: (await createComment(pb, the.post, member())).id,
              user: idOf(member()),
              emoji: '😄',
            })
          ).id,
        ),
    ],
  ],
  subscriptions: [
    [
      'list the member’s',
      allowed('member'),
      async (a) =>
        listsIt(
          a,
          'subscriptions',
          (
            await pb.admin
              .collection('subscriptions')
              .getFirstListItem(`post = "${the.post.id}" && user = "${idOf(member())}"`)
          ).id,
        ),
    ],
    [
      'create as oneself',
      ACTIVE,
      async (a) =>
        col(a, 'subscriptions').create({
          post: (await byAdmin('posts', { board: the.publicBoard.id, author: victim, title: 'Theirs', approved: true }))
            .id,
          user: idOf(as(a)),
        }),
    ],
    [
      'create on a staff-board idea',
      STAFF,
      async (a) =>
        col(a, 'subscriptions').create({
          post: (await byAdmin('posts', { board: the.staffBoard.id, author: victim, title: 'Theirs', approved: true }))
            .id,
          user: idOf(as(a)),
        }),
    ],
    [
      'delete the member’s',
      allowed('member'),
      async (a) =>
        col(a, 'subscriptions').delete(
          (await pb.admin.collection('subscriptions').getFirstListItem(`post = "${(await freshPost()).id}"`)).id,
        ),
    ],
  ],
  status_events: [
    ['list a public idea’s', EVERYONE, (a) => listsIt(a, 'status_events', the.event.id)],
    ['list a staff-board idea’s', STAFF, (a) => listsIt(a, 'status_events', the.staffEvent.id)],
    ['create', NOBODY, (a) => col(a, 'status_events').create({ post: the.post.id, note: 'forged' })],
    ['update', NOBODY, (a) => col(a, 'status_events').update(the.event.id, { note: 'forged' })],
    ['delete', NOBODY, (a) => col(a, 'status_events').delete(the.event.id)],
  ],
  changelog_entries: [
    ['list a published entry', EVERYONE, (a) => listsIt(a, 'changelog_entries', the.published.id)],
    ['view a draft', STAFF, (a) => col(a, 'changelog_entries').getOne(the.draft.id)],
    ['create a draft', STAFF, (a) => col(a, 'changelog_entries').create(newEntry())],
    ['update a draft', STAFF, (a) => col(a, 'changelog_entries').update(the.draft.id, { body: `By ${a}` })],
    [
      'delete a draft',
      STAFF,
      async (a) => col(a, 'changelog_entries').delete((await byAdmin('changelog_entries', newEntry())).id),
    ],
  ],
  notifications: [
    ['list the member’s', allowed('member'), (a) => listsIt(a, 'notifications', the.notification.id)],
    ['create', NOBODY, (a) => col(a, 'notifications').create({ user: idOf(as(a)), kind: 'comment' })],
    [
      'update: mark read',
      allowed('member'),
      (a) => col(a, 'notifications').update(the.notification.id, { read_at: new Date().toISOString() }),
    ],
    ['update: change its kind', NOBODY, (a) => col(a, 'notifications').update(the.notification.id, { kind: 'merge' })],
    [
      'delete the member’s',
      allowed('member'),
      async (a) =>
        col(a, 'notifications').delete((await byAdmin('notifications', { user: idOf(member()), kind: 'comment' })).id),
    ],
  ],
};

for (const [collection, scenarios] of Object.entries(SCENARIOS)) {
  describe(collection, () => {
    it.each(scenarios)('%s', (_name, expected, run) => expectAccess(run, expected));
  });
}
