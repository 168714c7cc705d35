// The changelog (access, publishing notifies and can mark ideas Done), emails for opted-in members
// with a working unsubscribe link, and the moderation queue.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
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

type Mail = { to: string; subject: string; text: string };
const APP_URL = 'http://chorus.test';
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let actors: Actors;
let board: RecordModel;
beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: APP_URL });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const emailOf = (client: PocketBase) => String(client.authStore.record?.email);
const slug = () => `release-${Math.random().toString(36).slice(2, 8)}`;
const vote = (who: PocketBase, post: RecordModel) => who.collection('votes').create({ post: post.id, user: idOf(who) });

describe('changelog entries access', () => {
  it.each(ACTORS)('%s: read drafts and published entries, write entries', async (name) => {
    const draft = await pb.admin.collection('changelog_entries').create({ title: 'D', slug: slug(), state: 'draft' });
    const live = await pb.admin
      .collection('changelog_entries')
      .create({ title: 'P', slug: slug(), state: 'published' });
    const entries = actors[name].collection('changelog_entries');
    const staff = allowed('moderator', 'admin')[name];
    expect(await attempt(() => entries.getOne(live.id))).toBe(true);
    expect(await attempt(() => entries.getOne(draft.id))).toBe(staff);
    expect(await attempt(() => entries.create({ title: 'New', slug: slug(), state: 'draft' }))).toBe(staff);
    expect(await attempt(() => entries.update(draft.id, { title: 'Renamed' }))).toBe(staff);
    expect(await attempt(() => entries.delete(draft.id))).toBe(staff);
  });
  it('published_at is set by the server, never by the client', async () => {
    const entries = actors.moderator.collection('changelog_entries');
    const fake = { title: 'Old', slug: slug(), state: 'published', published_at: '2020-01-01 00:00:00Z' };
    expect(await attempt(() => entries.create(fake))).toBe(false);
    const entry = await entries.create({ title: 'Now', slug: slug(), state: 'draft' });
    expect(entry.published_at).toBe('');
    expect((await entries.update(entry.id, { state: 'published' })).published_at).not.toBe('');
  });
});

describe('publishing a release', () => {
  it('notifies voters and followers of linked ideas once, by app and email, and marks them Done', async () => {
    const [voter, follower, both] = await Promise.all([pb.actor('member'), pb.actor('member'), pb.actor('member')]);
    const [a, b] = [await createPost(pb, board, actors.member), await createPost(pb, board, actors.member)];
    await Promise.all([vote(voter, a), vote(both, a), vote(both, b)]);
    await follower.collection('subscriptions').create({ post: b.id, user: idOf(follower) });
    const entries = actors.moderator.collection('changelog_entries');
    const entry = await entries.create({
      title: 'Dark mode',
      slug: slug(),
      state: 'draft',
      posts: [a.id, b.id],
      mark_done: true,
    });
    const none = await pb.admin.collection('notifications').getFullList({ filter: `entry = "${entry.id}"` });
    expect(none).toHaveLength(0);

    await entries.update(entry.id, { state: 'published' });
    const rows = await pb.admin.collection('notifications').getFullList({ filter: `entry = "${entry.id}"` });
    expect(rows.map((n) => n.user).sort()).toEqual([voter, follower, both, actors.member].map(idOf).sort());
    const done = await pb.admin.collection('statuses').getFirstListItem('slug = "done"');
    for (const idea of [a, b]) {
      expect((await pb.visitor().collection('posts').getOne(idea.id)).status).toBe(done.id);
      const events = await pb
        .visitor()
        .collection('status_events')
        .getFullList({ filter: `post = "${idea.id}"` });
      expect(events.map((e) => [e.to, e.actor])).toEqual([[done.id, idOf(actors.moderator)]]);
    }
    const email = await mail.waitFor((m: Mail) => m.to.includes(emailOf(voter)) && m.subject.includes('Dark mode'));
    expect(email.text).toContain(`${APP_URL}/p/${a.id}`);
    await entries.update(entry.id, { title: 'Dark mode!' }); // already published: nothing new
    expect(await pb.admin.collection('notifications').getFullList({ filter: `entry = "${entry.id}"` })).toHaveLength(4);
  });
});

describe('emails', () => {
  it('reach opted-in members only, and the unsubscribe link turns that kind off without signing in', async () => {
    const idea = await createPost(pb, board, actors.member);
    const [optedIn, optedOut] = await Promise.all([pb.actor('member'), pb.actor('member', { email_on_status: false })]);
    await Promise.all([vote(optedIn, idea), vote(optedOut, idea)]);
    const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
    await actors.admin.collection('posts').update(idea.id, { status: planned.id, response: 'Next quarter.' });

    const email = await mail.waitFor((m: Mail) => m.to.includes(emailOf(optedIn)) && m.text.includes(idea.id));
    expect(email.subject).toContain('Planned');
    expect(email.text).toContain('Next quarter.');
    expect(email.text).toContain(`${APP_URL}/p/${idea.id}`);
    expect(mail.messages.some((m: Mail) => m.to.includes(emailOf(optedOut)))).toBe(false);
    expect(mail.messages.some((m: Mail) => m.to.includes(emailOf(actors.admin)) && m.text.includes(idea.id))).toBe(
      false,
    );

    const link = email.text.match(/(http:\/\/chorus\.test\/settings\?unsubscribe=\S+)/)?.[1] ?? '';
    const token = decodeURIComponent(new URL(link).searchParams.get('unsubscribe') ?? '');
    const res = await pb.visitor().send('/api/chorus/unsubscribe', { method: 'POST', body: { token } });
    expect(res.preference).toBe('email_on_status');
    const user = await pb.admin.collection('users').getOne(idOf(optedIn));
    expect([user.email_on_status, user.email_on_comment]).toEqual([false, true]);
    // Only that kind is off: a comment still emails them, with its own unsubscribe link.
    await actors.member.collection('comments').create({ post: idea.id, author: idOf(actors.member), body: 'Thanks' });
    const commented = await mail.waitFor(
      (m: Mail) => m.to.includes(emailOf(optedIn)) && m.subject.startsWith('New comment'),
    );
    expect(commented.text).toContain(`${APP_URL}/settings?unsubscribe=`);
    const bad = { token: `${token.slice(0, -2)}xx` };
    expect(await attempt(() => pb.visitor().send('/api/chorus/unsubscribe', { method: 'POST', body: bad }))).toBe(
      false,
    );
  });
});

describe('moderation queue', () => {
  it('queued ideas are seen by their author and staff only, until approved', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await actors.admin.collection('site').update(site.id, { require_approval: true });
    try {
      const idea = await actors.member
        .collection('posts')
        .create({ board: board.id, author: idOf(actors.member), title: 'Q' });
      expect(idea.approved).toBe(false);
      const seen = async () =>
        Object.fromEntries(
          await Promise.all(
            ACTORS.map(async (name) => [name, await attempt(() => actors[name].collection('posts').getOne(idea.id))]),
          ),
        );
      expect(await seen()).toEqual(allowed('member', 'moderator', 'admin'));
      const queue = await actors.moderator.collection('posts').getFullList({ filter: 'approved = false' });
      expect(queue.map((p) => p.id)).toContain(idea.id);
      await actors.moderator.collection('posts').update(idea.id, { approved: true });
      expect(await seen()).toEqual(allowed(...ACTORS));
    } finally {
      await actors.admin.collection('site').update(site.id, { require_approval: false });
    }
  });
});
