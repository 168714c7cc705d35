// The rest of the browser stores against a real PocketBase, each through its Result: the action
// contract itself, the session, forms (auth, account, composer, edit, site settings, changelog),
// notifications, staff and admin actions (optimistic, rolled back with a toast), and the live lists
// (counts, new ideas, roadmap, releases).
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';
import { holdAnswers, openTab, type Tab, waitFor } from './tab';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let status: Record<string, string>;
const tabs: Tab[] = [];
const stops: (() => void)[] = [];

async function tab(as?: keyof Actors): Promise<Tab> {
  const opened = await openTab(pb.url, as ? actors[as] : undefined);
  tabs.push(opened);
  return opened;
}

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  const statuses = await pb.admin.collection('statuses').getFullList();
  status = Object.fromEntries(statuses.map((s) => [s.slug, s.id]));
});
afterAll(async () => {
  for (const stop of stops) stop();
  for (const t of tabs) t.close();
  await pb?.stop();
});

describe('the action contract', () => {
  it('applies at once, keeps the change on success, and undoes it with one toast on refusal', async () => {
    const t = await tab('member');
    const shown: string[] = [];
    const ok = await t.action.act({
      apply: () => {
        shown.push('applied');
        return () => shown.push('undone');
      },
      send: async () => 42,
      confirm: (value) => shown.push(`confirmed ${value}`),
      failure: 'Not done.',
    });
    expect(ok).toEqual({ ok: true, value: 42 });
    expect(shown).toEqual(['applied', 'confirmed 42']);
    const refused = await t.action.act({
      apply: () => () => shown.push('undone'),
      send: () => actors.member.collection('site').update('nope', { name: 'x' }),
      failure: 'Not done.',
    });
    expect(refused).toEqual({ ok: false, error: { kind: 'not-found', message: 'That could not be found.' } });
    expect(shown.at(-1)).toBe('undone');
    expect(t.toast.$toast.get()?.message).toBe('Not done. That could not be found.');
  });

  it('a change clock lets an answer through only for keys unchanged since it was asked for', async () => {
    const t = await tab();
    const clock = t.action.createChangeClock();
    const mark = clock.mark();
    clock.touch('a');
    expect(clock.unchangedSince('a', mark)).toBe(false);
    expect(clock.unchangedSince('b', mark)).toBe(true);
    expect(clock.unchangedSince('a', clock.mark())).toBe(true);
  });
});

describe('session and auth', () => {
  it('signs in with a password and the session follows; a wrong password says so next to nothing', async () => {
    const t = await tab();
    const email = actors.member.authStore.record?.email as string;
    const wrong = await t.auth.signInWithPassword(email, 'wrong password');
    expect(wrong).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        message:
          'That email and password do not match a confirmed account. Just signed up? Confirm your email first with the code or link we sent you.',
        fields: {},
      },
    });
    const stop = t.session.$session.listen(() => {});
    stops.push(stop);
    expect((await t.auth.signInWithPassword(email, TEST_PASSWORD)).ok).toBe(true);
    expect(t.session.$session.get()?.id).toBe(idOf(actors.member));
    expect(t.viewer.getViewer()?.id).toBe(idOf(actors.member));
    t.session.signOut();
    expect(t.session.$session.get()).toBeNull();
  });
});

describe('forms', () => {
  it('account settings save, and a bad unsubscribe token is refused', async () => {
    const t = await tab('other member');
    const data = new FormData();
    data.set('name', 'Renamed Other');
    const saved = await t.account.saveAccount(idOf(actors['other member']), data);
    expect(saved.ok && saved.value.name).toBe('Renamed Other');
    expect((await t.account.unsubscribeWith('not-a-token')).ok).toBe(false);
  });

  it('the composer keeps the draft, explains a missing title, clears it when fixed, then posts', async () => {
    const t = await tab('member');
    t.composer.openComposer(board.id);
    t.composer.updateDraft({ body: 'Only a body' });
    const missing = await t.composer.submitIdea();
    expect(missing.ok).toBe(false);
    expect(t.composer.$errors.get().title).toBe('Give your idea a title.');
    t.composer.openComposer(board.id);
    expect(t.composer.$draft.get()).toEqual({ title: '', body: 'Only a body' });
    t.composer.updateDraft({ title: 'Fixed' });
    expect(t.composer.$errors.get().title).toBeUndefined();
    t.composer.updateDraft({ title: 'A store-made idea' });
    const posted = await t.composer.submitIdea();
    if (!posted.ok) throw new Error(posted.error.message);
    expect((await pb.admin.collection('posts').getOne(posted.value)).title).toBe('A store-made idea');
    expect(t.draft.hasDraft(board.id)).toBe(false);
  });

  it('a blocked member’s idea is refused with the reason, and nothing typed is lost', async () => {
    const t = await tab('blocked member');
    t.composer.openComposer(board.id);
    t.composer.updateDraft({ title: 'Blocked idea' });
    expect((await t.composer.submitIdea()).ok).toBe(false);
    expect(t.composer.$errors.get().form).toBe(t.viewer.blockedMessage());
    expect(t.composer.$draft.get().title).toBe('Blocked idea');
  });

  it('an author edits their idea; someone else’s edit is refused with a message', async () => {
    const post = await createPost(pb, board, actors.member);
    const author = await tab('member');
    expect((await author.postEditor.saveIdea(post.id, 'Better title', 'Body')).ok).toBe(true);
    expect((await pb.admin.collection('posts').getOne(post.id)).title).toBe('Better title');
    expect((await author.postEditor.saveIdea(post.id, ' ', 'Body')).ok).toBe(false);
    expect(author.postEditor.$editErrors.get().title).toBe('Give your idea a title.');
    author.postEditor.clearEditError('title');
    expect(author.postEditor.$editErrors.get().title).toBeUndefined();
    const other = await tab('other member');
    expect((await other.postEditor.saveIdea(post.id, 'Hijacked', 'x')).ok).toBe(false);
    expect(other.postEditor.$editErrors.get().form).toMatch(/^Not saved: /);
    expect((await pb.admin.collection('posts').getOne(post.id)).title).toBe('Better title');
  });

  it('admins save site settings and changelog entries; members are refused', async () => {
    const admin = await tab('admin');
    const member = await tab('member');
    const id = (await pb.admin.collection('site').getFirstListItem('')).id;
    const tagline = new FormData();
    tagline.set('tagline', 'Tested tagline');
    expect((await admin.siteSettings.saveSiteSettings(id, tagline)).ok).toBe(true);
    expect((await member.siteSettings.saveSiteSettings(id, tagline)).ok).toBe(false);
    const entry = new FormData();
    entry.set('title', 'Release one');
    entry.set('slug', `release-${Date.now().toString(36)}`);
    entry.set('state', 'draft');
    const saved = await admin.changelog.saveChangelogEntry(null, entry);
    expect(saved.ok && saved.value.title).toBe('Release one');
    expect((await member.changelog.saveChangelogEntry(null, entry)).ok).toBe(false);
  });
});

describe('notifications', () => {
  it('the unread count is live; marking read is optimistic', async () => {
    const t = await tab('member');
    stops.push(t.notifications.followNotifications());
    await t.live();
    const post = await createPost(pb, board, actors.member);
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Hi' });
    await waitFor(() => t.notifications.$unreadCount.get() >= 1);
    await t.notifications.loadNotifications();
    const unread = (t.notifications.$notifications.get() ?? []).filter((n) => !n.read_at).length;
    expect(t.notifications.$unreadCount.get()).toBe(unread);
    expect((await t.notifications.markAllNotificationsRead()).ok).toBe(true);
    expect(t.notifications.$unreadCount.get()).toBe(0);
    expect(await actors.member.collection('notifications').getFullList({ filter: 'read_at = ""' })).toHaveLength(0);
  });

  it('two reads of the unread count that land out of order: the newer count stays', async () => {
    const t = await tab('member');
    stops.push(t.notifications.followNotifications());
    await t.live();
    const post = await createPost(pb, board, actors['other member']);
    const notify = () =>
      pb.admin.collection('notifications').create({ user: idOf(actors.member), kind: 'comment', post: post.id });
    const unread = async () =>
      (await actors.member.collection('notifications').getFullList({ filter: 'read_at = ""', fields: 'id' })).length;
    // The count read after the first notification is answered, then held on its way to the tab (the list is not
    // shown: the tab reads nothing else of notifications)…
    let armed = true;
    const late = holdAnswers(t.client, (url) => {
      if (!url.endsWith('/collections/notifications/records') || !armed) return false;
      armed = false;
      return true;
    });
    await notify();
    await late.answered;
    // …while the one after the second lands first.
    await notify();
    const now = await unread();
    await waitFor(() => t.notifications.$unreadCount.get() === now);
    late.release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.notifications.$unreadCount.get()).toBe(now);
  });
});

describe('a sign-in changed by another tab', () => {
  it('moves the live stream to the new member: their unread count comes in, then keeps up live', async () => {
    const t = await tab('member');
    stops.push(t.notifications.followNotifications());
    await t.live();
    const other = actors['other member'];
    const post = await createPost(pb, board, other);
    const unread = async () =>
      (await other.collection('notifications').getFullList({ filter: 'read_at = ""', fields: 'id' })).length;
    // Another tab signs in as someone else: this tab's client changes in place (the SDK keeps it in localStorage).
    t.client.authStore.save(other.authStore.token, other.authStore.record);
    await actors.member
      .collection('comments')
      .create({ post: post.id, author: idOf(actors.member), body: 'Seen by the new sign-in' });
    const first = await unread();
    expect(first).toBeGreaterThan(0);
    // The stream is opened again as them, and the stores fetch what they see…
    await waitFor(() => t.realtime.$subscribed.get() && t.notifications.$unreadCount.get() === first);
    // …and what comes for them next arrives live (a stream still bound to the first member would carry none of it).
    // (Another idea of theirs: comments on one idea they have not read yet make one notification.)
    const next = await createPost(pb, board, other);
    await actors.member.collection('comments').create({ post: next.id, author: idOf(actors.member), body: 'And live' });
    const second = await unread();
    expect(second).toBe(first + 1);
    await waitFor(() => t.notifications.$unreadCount.get() === second);
  });
});

describe('staff and admin', () => {
  it('a status change shows at once and stays; a member’s is rolled back with a toast', async () => {
    const post = await createPost(pb, board, actors.member);
    const state = {
      id: post.id,
      status: status.open ?? '',
      response: '',
      tags: [],
      pinned: false,
      locked: false,
      approved: true,
    };
    const staff = await tab('moderator');
    staff.staff.startStaffPost(state);
    const changed = staff.staff.changeStatus(status.planned ?? '', 'Soon');
    expect(staff.staff.$staffPost.get()?.status).toBe(status.planned);
    expect((await changed).ok).toBe(true);
    expect((await pb.admin.collection('posts').getOne(post.id)).status).toBe(status.planned);
    const member = await tab('member');
    member.staff.startStaffPost(state);
    expect((await member.staff.setFlag('pinned', true)).ok).toBe(false);
    expect(member.staff.$staffPost.get()?.pinned).toBe(false);
    expect(member.toast.$toast.get()).not.toBeNull();
  });

  it('staff record a customer’s vote and are told in words', async () => {
    const post = await createPost(pb, board, actors.member);
    const staff = await tab('moderator');
    staff.staff.startStaffPost({
      id: post.id,
      status: '',
      response: '',
      tags: [],
      pinned: false,
      locked: false,
      approved: true,
    });
    const email = `customer-${Date.now().toString(36)}@example.com`;
    const result = await staff.staff.voteForCustomer(email);
    expect(result).toEqual({ ok: true, value: expect.stringMatching(/^Vote recorded for .* \(new account\)\.$/) });
    expect((await staff.staff.voteForCustomer('not an email')).ok).toBe(false);
  });

  it('the queue and members change optimistically and roll back when refused', async () => {
    const queued = await createPost(pb, board, actors.member, { approved: false });
    const staff = await tab('moderator');
    staff.moderation.$queue.set([{ id: queued.id, title: 'Q', board: board.id, author: idOf(actors.member) }]);
    expect((await staff.moderation.decideQueued(queued.id, true)).ok).toBe(true);
    expect(staff.moderation.$queue.get()).toEqual([]);
    expect((await pb.admin.collection('posts').getOne(queued.id)).approved).toBe(true);
    const row = { id: idOf(actors['other member']), name: 'Other', email: '', role: 'member' as const, blocked: false };
    staff.moderation.$members.set([row]);
    // Only admins change roles: the moderator's try is rolled back.
    expect((await staff.moderation.changeMember(row.id, { role: 'admin' })).ok).toBe(false);
    expect(staff.moderation.$members.get()).toEqual([row]);
  });

  it('admins add, reorder and delete tags; the list rolls back a refused change', async () => {
    const admin = await tab('admin');
    admin.admin.$adminRows.set([]);
    const added = await admin.admin.addAdminRow('tags', { name: `tag-${Date.now().toString(36)}`, color: '#123456' });
    if (!added.ok) throw new Error(added.error.message);
    expect(admin.admin.$adminRows.get()).toHaveLength(1);
    const member = await tab('member');
    member.admin.$adminRows.set([added.value]);
    expect((await member.admin.removeAdminRow('tags', added.value.id)).ok).toBe(false);
    expect(member.admin.$adminRows.get()).toEqual([added.value]);
    expect((await admin.admin.removeAdminRow('tags', added.value.id)).ok).toBe(true);
    expect(admin.admin.$adminRows.get()).toEqual([]);
  });
});

describe('live lists', () => {
  it('counts and statuses of shown ideas follow the server; new ideas are counted per board', async () => {
    const t = await tab();
    const post = await createPost(pb, board, actors.member);
    t.posts.trackPost(post.id, { vote_count: 0, comment_count: 0, status: status.open ?? '', locked: false });
    stops.push(t.posts.$posts.listen(() => {}));
    const fresh = t.posts.newIdeasOn(board.id);
    stops.push(fresh.listen(() => {})); // shown, as the "N new ideas" bar shows it
    await t.live();
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Hi' });
    await pb.admin.collection('posts').update(post.id, { status: status.planned });
    await waitFor(() => t.posts.$posts.get()[post.id]?.status === status.planned);
    expect(t.posts.$posts.get()[post.id]?.comment_count).toBe(1);
    await createPost(pb, board, actors.member);
    await waitFor(() => fresh.get() === 1);
  });

  it('the roadmap moves a card between columns and says so; releases announce themselves', async () => {
    const t = await tab();
    const post = await createPost(pb, board, actors.member, { status: status.planned });
    const columns = [
      { id: status.planned ?? '', name: 'Planned', slug: 'planned' },
      { id: status['in-progress'] ?? '', name: 'In progress', slug: 'in-progress' },
    ];
    stops.push(t.roadmap.followRoadmap(columns, []));
    t.releases.watchReleases();
    await t.live();
    await pb.admin.collection('posts').update(post.id, { status: status['in-progress'] });
    await waitFor(() => t.roadmap.$roadmapCards.get()?.some((c) => c.id === post.id) ?? false);
    expect(t.roadmap.$roadmapAnnouncement.get()).toBe('An idea moved to In progress.');
    const slug = `live-${Date.now().toString(36)}`;
    await pb.admin
      .collection('changelog_entries')
      .create({ title: 'Live release', slug, state: 'published', published_at: new Date().toISOString() });
    await waitFor(() => t.releases.$newReleases.get()[0]?.slug === slug);
    // A second release a moment later is announced too, above the first; each leaves on its own.
    const next = `${slug}-next`;
    await pb.admin
      .collection('changelog_entries')
      .create({ title: 'Next release', slug: next, state: 'published', published_at: new Date().toISOString() });
    await waitFor(() => t.releases.$newReleases.get().length === 2);
    expect(t.releases.$newReleases.get().map((r) => r.slug)).toEqual([next, slug]);
    t.releases.dismissRelease(next);
    expect(t.releases.$newReleases.get().map((r) => r.slug)).toEqual([slug]);
  });
});
